import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// One case of PROTOCOL.md's error tables (§2.4, §3.1–3.5): which row of the document it
/// covers, the error the daemon must answer with, and how a test provokes it over a real socket.
struct ErrorRow: Sendable, CustomTestStringConvertible {
    enum Table: String, Sendable, CaseIterable {
        case limits = "2.4"
        case messages = "3.1"
        case stickers = "3.2"
        case protocolErrors = "3.3"
        case control = "3.4"
        case host = "3.5"
    }

    var table: Table
    /// The document's row: the `what` column in §2.4, the code in §3.2 (a sentence, no table),
    /// `"code name"` in the others.
    var docRow: String
    /// Which of several ways of provoking the same row this case is, if there are several.
    var variant: String
    /// Domain, code and name the reply must carry (its description is checked by `mentions`).
    var expected: WireError
    /// What the description must name (the field, frame, file or id that was wrong).
    var mentions: [String]
    var setup: ErrorScene.Setup
    var provoke: @Sendable (ErrorScene) throws -> ErrorOutcome

    init(
        _ table: Table, _ expected: WireError, limit: String? = nil, _ variant: String = "", mentions: [String] = [],
        setup: ErrorScene.Setup = .init(), provoke: @escaping @Sendable (ErrorScene) throws -> ErrorOutcome
    ) {
        self.table = table
        self.docRow = limit ?? (table == .stickers ? "\(expected.code)" : "\(expected.code) \(expected.name)")
        self.variant = variant
        self.expected = expected
        self.mentions = mentions
        self.setup = setup
        self.provoke = provoke
    }

    var testDescription: String {
        "§\(self.table.rawValue) \(self.docRow)" + (self.variant.isEmpty ? "" : ": \(self.variant)")
    }
}

/// The error a row expects; the description is the doc's and is not compared.
extension WireError {
    static func expect(_ code: MessagesErrorCode) -> WireError { .messages(code, "") }
    static func expect(_ code: StickersErrorCode) -> WireError { .stickers(code, "") }
    static func expect(_ code: ProtocolErrorCode) -> WireError { .protocolError(code, "") }
    static func expect(_ code: ControlErrorCode) -> WireError { .control(code, "") }
    static func expect(_ code: HostErrorCode) -> WireError { .host(code, "") }
}

/// What the daemon did about a provoked error.
enum ErrorOutcome {
    /// It answered `requestID` (nil when the request's header could not be parsed) with this
    /// reply, which must be signed with `key` (nil: an empty signature).
    case reply(ReceivedFrames, to: String?, signedWith: [UInt8]?)
    /// It answered nothing, as the document says, and recorded the error as this event.
    case recorded(EventRecord)
    /// No request provokes it (the daemon never returns it): only the document row is checked.
    case notProvokable(why: String)
}

/// The rows of PROTOCOL.md's error tables, parsed from the document itself.
enum ProtocolDocument {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md").path

    /// Every table's rows, keyed as `ErrorRow.docRow`.
    static func rows() throws -> [ErrorRow.Table: Set<String>] {
        let text = try String(contentsOfFile: self.path, encoding: .utf8)
        var rows: [ErrorRow.Table: Set<String>] = [:]
        for section in text.components(separatedBy: "\n### ").dropFirst() {
            guard let table = ErrorRow.Table.allCases.first(where: { section.hasPrefix($0.rawValue + " ") }) else {
                continue
            }
            let lines = section.split(separator: "\n").map(String.init)
            if table == .stickers {
                // "Codes 1 (file missing), 2 (unreadable), 3 (not an image), …"
                let sentence = lines.first { $0.hasPrefix("Codes ") } ?? ""
                rows[table] = Set(sentence.matches(of: /(\d+) \(/).map { String($0.1) })
                continue
            }
            let cells = lines.filter { $0.hasPrefix("|") }.dropFirst(2).map {
                $0.split(separator: "|").map {
                    $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
                }
            }
            rows[table] = Set(cells.map { table == .limits ? $0[0] : "\($0[0]) \($0[1])" })
        }
        return rows
    }
}
