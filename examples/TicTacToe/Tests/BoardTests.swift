import Foundation
import Testing

@testable import TicTacToeExtension

/// The board as its URL carries it, and the order that settles a race (guide §9), without a
/// daemon: what every device computes from the URLs alone.
@Suite struct BoardTests {
    static func board(_ moves: [Int], ids: [String]? = nil, seats: Int = 2) -> Board {
        Board(game: "G-1", seats: seats, moves: moves, moveIDs: ids ?? moves.map { "m\($0)" })
    }

    @Test func theURLCarriesTheWholeBoardAndReadsBack() throws {
        let board = Self.board([4, 0, 2], seats: 3)
        #expect(board.url.absoluteString == "https://tictactoe.example/?game=G-1&seats=3&moves=4,0,2&ids=m4,m0,m2")
        #expect(Board(url: board.url) == board)
        #expect(board.cells == [1, nil, 2, nil, 0, nil, nil, nil, nil])
        #expect(board.nextSeat == 0)
        #expect(board.rowsText == "O·△ / ·X· / ···")
    }

    @Test(arguments: [
        "https://other.example/?game=G&seats=2&moves=&ids=",  // not this app's
        "https://tictactoe.example/?game=G&seats=4&moves=&ids=",  // no such number of seats
        "https://tictactoe.example/?game=G&seats=2&moves=4,4&ids=a,b",  // a cell twice
        "https://tictactoe.example/?game=G&seats=2&moves=9&ids=a",  // no such cell
        "https://tictactoe.example/?game=G&seats=2&moves=4,0&ids=a",  // an id missing
        "https://tictactoe.example/?game=G&seats=2&moves=0,3,1,4,2,5&ids=a,b,c,d,e,f",  // a move after X won
        "https://tictactoe.example/?game=../x&seats=2&moves=&ids=",  // a game id that is no file name
        "https://tictactoe.example/?game=G&seats=2&moves=1e300&ids=a",
    ])
    func aBoardThatCannotHappenIsNoBoard(url: String) {
        #expect(Board(url: URL(string: url)) == nil)
    }

    @Test func winsDrawsAndTakenCells() {
        #expect(Self.board([0, 3, 1, 4, 2]).winner == 0)
        #expect(Self.board([0, 3, 1, 4, 2]).playing(8, moveID: "z") == nil, "the game is over")
        #expect(Self.board([4]).playing(4, moveID: "z") == nil, "the cell is taken")
        let draw = Self.board([0, 1, 2, 4, 3, 5, 7, 6, 8])
        #expect(draw.winner == nil && draw.isOver)
    }

    @Test func moreMovesIsNewerThenTheSmallerMoveID() {
        let opening = Self.board([4], ids: ["a"])
        let ben = Self.board([4, 0], ids: ["a", "17"])
        let chris = Self.board([4, 8], ids: ["a", "05"])
        #expect(ben.isNewer(than: opening) && !opening.isNewer(than: ben))
        #expect(chris.isNewer(than: ben) && !ben.isNewer(than: chris), "the same number of moves: the smaller id")
        #expect(!ben.isNewer(than: ben))
        let sameID = Self.board([4, 2], ids: ["a", "17"])
        #expect(ben.isNewer(than: sameID) && !sameID.isNewer(than: ben), "equal ids: the smaller URL (moves=4,0)")
        // Built on: the ids, not the cells, say so (two replies may play the same cell).
        #expect(ben.contains(opening) && !ben.contains(chris))
        #expect(!Self.board([4, 0], ids: ["a", "99"]).contains(ben))
    }
}
