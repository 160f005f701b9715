import Foundation
import MessagesSDK
import Testing

@testable import TicTacToeExtension

/// Seats, turns and texts of a game (guide §7, §9), without a daemon.
@Suite struct GameTests {
    let amber = UUID()
    let ben = UUID()
    let chris = UUID()
    let dana = UUID()

    @Test func inAGroupSeatsGoInJoinOrderThenTurnsGoRound() throws {
        let start = Game.new(local: self.amber, remotes: [self.ben, self.chris, self.dana])
        #expect(start.board.seats == 3 && start.players == [self.amber])
        let one = try #require(start.playing(4, by: self.amber))
        #expect(one.turn == .open(seat: 1))
        #expect(one.playing(0, by: self.amber) == nil, "Amber holds a seat already")
        let two = try #require(one.playing(0, by: self.chris))
        let three = try #require(two.playing(8, by: self.dana))
        #expect(three.players == [self.amber, self.chris, self.dana])
        #expect(three.turn == .player(self.amber))
        #expect(three.playing(1, by: self.ben) == nil, "all seats are taken: Ben watches")
        #expect(three.caption == "$\(self.amber.uuidString)'s turn")
        #expect(two.caption == "Who plays △ against $\(self.amber.uuidString) and $\(self.chris.uuidString)?")
    }

    @Test func inAConversationOfTwoTheOtherPersonIsOFromTheStart() throws {
        let start = Game.new(local: self.amber, remotes: [self.ben])
        #expect(start.board.seats == 2 && start.players == [self.amber, self.ben])
        let one = try #require(start.playing(4, by: self.amber))
        #expect(one.turn == .player(self.ben))
        #expect(one.summary == "$\(self.amber.uuidString) played X in the centre")
    }

    @Test func theMessageCarriesThePlayersAsTokensAndReadsBack() throws {
        let game = try #require(
            Game.new(local: self.amber, remotes: [self.ben, self.chris]).playing(4, by: self.amber))
        let message = game.message(session: MSSession())
        let layout = try #require(message.layout as? MSMessageLiveLayout)
        #expect(layout.alternateLayout.subcaption == "X $\(self.amber.uuidString) · O open · △ open")
        let url = try #require(message.url?.absoluteString)
        #expect(url.contains(self.amber.uuidString) == false, "identifiers never go in the URL")
        #expect(Game(message: message) == game)
        // A message whose texts name more players than seats is no game.
        layout.alternateLayout.subcaption = Array(repeating: "$\(self.ben.uuidString)", count: 4).joined(separator: " ")
        #expect(Game(message: message) == nil)
    }
}
