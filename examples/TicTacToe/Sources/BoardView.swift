import MessagesSDK

/// What the app shows (`setView`, guide §3): a status line, a note, and the board as nine
/// buttons `cell-0` … `cell-8` whose payload is `{"cell": N}`, the touch the controller plays.
///
/// The texts speak of "you" and of marks, never of names: the host does not render a view's
/// `$<uuid>` tokens, and the extension never learns names (guide §7).
enum BoardView {
    static func elements(for game: Game, local: UUID, note: String?) -> [MSViewElement] {
        var elements: [MSViewElement] = [
            .text("Tic-Tac-Toe", style: .title), .text(self.status(of: game, local: local), style: .headline),
        ]
        if let note { elements.append(.text(note, style: .caption)) }
        let cells = game.board.cells
        let playable = game.canMove(local)
        for row in 0..<3 {
            elements.append(
                .row(
                    (row * 3..<row * 3 + 3).map { cell in
                        .button(
                            id: "cell-\(cell)", title: cells[cell].map { Board.marks[$0] } ?? "·",
                            payload: .object(["cell": .number(Double(cell))]),
                            isEnabled: playable && cells[cell] == nil)
                    }))
        }
        return elements
    }

    static func status(of game: Game, local: UUID) -> String {
        let mine = game.seat(of: local).map { Board.marks[$0] }
        switch game.turn {
        case .over:
            guard let winner = game.board.winner else { return "A draw" }
            return game.players[winner] == local ? "You won!" : "\(Board.marks[winner]) won"
        case .player(let next) where next == local:
            return game.board.moves.isEmpty
                ? "Tap a square to start: you are \(mine ?? "X")" : "Your turn: you are \(mine ?? "?")"
        case .player:
            return "Waiting for \(Board.marks[game.board.nextSeat])"
        case .open(let seat):
            return mine == nil
                ? "Your turn: play \(Board.marks[seat]) to join" : "Waiting for someone to play \(Board.marks[seat])"
        }
    }

    /// The note for a player whose move lost the race (guide §9): their last board is not
    /// part of the one the game kept.
    static func lostRace(sent: Board?, kept: Board) -> String? {
        guard let sent, sent.game == kept.game, !kept.contains(sent), let cell = sent.moves.last else { return nil }
        let mark = Board.marks[(sent.moves.count - 1) % sent.seats]
        return "Your \(mark) \(Board.places[cell]) was not counted: another player answered the same board first."
    }
}
