import Foundation
import GRDB
import MsgHostCore
import MsgHostProtocol

/// The core's questions about history, each answered through an index (see migration v4):
/// never a scan of a transcript or a join over all messages. Reads see the open batch. A read
/// that fails throws (a damaged file, an I/O error): the core answers `storageUnavailable`,
/// never "not there".
extension WorldStore {
    public func message(_ id: String) throws -> StoredMessage? {
        if let cached = self.cache[id] { return cached }
        return try self.queue.inDatabase { db in try self.message(id, db) }
    }

    /// The message, from the cache or the database (inside an access to it).
    func message(_ id: String, _ db: Database) throws -> StoredMessage? {
        if let cached = self.cache[id] { return cached }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM message WHERE id = ?"), arguments: [id])
        else { return nil }
        let content: String = row["content"]
        let message = StoredMessage(
            id: row["id"], conversation: row["conversation"], app: row["app"], sender: row["sender"],
            senderDevice: row["sender_device"],
            senderInstall: row["sender_install"], sentAt: row["sent_at"],
            content: try self.decoder.decode(MessageContent.self, from: Data(content.utf8)))
        self.cache.insert(message)
        return message
    }

    public func entry(_ id: Int) throws -> LocatedEntry? {
        try self.located("SELECT * FROM transcript_entry WHERE seq = ?", [id]).first
    }

    public func entries(device: String, conversation: String, before: Int?, limit: Int) throws -> [TranscriptEntry] {
        guard limit > 0 else { return [] }
        let rows = try self.located(
            """
            SELECT * FROM transcript_entry WHERE device = ? AND conversation = ? AND seq < ? ORDER BY seq DESC LIMIT ?
            """, [device, conversation, before ?? Int.max, limit])
        return rows.reversed().map(\.entry)
    }

    public func entryCount(device: String, conversation: String, from: Int?) throws -> Int {
        let count: Int? = try self.queue.inDatabase { db in
            if let from {
                return try Int.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT count(*) FROM transcript_entry WHERE device = ? AND conversation = ? AND seq >= ?"),
                    arguments: [device, conversation, from])
            }
            return try Int.fetchOne(
                db.cachedStatement(sql: "SELECT entries FROM transcript_size WHERE device = ? AND conversation = ?"),
                arguments: [device, conversation])
        }
        return count ?? 0
    }

    public func sessionBubbles(device: String, conversation: String, app: String, session: String) throws
        -> [TranscriptEntry]
    {
        try self.located(
            """
            SELECT * FROM transcript_entry WHERE device = ? AND conversation = ? AND app = ? AND session = ? AND kind = 'bubble' ORDER BY seq
            """, [device, conversation, app, session]
        ).map(\.entry)
    }

    public func liveBubbles(device: String, conversation: String, newest: Int) throws -> [TranscriptEntry] {
        guard newest > 0 else { return [] }
        let view = TranscriptKey(device: device, conversation: conversation)
        if self.withoutLive.contains(view) { return [] }
        let anyLive = try self.queue.inDatabase { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT EXISTS (SELECT 1 FROM transcript_entry WHERE device = ? AND conversation = ? AND live = 1)"
                ),
                arguments: [device, conversation])
        }
        guard anyLive == true else {
            self.withoutLive.insert(view)
            return []
        }
        // The screen starts at the newest-th entry from the end (or the first one).
        return try self.located(
            """
            SELECT * FROM transcript_entry WHERE device = ? AND conversation = ? AND live = 1 AND seq >= coalesce(
                (SELECT seq FROM transcript_entry WHERE device = ? AND conversation = ? ORDER BY seq DESC LIMIT 1 OFFSET ?), 0)
            ORDER BY seq
            """, [device, conversation, device, conversation, newest - 1]
        ).map(\.entry)
    }

    public func unseenExpiring(device: String, conversation: String) throws -> [TranscriptEntry] {
        let view = TranscriptKey(device: device, conversation: conversation)
        if self.withoutUnseenExpiring.contains(view) { return [] }
        let unseen = try self.located(
            """
            SELECT * FROM transcript_entry WHERE device = ? AND conversation = ? AND expiring = 1 AND seen_at IS NULL ORDER BY seq
            """, [device, conversation]
        ).map(\.entry)
        if unseen.isEmpty { self.withoutUnseenExpiring.insert(view) }
        return unseen
    }

    public func seenExpiring() throws -> [LocatedEntry] {
        try self.located(
            "SELECT * FROM transcript_entry WHERE expiring = 1 AND seen_at IS NOT NULL AND kept = 0 ORDER BY seq", [])
    }

    public func lastEntryID() throws -> Int {
        try self.queue.inDatabase { db in
            let entries = try Int.fetchOne(db, sql: "SELECT max(seq) FROM transcript_entry") ?? 0
            let deliveries = try Int.fetchOne(db, sql: "SELECT max(id) FROM pending_delivery") ?? 0
            return max(entries, deliveries)
        }
    }

    /// Runs a query of transcript entries.
    private func located(_ sql: String, _ arguments: StatementArguments) throws -> [LocatedEntry] {
        try self.queue.inDatabase { db in
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { (row: Row) in
                let kind = TranscriptEntry.Kind(rawValue: row["kind"]) ?? .bubble
                return LocatedEntry(
                    device: row["device"], conversation: row["conversation"],
                    entry: TranscriptEntry(
                        id: row["seq"], messageID: row["message"], kind: kind, seenAt: row["seen_at"], kept: row["kept"]
                    ))
            }
        }
    }
}
