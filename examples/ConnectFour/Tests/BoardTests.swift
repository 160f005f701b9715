import DrawingReferences
import Foundation
import MessagesSDK
import Testing

@testable import ConnectFourExtension

/// The board's rules, its URL form, and its picture against a reference PNG.
@Suite struct BoardTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "References")

    static func board(_ columns: [Int]) -> Board {
        var board = Board()
        for column in columns { board.drop(in: column) }
        return board
    }

    @Test func discsFallAndAlternate() {
        var board = Board()
        #expect(board.drop(in: 3) == 5 && board.drop(in: 3) == 4)
        #expect(board[3, 5] == .red && board[3, 4] == .yellow && board.next == .red)
        #expect(board.drop(in: 7) == nil && board.drop(in: -1) == nil)
        for _ in 0..<4 { board.drop(in: 3) }
        #expect(board.drop(in: 3) == nil)  // the column is full
    }

    @Test func fourInARowWinsInEachDirection() {
        #expect(Self.board([0, 0, 1, 1, 2, 2, 3]).winner == .red)  // across
        #expect(Self.board([0, 1, 0, 1, 0, 1, 0]).winner == .red)  // down
        #expect(Self.board([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]).winner == .red)  // diagonal up
        #expect(Self.board([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3]).winner == .red)  // diagonal down
        #expect(Self.board([0, 0, 1, 1, 2, 2]).winner == nil)
        var won = Self.board([0, 1, 0, 1, 0, 1, 0])
        #expect(won.drop(in: 5) == nil)  // no move after a win
    }

    @Test func theURLFormRoundTripsAndRefusesImpossibleBoards() {
        let board = Self.board([3, 3, 4, 2])
        #expect(Board(encoded: board.encoded) == board)
        #expect(Board(encoded: "") == nil)
        #expect(Board(encoded: String(repeating: "r", count: 42)) == nil)  // counts do not alternate
        #expect(Board(encoded: "r" + String(repeating: ".", count: 41)) == nil)  // a disc in the air
        #expect(Board(encoded: String(repeating: "x", count: 42)) == nil)
    }

    @Test func theBubbleIsTheBoardDrawnWithTheSDK() throws {
        let image = BoardImage.render(Self.board([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]), scale: 1)
        #expect(image.size == BoardImage.size)
        let red = BoardImage.center(column: 2, row: 4)
        let empty = BoardImage.center(column: 6, row: 0)
        #expect(try ReferenceImage.rgba(image, x: Int(red.x), y: Int(red.y)).isNear([255, 59, 48, 255]))
        #expect(try ReferenceImage.rgba(image, x: Int(empty.x), y: Int(empty.y)).isNear([255, 255, 255, 255]))
        #expect(try ReferenceImage.rgba(image, x: 6, y: 30).isNear([0, 122, 255, 255]))  // the frame
        try ReferenceImage.check(image, named: "board-red-wins", in: Self.references, mismatchFraction: 0.01)
        // At scale 2, as sent: twice the pixels, the same size in points.
        let bubble = BoardImage.render(Board())
        #expect(bubble.size == BoardImage.size && bubble.scale == 2)
    }
}
