import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Tic-Tac-Toe in a group of three (Amber, Ben, Chris), each test under its own msghostd:
/// seats in join order, and two replies to the same board (guide §9).
@Suite(.serialized) struct TicTacToeGroupTests {
    static let devices = ["amber-iphone", "ben-iphone", "chris-iphone"]

    /// Every device's newest bubble caption, in `devices` order.
    static func captions(_ daemon: TestDaemon) throws -> [String?] {
        try Self.devices.map { try daemon.lastBubble($0).rendered?.caption }
    }

    @Test func aGroupOfThreeTakesTurnsInTheOrderPeopleJoinedTheGame() throws {
        try TestDaemon.with(apps: [TicTacToe.app], world: .amberBenChris) { daemon in
            try daemon.open(TicTacToe.bundleID, on: "amber-iphone")
            try daemon.activate("amber-iphone", button: "cell-4")
            #expect(try Self.captions(daemon) == Array(repeating: "Who plays O against Amber?", count: 3))
            #expect(try daemon.lastBubble("ben-iphone").rendered?.subcaption == "X Amber · O open · △ open")

            // Chris joins first, though Ben is before him in the conversation: Chris is O.
            try daemon.move("chris-iphone", cell: 0)
            #expect(try Self.captions(daemon) == Array(repeating: "Who plays △ against Amber and Chris?", count: 3))
            // Chris cannot take the next seat too; Ben can. Chris keeps the app open meanwhile.
            try daemon.tapLastBubble("chris-iphone")
            #expect(try daemon.texts("chris-iphone")[1] == "Waiting for someone to play △")
            try daemon.tapLastBubble("ben-iphone")
            #expect(try daemon.texts("ben-iphone")[1] == "Your turn: play △ to join")
            try daemon.activate("ben-iphone", button: "cell-8")
            #expect(try daemon.lastBubble("amber-iphone").rendered?.subcaption == "X Amber · O Chris · △ Ben")
            // Ben's move reached Chris's open app (didReceive), which now shows it.
            #expect(try daemon.cells("chris-iphone")[8] == "△")
            #expect(try daemon.texts("chris-iphone")[1] == "Waiting for X")
            try daemon.close("chris-iphone")

            // From now on, round the seats: Amber, Chris, Ben, Amber …
            #expect(try Self.captions(daemon) == Array(repeating: "Amber's turn", count: 3))
            // Ben, out of turn, plays nothing.
            try daemon.tapLastBubble("ben-iphone")
            try daemon.touch("ben-iphone", payload: .object(["cell": .number(1)]))
            #expect(try daemon.texts("ben-iphone") == ["Tic-Tac-Toe", "Waiting for X", "It is not your turn."])
            try daemon.close("ben-iphone")
            for (device, cell, next) in [
                ("amber-iphone", 2, "Chris's turn"), ("chris-iphone", 6, "Ben's turn"),
                ("ben-iphone", 1, "Amber's turn"),
            ] {
                try daemon.move(device, cell: cell)
                #expect(try Self.captions(daemon) == Array(repeating: next, count: 3), "after \(device)")
            }
            #expect(
                try daemon.transcript("amber-iphone").filter { $0.kind == "summary" }.map(\.text) == [
                    "Amber played X in the centre", "Chris played O in the top left corner",
                    "Ben played △ in the bottom right corner",
                    "Amber played X in the top right corner", "Chris played O in the bottom left corner",
                ])
            #expect(try daemon.events(kind: "sent").count == 6)
        }
    }

    /// Ben and Chris both answer Amber's opening board before either sees the other's reply.
    @Test(arguments: ["sent", "reverse"])
    func twoRepliesToTheSameBoardEndOnOneBoardEverywhere(amberReleaseOrder: String) throws {
        try TestDaemon.with(apps: [TicTacToe.app], world: .amberBenChris) { daemon in
            try daemon.open(TicTacToe.bundleID, on: "amber-iphone")
            try daemon.activate("amber-iphone", button: "cell-4")
            // From now on every device holds what arrives, until released.
            for device in Self.devices { try daemon.control(.delivery, DeliveryRequest(device: device, hold: true)) }
            try daemon.move("ben-iphone", cell: 0)
            try daemon.move("chris-iphone", cell: 8)
            for device in Self.devices {
                let order = device == "amber-iphone" ? amberReleaseOrder : "sent"
                try daemon.control(.release, ReleaseRequest(device: device, order: order), as: ReleaseResult.self)
                try daemon.control(.delivery, DeliveryRequest(device: device, hold: false))
            }
            try daemon.settle()

            // Each racer's device shows the other's reply last: as Messages would, they disagree.
            let onBens = try daemon.lastBubble("ben-iphone")
            let onChriss = try daemon.lastBubble("chris-iphone")
            #expect(onBens.senderName == "Chris")
            #expect(onChriss.senderName == "Ben")
            // The game keeps the reply with the smaller move id, on every device.
            let (chrisIDs, benIDs) = (TicTacToe.moves(onBens).ids, TicTacToe.moves(onChriss).ids)
            let benID = try #require(benIDs.last)
            let chrisID = try #require(chrisIDs.last)
            let benWins = benID < chrisID
            let (winner, loser) = benWins ? ("ben-iphone", "chris-iphone") : ("chris-iphone", "ben-iphone")
            let kept =
                benWins
                ? ["O", "·", "·", "·", "X", "·", "·", "·", "·"] : ["·", "·", "·", "·", "X", "·", "·", "·", "O"]
            for device in [winner, loser] {
                try daemon.tapLastBubble(device)
                #expect(try daemon.cells(device) == kept, "\(device)")
            }
            #expect(try daemon.texts(winner) == ["Tic-Tac-Toe", "Waiting for someone to play △"])
            let lost = try daemon.texts(loser)
            #expect(lost.count == 3 && lost[1] == "Your turn: play △ to join")
            #expect(lost.last?.hasSuffix("was not counted: another player answered the same board first.") == true)
            try daemon.close(winner)

            // The loser plays again, on the kept board: that move is newer than both replies,
            // so every device is back on one board.
            try daemon.activate(loser, button: "cell-2")
            let winnerName = benWins ? "Ben" : "Chris"
            let loserName = benWins ? "Chris" : "Ben"
            let finals = try Self.devices.map { try daemon.lastBubble($0) }
            #expect(Set(finals.map { $0.message?.url }).count == 1)
            for bubble in finals {
                #expect(bubble.rendered?.caption == "Amber's turn")
                #expect(bubble.rendered?.subcaption == "X Amber · O \(winnerName) · △ \(loserName)")
                #expect(TicTacToe.moves(bubble).cells == (benWins ? [4, 0, 2] : [4, 8, 2]))
            }
            // Amber, whatever order the replies reached her in, plays on that board.
            try daemon.tapLastBubble("amber-iphone")
            #expect(try daemon.texts("amber-iphone") == ["Tic-Tac-Toe", "Your turn: you are X"])
            #expect(try daemon.cells("amber-iphone")[2] == "△")
        }
    }
}
