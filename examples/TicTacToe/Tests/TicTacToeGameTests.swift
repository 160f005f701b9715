import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Tic-Tac-Toe between Kate and John, each test under its own msghostd: a whole game, the
/// live and the alternate layout, and names that only the host knows.
@Suite(.serialized) struct TicTacToeGameTests {
    @Test func kateWinsAFullGameAcrossTwoDevices() throws {
        try TestDaemon.with(apps: [TicTacToe.app]) { daemon in
            // Kate opens the app from the drawer: a new game's board, every cell playable.
            #expect(try daemon.open(TicTacToe.bundleID, on: "kate-iphone").presentationStyle == .compact)
            #expect(try daemon.texts("kate-iphone") == ["Tic-Tac-Toe", "Tap a square to start: you are X"])
            #expect(try daemon.cells("kate-iphone") == Array(repeating: "·", count: 9))
            #expect(try daemon.playable("kate-iphone") == Array(0..<9))
            // X in the centre: one touch, one direct send; the app closes after it.
            try daemon.activate("kate-iphone", button: "cell-4")
            #expect(try daemon.view("kate-iphone").app == nil)
            let first = try daemon.lastBubble("john-iphone")
            #expect(first.rendered?.caption == "John Appleseed's turn")
            #expect(first.rendered?.subcaption == "X Kate Bell · O John Appleseed")
            #expect(first.rendered?.imageSubtitle == "··· / ·X· / ···")

            // Kate cannot play O's turn: her touch sends nothing and the view says why.
            try daemon.tapLastBubble("kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["cell": .number(0)]))
            #expect(try daemon.texts("kate-iphone") == ["Tic-Tac-Toe", "Waiting for O", "It is not your turn."])
            #expect(try daemon.playable("kate-iphone").isEmpty)
            #expect(try daemon.transcript("john-iphone").count == 1)
            try daemon.close("kate-iphone")

            // John taps Kate's bubble: his turn, the centre taken.
            try daemon.tapLastBubble("john-iphone")
            #expect(try daemon.texts("john-iphone") == ["Tic-Tac-Toe", "Your turn: you are O"])
            #expect(try daemon.cells("john-iphone")[4] == "X")
            #expect(try daemon.playable("john-iphone") == [0, 1, 2, 3, 5, 6, 7, 8])
            try daemon.activate("john-iphone", button: "cell-0")
            for (device, cell) in [("kate-iphone", 2), ("john-iphone", 8), ("kate-iphone", 6)] {
                try daemon.move(device, cell: cell)
            }

            // Every device: four moves collapsed into their summaries, then the winning board.
            for device in ["kate-iphone", "john-iphone"] {
                let entries = try daemon.transcript(device)
                #expect(entries.map(\.kind) == ["summary", "summary", "summary", "summary", "message"], "\(device)")
                #expect(
                    entries.prefix(4).map(\.text) == [
                        "Kate Bell played X in the centre", "John Appleseed played O in the top left corner",
                        "Kate Bell played X in the top right corner",
                        "John Appleseed played O in the bottom right corner",
                    ])
                let last = try #require(entries.last)
                #expect(last.rendered?.caption == "Kate Bell won")
                #expect(last.rendered?.trailingCaption == "Move 5")
                #expect(last.rendered?.imageSubtitle == "O·X / ·X· / X·O")
                #expect(TicTacToe.moves(last).cells == [4, 0, 2, 8, 6])
            }
            // The game is over: each sees the result, and no cell can be played.
            try daemon.tapLastBubble("john-iphone")
            #expect(try daemon.texts("john-iphone")[1] == "X won")
            #expect(try daemon.playable("john-iphone").isEmpty)
            try daemon.tapLastBubble("kate-iphone")
            #expect(try daemon.texts("kate-iphone")[1] == "You won!")
            #expect(try daemon.events(kind: "sent").count == 5)
            #expect(try daemon.events(kind: "sendRefused").isEmpty)
        }
    }

    /// With an interaction window of 0 ms no touch allows a direct send: the game's send is
    /// refused (`sendWithoutRecentInteraction`, 9) and it stages the same move instead, which
    /// leaves when Kate taps Send (guide §8).
    @Test func aRefusedSendFallsBackToTheInputField() throws {
        try TestDaemon.with(apps: [TicTacToe.app], settings: ["interaction.windowMs": "0"]) { daemon in
            try daemon.open(TicTacToe.bundleID, on: "kate-iphone")
            try daemon.activate("kate-iphone", button: "cell-4")
            let request = InputFieldRequest(device: "kate-iphone", conversation: daemon.conversation)
            // The insert follows the refusal's completion handler, after the touch's reply.
            try daemon.eventually("the move is staged") {
                try daemon.control(.inputField, request, as: InputFieldResult.self).staged != nil
            }
            #expect(try daemon.events(kind: "sendRefused").map(\.name) == ["sendWithoutRecentInteraction"])
            #expect(try daemon.transcript("john-iphone").isEmpty)
            let staged = try #require(try daemon.control(.inputField, request, as: InputFieldResult.self).staged)
            #expect(staged.rendered?.caption == "John Appleseed's turn")
            #expect(try daemon.view("kate-iphone").app == TicTacToe.bundleID)

            // Kate taps Send: the move leaves, and the app, told so, closes.
            try daemon.control(.send, request)
            #expect(try daemon.lastBubble("john-iphone").rendered?.summaryText == "Kate Bell played X in the centre")
            #expect(try daemon.view("kate-iphone").app == nil)
        }
    }

    /// Kate and John with two more devices of John's: an iPad without the app, and a Mac,
    /// which cannot run live layouts.
    static let withIPadAndMac = TestDaemon.World(
        members: [
            .init(handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
            .init(
                handle: TestDaemon.john, name: "John Appleseed",
                devices: [("john-iphone", "ios17"), ("john-ipad", "ios17"), ("john-mac", "macos")]),
        ], conversation: TestDaemon.conversation, withoutApps: ["john-ipad"])

    @Test func theLiveLayoutRunsWhereItCanAndTheAlternateLayoutShowsElsewhere() throws {
        try TestDaemon.with(apps: [TicTacToe.app], world: Self.withIPadAndMac) { daemon in
            try daemon.open(TicTacToe.bundleID, on: "kate-iphone")
            try daemon.activate("kate-iphone", button: "cell-4")
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
            try daemon.settle()

            // Where the app runs, it draws the bubble: a transcript instance that asked for a square.
            for device in ["kate-iphone", "john-iphone"] {
                let bubble = try daemon.lastBubble(device)
                #expect(bubble.rendering == "live", "\(device)")
                #expect(bubble.liveSize == SizeValue(width: 300, height: 300), "\(device)")
            }
            #expect(try daemon.events(kind: "liveBubble").count == 2)
            // John's live bubble remembered the board in his install's container, before John
            // ever opened the app (guide §5).
            let board = try daemon.lastBubble("john-iphone")
            let game = try #require(
                URLComponents(string: board.message?.url ?? "")?.queryItems?.first { $0.name == "game" }?.value)
            #expect(try daemon.keptGame("john-iphone", game: game)["url"] as? String == board.message?.url)

            // Elsewhere, the alternate layout, with John's names for people.
            for device in ["john-ipad", "john-mac"] {
                let bubble = try daemon.lastBubble(device)
                #expect(bubble.rendering == "alternate", "\(device)")
                #expect(bubble.rendered?.caption == "John Appleseed's turn")
                #expect(bubble.rendered?.subcaption == "X Kate Bell · O John Appleseed")
                #expect(bubble.rendered?.imageTitle == "Tic-Tac-Toe")
                #expect(bubble.rendered?.imageSubtitle == "··· / ·X· / ···")
            }
            // The iPad has no install to show the message to; the Mac's install sees it.
            #expect(try daemon.lastBubble("john-ipad").message == nil)
            #expect(try daemon.lastBubble("john-mac").message?.url == board.message?.url)
            // The image is the PNG the app found with UIImage(named:) in its Resources.
            let image = try #require(
                TicTacToe.alternate(try daemon.lastBubble("john-mac"))?.image?.url.flatMap(URL.init(string:)))
            let resource = URL(fileURLWithPath: TestPaths.repository + "/examples/TicTacToe/Resources/tictactoe.png")
            #expect(try Data(contentsOf: image) == Data(contentsOf: resource))
            // Tapping it on the Mac opens the URL, as Messages for macOS does.
            let tap = try daemon.control(
                .tap,
                TapRequest(
                    device: "john-mac", conversation: daemon.conversation,
                    entry: try daemon.lastBubble("john-mac").entry), as: TapResult.self)
            #expect(tap.action == "openedURL")
            #expect(tap.url == board.message?.url)
        }
    }

    @Test func captionsShowEachDevicesNamesWhileTheExtensionSeesOnlyIdentifiers() throws {
        try TestDaemon.with(apps: [TicTacToe.app]) { daemon in
            // John's contact book calls Kate "Mum".
            try daemon.control(.contact, ContactRequest(device: "john-iphone", person: TestDaemon.kate, name: "Mum"))
            try daemon.open(TicTacToe.bundleID, on: "kate-iphone")
            try daemon.activate("kate-iphone", button: "cell-4")
            try daemon.move("john-iphone", cell: 0)

            // What each person reads: their own device's names.
            let onKates = try daemon.lastBubble("kate-iphone")
            let onJohns = try daemon.lastBubble("john-iphone")
            #expect(onKates.rendered?.caption == "Kate Bell's turn")
            #expect(onJohns.rendered?.caption == "Mum's turn")
            #expect(onKates.rendered?.subcaption == "X Kate Bell · O John Appleseed")
            #expect(onJohns.rendered?.subcaption == "X Mum · O John Appleseed")
            #expect(try daemon.transcript("john-iphone").first?.text == "Mum played X in the centre")

            // What each install's extension gets: tokens of its own identifiers, and no name.
            for (device, bubble) in [("kate-iphone", onKates), ("john-iphone", onJohns)] {
                let kate = try daemon.identifier(device, of: TestDaemon.kate)
                let john = try daemon.identifier(device, of: TestDaemon.john)
                let layout = try #require(TicTacToe.alternate(bubble))
                #expect(layout.caption == "$\(kate)'s turn", "\(device)")
                #expect(layout.subcaption == "X $\(kate) · O $\(john)", "\(device)")
                #expect(bubble.message?.summaryText == "$\(john) played O in the top left corner", "\(device)")
                let json = String(decoding: try JSONEncoder().encode(bubble.message), as: UTF8.self)
                for name in ["Kate", "John", "Mum", "@example.com"] {
                    #expect(!json.contains(name), "\(device): \(name)")
                }
                // The container keeps the players as the same identifiers.
                let game = try #require(
                    URLComponents(string: bubble.message?.url ?? "")?.queryItems?.first { $0.name == "game" }?.value)
                #expect(try daemon.keptGame(device, game: game)["players"] as? [String] == [kate, john], "\(device)")
            }
            // The same person has a different identifier in each install.
            #expect(
                try daemon.identifier("kate-iphone", of: TestDaemon.kate)
                    != daemon.identifier("john-iphone", of: TestDaemon.kate))
        }
    }
}
