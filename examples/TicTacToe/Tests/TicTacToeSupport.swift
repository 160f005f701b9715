import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting

/// The game as built, and the user's moves, for the tests of this folder.
enum TicTacToe {
    static let bundleID = "com.example.tictactoe"

    /// The extension from the same build as these tests (`TICTACTOE_BINARY` to use another),
    /// in its example folder, so that `UIImage(named:)` finds `Resources/tictactoe.png`.
    static let app = TestDaemon.App(
        bundleID: bundleID, command: TestPaths.binary("TicTacToeExtension", override: "TICTACTOE_BINARY"), args: [],
        workingDirectory: TestPaths.repository + "/examples/TicTacToe")

    /// A board's cells and move ids, read from a message URL as any reader can.
    static func moves(_ entry: TranscriptEntryValue) -> (cells: [Int], ids: [String]) {
        let items = URLComponents(string: entry.message?.url ?? "")?.queryItems ?? []
        func list(_ name: String) -> [String] {
            (items.first { $0.name == name }?.value ?? "").split(separator: ",").map(String.init)
        }
        return (list("moves").compactMap(Int.init), list("ids"))
    }

    /// The alternate layout of an entry's message, as the viewing install sees it.
    static func alternate(_ entry: TranscriptEntryValue) -> TemplateLayoutValue? {
        guard case .live(let layout) = entry.message?.layout else { return nil }
        return layout
    }
}

extension TestDaemon {
    /// The newest app bubble in `device`'s transcript.
    func lastBubble(_ device: String) throws -> TranscriptEntryValue {
        guard let entry = try self.transcript(device).last(where: { $0.kind == "message" }) else {
            throw TestDaemonError(description: "no app bubble on \(device)")
        }
        return entry
    }

    /// The user taps the newest bubble: the app opens expanded on its game.
    func tapLastBubble(_ device: String) throws {
        let entry = try self.lastBubble(device).entry
        let tap = try self.control(
            .tap, TapRequest(device: device, conversation: self.conversation, entry: entry), as: TapResult.self)
        guard tap.action == "selected" else {
            throw TestDaemonError(description: "tapping entry \(entry) on \(device): \(tap)")
        }
    }

    /// The user taps the newest bubble and plays `cell` with its button.
    func move(_ device: String, cell: Int) throws {
        try self.tapLastBubble(device)
        try self.activate(device, button: "cell-\(cell)")
    }

    /// The texts of the app's view on `device` (title, status, note), top to bottom.
    func texts(_ device: String) throws -> [String] {
        try (self.view(device).view?.elements ?? []).compactMap { element in
            if case .text(let text, _) = element { return text }
            return nil
        }
    }

    /// The board the app shows on `device`: each cell's title ("X", "O", "△" or "·").
    func cells(_ device: String) throws -> [String] {
        try self.cellButtons(device).map(\.title)
    }

    /// The cells whose buttons can be activated on `device`.
    func playable(_ device: String) throws -> [Int] {
        try self.cellButtons(device).enumerated().filter(\.element.enabled).map(\.offset)
    }

    private func cellButtons(_ device: String) throws -> [(title: String, enabled: Bool)] {
        try (self.view(device).view?.elements ?? []).flatMap { element -> [(title: String, enabled: Bool)] in
            guard case .row(let cells) = element else { return [] }
            return cells.compactMap { cell in
                guard case .button(_, let title, _, let enabled) = cell else { return nil }
                return (title, enabled ?? true)
            }
        }
    }

    /// The identifier `person` has for `device`'s install of the game.
    func identifier(_ device: String, of person: String) throws -> String {
        let entries = try self.participants(device, app: TicTacToe.bundleID).participants
        guard let entry = entries.first(where: { $0.person == person }) else {
            throw TestDaemonError(description: "\(person) unknown to \(device)")
        }
        return entry.identifier
    }

    /// The file the game keeps for `game` in `device`'s install's container (guide §5).
    func keptGame(_ device: String, game: String) throws -> [String: Any] {
        let install = try self.participants(device, app: TicTacToe.bundleID).install.id
        let path = "\(self.directory)/state/containers/\(install)/home/.local/share/games/\(game).json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
