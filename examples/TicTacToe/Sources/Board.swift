import Foundation

/// One game's board, exactly as its message URL carries it: the cells played, in order, and a
/// random id per move. Nothing about people is here (identifiers mean nothing to another
/// install, PROTOCOL.md §5.1); who sits in each seat travels in the layout's texts (`Game`).
///
/// Move `i` is played by seat `i % seats`: X, O, and in a group △.
struct Board: Equatable, Sendable {
    static let marks = ["X", "O", "△"]
    static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
    static let places = [
        "in the top left corner", "at the top", "in the top right corner", "on the left", "in the centre",
        "on the right",
        "in the bottom left corner", "at the bottom", "in the bottom right corner",
    ]
    static let host = "tictactoe.example"

    /// The game's id: the same on every board of the game, and the name of its file (`GameStore`).
    let game: String
    /// 2 (X, O) or 3 (X, O, △).
    let seats: Int
    /// The cells played, 0…8 row by row, in play order.
    let moves: [Int]
    /// One random id per move, parallel to `moves`: they tell two boards with the same cells
    /// apart, and say whether a board was built on another (`contains`).
    let moveIDs: [String]

    init(game: String, seats: Int, moves: [Int] = [], moveIDs: [String] = []) {
        self.game = game
        self.seats = seats
        self.moves = moves
        self.moveIDs = moveIDs
    }

    /// The seat that played each cell; nil for an empty one.
    var cells: [Int?] {
        var cells = [Int?](repeating: nil, count: 9)
        for (index, cell) in self.moves.enumerated() { cells[cell] = index % self.seats }
        return cells
    }

    /// The seat that plays next.
    var nextSeat: Int { self.moves.count % self.seats }

    /// The seat with three in a row, if any.
    var winner: Int? {
        let cells = self.cells
        for line in Self.lines {
            if let seat = cells[line[0]], cells[line[1]] == seat, cells[line[2]] == seat { return seat }
        }
        return nil
    }

    var isOver: Bool { self.winner != nil || self.moves.count == 9 }

    /// The board after the next seat plays `cell`; nil if the game is over or the cell taken.
    func playing(_ cell: Int, moveID: String) -> Board? {
        guard !self.isOver, (0..<9).contains(cell), self.cells[cell] == nil else { return nil }
        return Board(game: self.game, seats: self.seats, moves: self.moves + [cell], moveIDs: self.moveIDs + [moveID])
    }

    /// The game's order of boards (guide §9): more moves is newer; with as many, the smaller
    /// last move id (and, should two random ids ever be equal, the smaller URL). Every device
    /// computes the same answer from the two URLs alone.
    func isNewer(than other: Board) -> Bool {
        if self.moves.count != other.moves.count { return self.moves.count > other.moves.count }
        return (self.moveIDs.last ?? "", self.url.absoluteString) < (other.moveIDs.last ?? "", other.url.absoluteString)
    }

    /// True when this board was built on `other` (or is it): `other`'s moves are its first ones.
    func contains(_ other: Board) -> Bool {
        other.game == self.game && self.moveIDs.starts(with: other.moveIDs)
    }

    /// The board as three rows of marks, for devices that draw the alternate layout.
    var rowsText: String {
        let marks = self.cells.map { seat in seat.map { Self.marks[$0] } ?? "·" }
        return stride(from: 0, to: 9, by: 3).map { marks[$0..<$0 + 3].joined() }.joined(separator: " / ")
    }

    // MARK: The URL

    var url: URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = Self.host
        components.path = "/"
        components.queryItems = [
            URLQueryItem(name: "game", value: self.game),
            URLQueryItem(name: "seats", value: String(self.seats)),
            URLQueryItem(name: "moves", value: self.moves.map(String.init).joined(separator: ",")),
            URLQueryItem(name: "ids", value: self.moveIDs.joined(separator: ",")),
        ]
        return components.url!
    }

    /// The board a message carries; nil for any URL this app did not make, or a board that
    /// could not happen (a cell twice, a move after a win), so a bad message cannot crash it.
    init?(url: URL?) {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.host == Self.host
        else { return nil }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        func list(_ name: String) -> [String] { (query[name] ?? "").split(separator: ",").map(String.init) }
        guard let game = query["game"], (1...64).contains(game.count),
            game.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
            let seats = query["seats"].flatMap(Int.init), (2...3).contains(seats)
        else { return nil }
        let moves = list("moves").compactMap(Int.init)
        let ids = list("ids")
        guard moves.count == list("moves").count, moves.count == ids.count,
            ids.allSatisfy({ (1...16).contains($0.count) })
        else { return nil }
        var board = Board(game: game, seats: seats)
        for (cell, id) in zip(moves, ids) {
            guard let next = board.playing(cell, moveID: id) else { return nil }
            board = next
        }
        self = board
    }

    /// A fresh move id: 8 random hex digits.
    static func newMoveID() -> String {
        String(format: "%08x", UInt32.random(in: 0...UInt32.max))
    }
}
