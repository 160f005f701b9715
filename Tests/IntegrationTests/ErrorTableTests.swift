import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// PROTOCOL.md's error tables, row by row (§2.4 limits, §3.1 Messages, §3.2 stickers, §3.3
/// protocol, §3.4 control, §3.5 host): each row provoked over a real socket against a real daemon, its
/// reply checked (domain, code, name, a description naming what was wrong, `replyTo`, the
/// signature), and the daemon still serving afterwards. The rows are in the `+Limits`,
/// `+Messages`, `+Protocol`, `+Control` and `+Host` files; a guard fails when the document has a row
/// that no case covers.
@Suite(.serialized) struct ErrorTableTests {
    static let rows = limitRows + messagesRows + protocolRows + controlRows + hostRows

    @Test(arguments: rows)
    func row(_ row: ErrorRow) throws {
        try ErrorScene.run(row.setup) { scene in
            let outcome = try row.provoke(scene)
            try Self.check(outcome, against: row)
            for check in scene.afterwards { try check() }
            if !scene.daemonStops { try Self.expectServing(scene) }
        }
    }

    @Test func everyRowOfTheDocumentsErrorTablesHasACase() throws {
        let document = try ProtocolDocument.rows()
        #expect(Set(document.keys) == Set(ErrorRow.Table.allCases), "PROTOCOL.md lost one of its error tables")
        let covered = Dictionary(grouping: Self.rows, by: \.table).mapValues { Set($0.map(\.docRow)) }
        for table in ErrorRow.Table.allCases {
            let rows = document[table] ?? []
            #expect(!rows.isEmpty, "no rows parsed from §\(table.rawValue)")
            for missing in rows.subtracting(covered[table] ?? []).sorted() {
                Issue.record("PROTOCOL.md §\(table.rawValue) row \"\(missing)\" has no case in ErrorTableTests")
            }
            for stale in (covered[table] ?? []).subtracting(rows).sorted() {
                Issue.record(
                    "ErrorTableTests has a case for §\(table.rawValue) \"\(stale)\", which PROTOCOL.md does not list")
            }
        }
    }

    static func check(_ outcome: ErrorOutcome, against row: ErrorRow) throws {
        switch outcome {
        case .reply(let reply, let requestID, let key):
            #expect(reply.header.type == ReplyType.name)
            if let requestID {
                #expect(reply.header.replyTo == requestID, "the reply's replyTo must be the request's id")
            }
            if let key {
                #expect(reply.verify(key: key), "the reply must be signed with the connection's token")
            } else {
                #expect(reply.signature.isEmpty, "the reply must have an empty signature")
            }
            let status = try reply.envelope.decodeBody(ReplyStatus.self)
            let error = try #require(
                status.failure,
                "expected \(row.expected.name), got ok: \(String(decoding: reply.envelope.body, as: UTF8.self))")
            #expect(error.domain == row.expected.domain)
            #expect(error.code == row.expected.code)
            #expect(error.name == row.expected.name)
            #expect(!error.description.isEmpty, "an error has a human description")
            for word in row.mentions {
                #expect(
                    error.description.contains(word), "the description should name \"\(word)\": \(error.description)")
            }
        case .recorded(let event):
            #expect(event.code == row.expected.code)
            #expect(event.name == row.expected.name)
            for word in row.mentions {
                #expect(
                    event.detail?.contains(word) == true, "the event should name \"\(word)\": \(event.detail ?? "")")
            }
        case .notProvokable:
            #expect(
                try ProtocolDocument.rows()[row.table]?.contains(row.docRow) == true,
                "PROTOCOL.md §\(row.table.rawValue) lists \(row.docRow)")
        }
    }

    /// A `status` request on the raw control socket answers ok, to its own id.
    static func expectServing(_ scene: ErrorScene) throws {
        guard case .reply(let reply, let id, _) = try scene.controlRequest(.status) else { return }
        #expect(reply.header.replyTo == id)
        #expect(try reply.envelope.decodeBody(ReplyStatus.self).isOK, "the daemon keeps serving after the error")
    }
}
