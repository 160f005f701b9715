import Foundation

/// A disc's colour; red moves first.
enum Disc: String, Equatable {
    case red = "r"
    case yellow = "y"
    var other: Disc { self == .red ? .yellow : .red }
    var name: String { self == .red ? "Red" : "Yellow" }
}

/// A Connect Four board: 7 columns of 6, discs dropped in from the top.
struct Board: Equatable {
    static let columns = 7
    static let rows = 6

    /// Row 0 is the top, as the board is drawn.
    private(set) var cells: [Disc?] = Array(repeating: nil, count: Board.columns * Board.rows)

    subscript(column: Int, row: Int) -> Disc? { self.cells[row * Self.columns + column] }

    var next: Disc { self.cells.compactMap { $0 }.count % 2 == 0 ? .red : .yellow }
    var isFull: Bool { !self.cells.contains(nil) }

    func canDrop(in column: Int) -> Bool {
        (0..<Self.columns).contains(column) && self[column, 0] == nil && self.winner == nil
    }

    /// Drops the next disc into `column`; the row it lands in, or nil when it cannot.
    @discardableResult
    mutating func drop(in column: Int) -> Int? {
        guard self.canDrop(in: column), let row = (0..<Self.rows).last(where: { self[column, $0] == nil }) else {
            return nil
        }
        self.cells[row * Self.columns + column] = self.next
        return row
    }

    /// The four (or more) cells in a line of one colour, if any.
    var winningLine: [(column: Int, row: Int)]? {
        for row in 0..<Self.rows {
            for column in 0..<Self.columns {
                guard let disc = self[column, row] else { continue }
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let line = (0..<4).map { (column: column + dc * $0, row: row + dr * $0) }
                    if line.allSatisfy({
                        (0..<Self.columns).contains($0.column) && (0..<Self.rows).contains($0.row)
                            && self[$0.column, $0.row] == disc
                    }) {
                        return line
                    }
                }
            }
        }
        return nil
    }

    var winner: Disc? { self.winningLine.map { self[$0[0].column, $0[0].row]! } }

    /// The board as 42 characters ("." empty, "r", "y"), row by row: the message URL's `board`.
    var encoded: String { self.cells.map { $0?.rawValue ?? "." }.joined() }

    init() {}

    init?(encoded: String) {
        guard encoded.count == Self.columns * Self.rows else { return nil }
        var cells: [Disc?] = []
        for character in encoded {
            if character == "." {
                cells.append(nil)
            } else if let disc = Disc(rawValue: String(character)) {
                cells.append(disc)
            } else {
                return nil
            }
        }
        self.cells = cells
        // Discs rest on the bottom or on another disc, and the counts alternate.
        let reds = cells.filter { $0 == .red }.count
        let yellows = cells.filter { $0 == .yellow }.count
        guard reds == yellows || reds == yellows + 1 else { return nil }
        for column in 0..<Self.columns {
            for row in 0..<(Self.rows - 1) where self[column, row] != nil && self[column, row + 1] == nil { return nil }
        }
    }
}
