import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The extension as built, under a real msghostd: two people play in turns, each move a
/// bubble whose image is the board; the same person cannot move twice.
@Suite(.serialized) struct ConnectFourFlowTests {
    static let app = "com.example.connectfour"
    static let extensionApp = TestDaemon.App(
        bundleID: app, command: TestPaths.binary("ConnectFourExtension", override: "CONNECTFOUR_BINARY"), args: [],
        workingDirectory: "/")

    static func buttons(_ daemon: TestDaemon, _ device: String) throws -> [String: Bool] {
        var buttons: [String: Bool] = [:]
        func walk(_ elements: [ViewElement]) {
            for element in elements {
                if case .button(let id, _, _, let enabled) = element { buttons[id] = enabled ?? true }
                if case .row(let children) = element { walk(children) }
            }
        }
        walk(try daemon.view(device).view?.elements ?? [])
        return buttons
    }

    @Test func twoPeoplePlayInTurnsAndTheBubbleIsTheBoard() throws {
        try TestDaemon.with(apps: [Self.extensionApp], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            #expect(try daemon.open(Self.app, on: "amber-iphone").presentationStyle == .compact)
            try daemon.activate("amber-iphone", button: "new")
            try daemon.settle()
            #expect(try Self.buttons(daemon, "amber-iphone")["drop-3"] == true)
            try daemon.activate("amber-iphone", button: "drop-3")
            try daemon.control(.send, InputFieldRequest(device: "amber-iphone", conversation: conversation))

            // Ben taps the bubble: the board with Amber's disc, his turn.
            let first = try #require(try daemon.transcript("ben-iphone").last)
            #expect(first.rendered?.caption == "Your move")
            #expect(
                URLComponents(string: first.message?.url ?? "")?.queryItems?.first { $0.name == "board" }?.value?.filter
                { $0 == "r" }.count == 1)
            let image = try #require(
                first.message?.layout.flatMap { layout -> String? in
                    if case .template(let template) = layout { return template.image?.url }
                    return nil
                })
            let png = try Data(contentsOf: try #require(URL(string: image)))
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(Array(png[16..<24]) == [0, 0, 0x02, 0x58, 0, 0, 0x02, 0x38])  // 600×568 px: the board at scale 2
            try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: first.entry),
                as: TapResult.self)
            try daemon.settle()
            #expect(try Self.buttons(daemon, "ben-iphone")["drop-3"] == true)
            try daemon.activate("ben-iphone", button: "drop-4")
            try daemon.control(.send, InputFieldRequest(device: "ben-iphone", conversation: conversation))

            // Ben taps his own bubble: not his turn, every drop button disabled.
            let second = try #require(try daemon.transcript("ben-iphone").last)
            try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: second.entry),
                as: TapResult.self)
            try daemon.settle()
            #expect(
                try Self.buttons(daemon, "ben-iphone").filter { $0.key.hasPrefix("drop-") }.values.allSatisfy { !$0 })
            // The earlier move collapsed into its summary (one session).
            #expect(try daemon.transcript("amber-iphone").map(\.kind) == ["summary", "message"])
        }
    }
}
