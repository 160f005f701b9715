import MessagesSDK

/// A board and its players: who sits in each seat, in join order, as identifiers *this
/// install* sees (guide §7, §9).
///
/// Players travel as `$<uuid>` tokens in the alternate layout's subcaption ("X $A · O $B"),
/// which the host translates into each receiving install's own identifiers, so
/// `init?(message:)` reads them back ready to compare with `localParticipantIdentifier`.
struct Game: Equatable, Sendable {
    var board: Board
    /// Seat holders, seat 0 (X) first; fewer than `board.seats` while a seat is open.
    var players: [UUID]

    /// Whose turn it is.
    enum Turn: Equatable {
        case player(UUID)
        /// The seat is open: the first person not yet seated who plays takes it.
        case open(seat: Int)
        case over
    }

    var turn: Turn {
        if self.board.isOver { return .over }
        let seat = self.board.nextSeat
        return seat < self.players.count ? .player(self.players[seat]) : .open(seat: seat)
    }

    /// A new game started by `local`: two seats in a conversation of two (the other person
    /// is O from the start), three in a group (O and △ open, taken in join order).
    static func new(local: UUID, remotes: [UUID]) -> Game {
        let seats = remotes.count >= 2 ? 3 : 2
        let board = Board(game: UUID().uuidString, seats: seats)
        return Game(board: board, players: seats == 2 ? [local] + remotes.prefix(1) : [local])
    }

    /// The seat `person` holds, if any.
    func seat(of person: UUID) -> Int? { self.players.firstIndex(of: person) }

    /// Whether `person` may move now: it is their seat's turn, or the seat is open and they
    /// hold none.
    func canMove(_ person: UUID) -> Bool {
        switch self.turn {
        case .player(let next): next == person
        case .open: self.seat(of: person) == nil
        case .over: false
        }
    }

    /// The game after `person` plays `cell`; nil when it is not theirs to play or the cell is taken.
    func playing(_ cell: Int, by person: UUID, moveID: String = Board.newMoveID()) -> Game? {
        guard self.canMove(person), let board = self.board.playing(cell, moveID: moveID) else { return nil }
        let players = self.seat(of: person) == nil ? self.players + [person] : self.players
        return Game(board: board, players: players)
    }

    // MARK: Texts: every name is a `$<uuid>` token, drawn by the host

    static func token(_ person: UUID) -> String { "$" + person.uuidString }

    /// Whose turn it is, or how it ended.
    var caption: String {
        switch self.turn {
        case .player(let next): return "\(Self.token(next))'s turn"
        case .open(let seat):
            let seated = self.players.map(Self.token)
            return "Who plays \(Board.marks[seat]) against \(seated.joined(separator: " and "))?"
        case .over:
            guard let winner = self.board.winner else { return "A draw" }
            return "\(Self.token(self.players[winner])) won"
        }
    }

    /// The players by seat ("X $A · O $B · △ open"): what `init?(message:)` reads back.
    var playersText: String {
        (0..<self.board.seats).map { seat in
            Board.marks[seat] + " " + (seat < self.players.count ? Self.token(self.players[seat]) : "open")
        }.joined(separator: " · ")
    }

    /// What the bubble collapses into once the next move arrives: the last move.
    var summary: String? {
        guard let cell = self.board.moves.last else { return nil }
        let seat = (self.board.moves.count - 1) % self.board.seats
        return "\(Self.token(self.players[seat])) played \(Board.marks[seat]) \(Board.places[cell])"
    }

    // MARK: Messages

    /// The move's message, in the game's session: a live layout (the extension draws the
    /// bubble) whose alternate layout says everything for devices without the app.
    func message(session: MSSession) -> MSMessage {
        let alternate = MSMessageTemplateLayout()
        alternate.image = UIImage(named: "tictactoe")
        alternate.caption = self.caption
        alternate.subcaption = self.playersText
        alternate.trailingCaption = "Move \(self.board.moves.count)"
        alternate.imageTitle = "Tic-Tac-Toe"
        alternate.imageSubtitle = self.board.rowsText
        let message = MSMessage(session: session)
        message.url = self.board.url
        message.layout = MSMessageLiveLayout(alternateLayout: alternate)
        message.summaryText = self.summary
        return message
    }

    /// The game a message of this app carries; nil for anything else.
    init?(message: MSMessage?) {
        guard let message, let board = Board(url: message.url) else { return nil }
        let layout =
            (message.layout as? MSMessageLiveLayout)?.alternateLayout ?? message.layout as? MSMessageTemplateLayout
        let players = Self.tokens(in: layout?.subcaption ?? "")
        guard players.count <= board.seats, players.count >= min(board.moves.count, board.seats) else { return nil }
        self.init(board: board, players: players)
    }

    init(board: Board, players: [UUID]) {
        self.board = board
        self.players = players
    }

    /// The `$<uuid>` tokens of a text, in order.
    static func tokens(in text: String) -> [UUID] {
        var found: [UUID] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            let candidate = rest[rest.index(after: dollar)...].prefix(36)
            if let uuid = UUID(uuidString: String(candidate)) {
                found.append(uuid)
                rest = rest[candidate.endIndex...]
            } else {
                rest = rest[rest.index(after: dollar)...]
            }
        }
        return found
    }
}
