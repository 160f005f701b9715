import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The Swift Ice Cream extension, as built, under a real msghostd per test: WWDC 2016's three
/// friends build one ice cream, each on their own iPhone.
@Suite(.serialized) struct IceCreamFlowTests {
    static let app = "com.example.icecream"

    /// The extension from the same build as this test (`ICECREAM_BINARY` to use another).
    static let iceCream = TestDaemon.App(
        bundleID: app, command: TestPaths.binary("IceCreamExtension", override: "ICECREAM_BINARY"), args: [],
        workingDirectory: "/")

    @Test func threePeopleBuildOneIceCreamAndTheFinishedStickerArrives() throws {
        // A wide terminate grace: the test checks that each extension exits by itself once
        // told to, which a loaded machine can take longer than the harness's 200 ms to show.
        try TestDaemon.with(
            apps: [Self.iceCream], world: .amberBenChris, settings: ["extensions.terminateGraceMs": "10000"]
        ) { daemon in
            let conversation = daemon.conversation
            func send(_ device: String) throws {
                try daemon.control(.send, InputFieldRequest(device: device, conversation: conversation))
            }
            func staged(_ device: String) throws -> TranscriptEntryValue? {
                try daemon.control(
                    .inputField, InputFieldRequest(device: device, conversation: conversation),
                    as: InputFieldResult.self
                ).staged
            }
            // Amber opens the app from the drawer (compact: the history), taps "+" (expanded:
            // the builder), taps the cone; the message waits in her input field until Send.
            #expect(try daemon.open(Self.app, on: "amber-iphone").presentationStyle == .compact)
            try daemon.settle()
            try daemon.tapScreen("amber-iphone", label: "Create a new ice cream")
            try daemon.settle()
            try daemon.tapScreen("amber-iphone", label: "A cone")
            #expect(try staged("amber-iphone")?.rendered?.caption == "Let's build an ice cream")
            try send("amber-iphone")

            // Ben taps Amber's bubble and adds the scoops; Chris taps Ben's and adds the topping.
            for (device, part) in [("ben-iphone", "Vanilla scoops"), ("chris-iphone", "Chocolate sauce")] {
                let last = try #require(try daemon.transcript(device).last)
                let tap = try daemon.control(
                    .tap, TapRequest(device: device, conversation: conversation, entry: last.entry), as: TapResult.self)
                #expect(tap.action == "selected")
                try daemon.settle()
                try daemon.tapScreen(device, label: part)
                try send(device)
            }
            // Sending the finished ice cream staged its sticker in Chris's input field.
            try daemon.settle()
            let sticker = try #require(try staged("chris-iphone"))
            #expect(sticker.kind == "sticker")
            try send("chris-iphone")

            // Every device: the earlier steps collapsed into their summaries, with that device's
            // contact names; the finished ice cream; its sticker.
            for device in ["amber-iphone", "ben-iphone", "chris-iphone"] {
                let entries = try daemon.transcript(device)
                #expect(entries.map(\.kind) == ["summary", "summary", "message", "sticker"], "\(device)")
                #expect(
                    entries.prefix(2).map(\.text) == ["Amber chose a cone", "Ben added vanilla scoops"], "\(device)")
                #expect(entries[2].rendered?.caption == "Our finished ice cream")
                #expect(entries[2].rendered?.subcaption == "vanilla scoops on a cone with chocolate sauce")
                #expect(entries[2].rendered?.summaryText == "Chris finished it with chocolate sauce")
                #expect(
                    entries[2].message?.url == "https://icecream.example/?base=cone&scoops=vanilla&topping=chocolate")
                #expect(entries[3].text == "An ice cream: vanilla scoops on a cone with chocolate sauce")
                #expect(entries[3].senderName == "Chris")
            }
            // The sticker is the real 400×400 PNG the extension drew.
            let file = try #require(try daemon.transcript("amber-iphone").last?.file)
            #expect(file.mediaType == "image/png")
            let png = try Data(contentsOf: try #require(URL(string: file.url)))
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(Array(png[16..<24]) == [0, 0, 1, 0x90, 0, 0, 1, 0x90])
            #expect(png.count <= 500 * 1024)
            // Each extension was told to terminate once idle (Chris's after it dismissed itself
            // with the sticker staged), answered, and exited with status 0.
            try daemon.eventually("every extension has terminated", timeout: 20) {
                try daemon.events(kind: "terminated").count == 3
            }
            #expect(try daemon.events(kind: "terminated").allSatisfy { $0.detail == "idle; exited(0)" })
        }
    }
    /// What each child view controller's screen shows, as a test reads it: the history's "+",
    /// the builder's prompt, the ice cream so far and one cell per option, by accessibility label.
    @Test func eachChildControllersScreenListsWhatItShows() throws {
        try TestDaemon.with(apps: [Self.iceCream], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            try daemon.open(Self.app, on: "amber-iphone")
            try daemon.settle()
            let history = try daemon.screenItems("amber-iphone")
            #expect(
                history.map(\.label) == ["Create a new ice cream"],
                "the cell is an accessibility element: its \"+\" is not listed apart")
            #expect(history.first.map { [$0.x, $0.y, $0.width, $0.height] } == [12, 12, 100, 100])
            try daemon.tapScreen("amber-iphone", label: "Create a new ice cream")
            try daemon.settle()
            let building = try daemon.view("amber-iphone")
            #expect(building.presentationStyle == .expanded)
            let bases = try daemon.screenItems("amber-iphone")
            #expect(bases.compactMap(\.label) == ["Choose a base", "A cone", "A waffle cone", "A cup"])
            try daemon.tapScreen("amber-iphone", label: "A cone")
            try daemon.control(.send, InputFieldRequest(device: "amber-iphone", conversation: conversation))

            // Ben taps it: the builder shows the cone so far and the scoops.
            let last = try #require(try daemon.transcript("ben-iphone").last)
            try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: last.entry),
                as: TapResult.self)
            try daemon.settle()
            let scoops = try daemon.screenItems("ben-iphone")
            #expect(
                scoops.compactMap(\.label) == [
                    "Choose the scoops", "An ice cream: a cone", "Vanilla scoops", "Chocolate scoops",
                    "Strawberry scoops", "Mint scoops",
                ])
            try daemon.tapScreen("ben-iphone", label: "Mint scoops")
            let staged = try daemon.control(
                .inputField, InputFieldRequest(device: "ben-iphone", conversation: conversation),
                as: InputFieldResult.self
            ).staged
            #expect(staged?.rendered?.subcaption == "mint scoops on a cone")
        }
    }

    /// The finished ice cream's "Send": one tap sends the sticker and stages the text, so the
    /// app asks for no second send the tap would not allow (nothing is refused).
    @Test func sendOnTheFinishedIceCreamSendsOneThingATap() throws {
        try TestDaemon.with(apps: [Self.iceCream], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            try daemon.open(Self.app, on: "amber-iphone")
            try daemon.settle()
            try daemon.tapScreen("amber-iphone", label: "Create a new ice cream")
            for part in ["A cup", "Strawberry scoops", "A cherry"] {
                try daemon.settle()
                try daemon.tapScreen("amber-iphone", label: part)
                try daemon.control(.send, InputFieldRequest(device: "amber-iphone", conversation: conversation))
                try daemon.settle()
                if part != "A cherry" {
                    let last = try #require(try daemon.transcript("amber-iphone").last)
                    try daemon.control(
                        .tap, TapRequest(device: "amber-iphone", conversation: conversation, entry: last.entry),
                        as: TapResult.self)
                }
            }
            // Ben opens the finished one: its sticker and Send.
            let finished = try #require(try daemon.transcript("ben-iphone").last)
            try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: finished.entry),
                as: TapResult.self)
            try daemon.settle()
            let items = try daemon.screenItems("ben-iphone")
            #expect(
                items.compactMap(\.label) == [
                    "Our finished ice cream", "An ice cream: strawberry scoops on a cup with a cherry", "Send",
                ])
            let before = try daemon.transcript("amber-iphone").count
            try daemon.tapScreen("ben-iphone", label: "Send")
            try daemon.eventually("the text staged") {
                try daemon.control(
                    .inputField, InputFieldRequest(device: "ben-iphone", conversation: conversation),
                    as: InputFieldResult.self
                ).staged?.text
                    == "Our ice cream: strawberry scoops on a cup with a cherry"
            }
            let arrived = try daemon.transcript("amber-iphone")
            #expect(arrived.count == before + 1 && arrived.last?.kind == "sticker" && arrived.last?.senderName == "Ben")
            #expect(try daemon.events(kind: "sendRefused").isEmpty)
            // Set from the insert's completion, outside any callback: shown all the same.
            try daemon.eventually("the app's word on its screen") {
                try daemon.screenItems("ben-iphone").last?.label == "Sticker sent; the text waits in the input field"
            }
        }
    }
}
