import Foundation

/// What this install knows of each game, in its container (guide §5): the newest board it has
/// seen, with its players, and the last board it sent. The process is ended soon after the
/// app closes, so this file is the app's only memory between two taps.
///
/// Where an iOS app keeps its files: Application Support, which msghostd puts inside the
/// install's container (`XDG_DATA_HOME`, PROTOCOL.md §4.1), one JSON file per game.
enum GameStore {
    struct Record: Codable {
        var url: String
        var players: [String]
        /// The URL of the last board this install sent, to tell its player when a reply to
        /// the same board won the race (guide §9).
        var sent: String?
    }

    static var directory: URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory())
            .appendingPathComponent(".local/share")
        return support.appendingPathComponent("games", isDirectory: true)
    }

    static func file(_ game: String) -> URL { self.directory.appendingPathComponent(game + ".json") }

    static func record(_ game: String) -> Record? {
        guard let data = try? Data(contentsOf: self.file(game)) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }

    /// The newest board of `game` this install has seen, with its players.
    static func newest(_ game: String) -> Game? {
        guard let record = self.record(game), let board = Board(url: URL(string: record.url)) else { return nil }
        return Game(board: board, players: record.players.compactMap(UUID.init(uuidString:)))
    }

    /// The last board of `game` this install sent.
    static func sent(_ game: String) -> Board? {
        self.record(game)?.sent.flatMap { Board(url: URL(string: $0)) }
    }

    /// Keeps `game` if it is newer than the kept one (`Board.isNewer`), and returns the newest.
    @discardableResult
    static func remember(_ game: Game, sent: Bool = false) -> Game {
        let kept = self.newest(game.board.game)
        let newest = kept.map { game.board.isNewer(than: $0.board) ? game : $0 } ?? game
        var record = self.record(game.board.game) ?? Record(url: "", players: [], sent: nil)
        record.url = newest.board.url.absoluteString
        record.players = newest.players.map(\.uuidString)
        if sent { record.sent = game.board.url.absoluteString }
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
            try JSONEncoder().encode(record).write(to: self.file(game.board.game), options: .atomic)
        } catch {
            print("TicTacToe: could not keep game \(game.board.game): \(error)")
        }
        return newest
    }
}
