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
        bundleID: app, command: TestPaths.binary("IceCreamExtension", override: "ICECREAM_BINARY"), args: [], workingDirectory: "/")

    @Test func threePeopleBuildOneIceCreamAndTheFinishedStickerArrives() throws {
        try TestDaemon.with(apps: [Self.iceCream], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            func send(_ device: String) throws {
                try daemon.control(.send, InputFieldRequest(device: device, conversation: conversation))
            }
            func staged(_ device: String) throws -> TranscriptEntryValue? {
                try daemon.control(.inputField, InputFieldRequest(device: device, conversation: conversation), as: InputFieldResult.self).staged
            }
            // Amber opens the app from the drawer (compact: the history), taps "+" (expanded:
            // the builder), picks a cone; the message waits in her input field until Send.
            #expect(try daemon.open(Self.app, on: "amber-iphone").presentationStyle == .compact)
            try daemon.touch("amber-iphone", payload: .object(["add": .bool(true)]))
            try daemon.touch("amber-iphone", payload: .object(["pick": .string("cone")]))
            #expect(try staged("amber-iphone")?.rendered?.caption == "Let's build an ice cream")
            try send("amber-iphone")

            // Ben taps Amber's bubble and adds the scoops; Chris taps Ben's and adds the topping.
            for (device, pick) in [("ben-iphone", "vanilla"), ("chris-iphone", "chocolate")] {
                let last = try #require(try daemon.transcript(device).last)
                let tap = try daemon.control(.tap, TapRequest(device: device, conversation: conversation, entry: last.entry), as: TapResult.self)
                #expect(tap.action == "selected")
                try daemon.touch(device, payload: .object(["pick": .string(pick)]))
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
                #expect(entries.prefix(2).map(\.text) == ["Amber chose a cone", "Ben added vanilla scoops"], "\(device)")
                #expect(entries[2].rendered?.caption == "Our finished ice cream")
                #expect(entries[2].rendered?.subcaption == "vanilla scoops on a cone with chocolate sauce")
                #expect(entries[2].rendered?.summaryText == "Chris finished it with chocolate sauce")
                #expect(entries[2].message?.url == "https://icecream.example/?base=cone&scoops=vanilla&topping=chocolate")
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
            try daemon.eventually("every extension has terminated") { try daemon.events(kind: "terminated").count == 3 }
            #expect(try daemon.events(kind: "terminated").allSatisfy { $0.detail == "idle; exited(0)" })
        }
    }
    /// The buttons of the app's view (what msghost-web draws), by id.
    static func buttons(_ daemon: TestDaemon, on device: String) throws -> [String] {
        func ids(_ elements: [ViewElement]) -> [String] {
            elements.flatMap { element -> [String] in
                switch element {
                case .button(let id, _, _, _): [id]
                case .row(let children): ids(children)
                default: []
                }
            }
        }
        return ids(try daemon.view(device).view?.elements ?? [])
    }

    @Test func theViewsButtonsBuildTheIceCreamAsTouchesDid() throws {
        try TestDaemon.with(apps: [Self.iceCream], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            // Amber: the history's "+" (compact), then the builder's bases (expanded).
            try daemon.open(Self.app, on: "amber-iphone")
            try daemon.settle()
            #expect(try Self.buttons(daemon, on: "amber-iphone") == ["add"])
            try daemon.activate("amber-iphone", button: "add")
            try daemon.settle()
            let building = try daemon.view("amber-iphone")
            #expect(building.presentationStyle == .expanded)
            #expect(building.view?.elements.first == .text("Choose a base", style: .headline))
            #expect(try Self.buttons(daemon, on: "amber-iphone") == ["base-cone", "base-waffle", "base-cup"])
            try daemon.activate("amber-iphone", button: "base-cone")
            try daemon.control(.send, InputFieldRequest(device: "amber-iphone", conversation: conversation))

            // Ben taps it: the builder shows the cone so far (its image stored) and the scoops.
            let last = try #require(try daemon.transcript("ben-iphone").last)
            try daemon.control(.tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: last.entry), as: TapResult.self)
            try daemon.settle()
            let scoops = try #require(try daemon.view("ben-iphone").view?.elements)
            #expect(scoops.first == .text("Choose the scoops", style: .headline))
            guard case .image(let image, let label, _, _) = scoops[1] else { throw TestDaemonError(description: "no image of the cone: \(scoops)") }
            #expect(label == "a cone")
            let png = try Data(contentsOf: try #require(image.url.flatMap(URL.init(string:))))
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(try Self.buttons(daemon, on: "ben-iphone") == ["scoops-vanilla", "scoops-chocolate", "scoops-strawberry", "scoops-mint"])
            try daemon.activate("ben-iphone", button: "scoops-mint")
            let staged = try daemon.control(.inputField, InputFieldRequest(device: "ben-iphone", conversation: conversation), as: InputFieldResult.self).staged
            #expect(staged?.rendered?.subcaption == "mint scoops on a cone")
        }
    }
}
