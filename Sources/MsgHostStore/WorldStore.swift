import Foundation
import GRDB
import GRDBSQLite
import MsgHostCore
import MsgHostProtocol

/// The world in SQLite: one file in the state directory, WAL journal. It is also the core's
/// `HistoryStore`: the daemon keeps only the directory in memory and reads messages and
/// transcripts from here, through indexes (`WorldStore+Reads`).
///
/// Writes come in batches. `record` writes inside an open transaction, so that what the core
/// reads next sees its own writes at once (the batch is SQLite's own overlay); `commit` makes
/// the batch durable, and the shell acknowledges nothing before it has. With WAL and
/// `synchronous=NORMAL` a committed transaction survives the daemon being killed (`kill -9`).
///
/// Used from one thread at a time (the daemon's loop thread); GRDB's queue serializes the
/// connection itself.
public final class WorldStore: HistoryStore, @unchecked Sendable {
    private(set) var queue: DatabaseQueue
    public let path: String
    /// SQLite opened the store read-only (the state directory or its files were not writable
    /// at start): every write fails with SQLITE_READONLY, which the daemon answers as
    /// `storageUnavailable`. Each new batch first tries to open it writable again, so the
    /// daemon stores again as soon as it may, without a restart.
    public private(set) var isReadOnly: Bool
    /// Recently stored or read messages, decoded: a send reads its message once per device.
    let cache: MessageCache
    /// Device → owner, as read or written (`owner(of:)`).
    var owners: [String: String] = [:]
    /// Transcripts ("device\0conversation") found with no live-layout bubble, until one is
    /// written (`liveBubbles`): every arrival on a device showing its conversation asks for
    /// the live bubbles on screen, and most conversations have none. Forgotten with the batch
    /// on a rollback, as the reads it came from may have seen the batch's writes.
    var withoutLive: Set<TranscriptKey> = []
    /// The same for transcripts found with no unseen expiring entry (asked on every arrival at
    /// a device showing the conversation, to mark them seen), until one is written there.
    var withoutUnseenExpiring: Set<TranscriptKey> = []
    /// The first write of the open batch that failed: the batch is rolled back at `commit`.
    private var failure: (any Error)?
    /// Whether something was recorded and not committed yet (kept here, so that the loop can
    /// ask on every wake-up without touching the database).
    public private(set) var hasOpenBatch = false
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    let decoder = JSONDecoder()

    /// Opens (creating if needed) the store and runs every migration it has not seen.
    /// - Parameter messageCacheSize: how many decoded messages to keep (config
    ///   `history.messageCache`); memory stays bounded whatever the history holds.
    public init(path: String, messageCacheSize: Int = 1_024) throws {
        self.path = path
        self.cache = MessageCache(capacity: messageCacheSize)
        self.queue = try DatabaseQueue(path: path, configuration: Self.configuration)
        try self.queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try Migrations.migrate(self.queue)
        self.isReadOnly = Self.isReadOnly(self.queue)
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // A batch stays open across accesses until `commit` (see the type's doc).
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    private static func isReadOnly(_ queue: DatabaseQueue) -> Bool {
        queue.inDatabase { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }
    }

    /// Opens the store again if it can be written now (see `isReadOnly`). The read-only
    /// connection is closed first: SQLite shares a file's shared-memory index among the
    /// connections of one process, so a new connection beside it would be read-only too.
    private func reopenIfWritable() {
        let directory = (self.path as NSString).deletingLastPathComponent
        let files = [self.path, self.path + "-wal", self.path + "-shm"].filter {
            FileManager.default.fileExists(atPath: $0)
        }
        guard access(directory, W_OK) == 0, files.allSatisfy({ access($0, W_OK) == 0 }) else { return }
        guard (try? self.queue.close()) != nil else { return }
        if let queue = try? DatabaseQueue(path: self.path, configuration: Self.configuration) {
            self.queue = queue
            self.isReadOnly = Self.isReadOnly(queue)
        }
        self.forgetReadsOfTheBatch()
    }

    /// True when nothing has ever been stored: the time to apply a world seed.
    public func isEmpty() throws -> Bool {
        try self.queue.inDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0 } == 0
    }

    // MARK: Batches

    /// Writes changes into the open batch (opening one if none is open).
    public func record(_ changes: [WorldChange]) {
        guard !changes.isEmpty, self.failure == nil else { return }
        if self.isReadOnly && !self.hasOpenBatch { self.reopenIfWritable() }
        self.hasOpenBatch = true
        do {
            try self.queue.inDatabase { db in
                if !db.isInsideTransaction { try db.beginTransaction() }
                for change in changes { try self.write(change, db) }
            }
        } catch {
            self.failure = error
        }
    }

    /// Makes the open batch durable. If any of its writes failed, or the commit does, the
    /// whole batch is rolled back and the error thrown: nothing of it may be acknowledged.
    public func commit() throws {
        let failure = self.failure
        self.failure = nil
        self.hasOpenBatch = false
        try self.queue.inDatabase { db in
            guard db.isInsideTransaction else {
                if let failure { throw failure }
                return
            }
            if let failure {
                try db.rollback()
                self.forgetReadsOfTheBatch()
                throw failure
            }
            do {
                try db.commit()
            } catch {
                try? db.rollback()
                self.forgetReadsOfTheBatch()
                throw error
            }
        }
    }

    /// Drops the open batch: nothing of it is kept (a unit the core could not finish because a
    /// read failed). If even the rollback fails, the batch stays marked failed, so the next
    /// `commit` rolls it back and throws instead of keeping any of it.
    public func rollBack() {
        self.failure = nil
        self.hasOpenBatch = false
        self.forgetReadsOfTheBatch()
        do {
            try self.queue.inDatabase { db in
                if db.isInsideTransaction { try db.rollback() }
            }
        } catch {
            self.failure = error
            self.hasOpenBatch = true
        }
    }

    /// What was kept from reads that may have seen the batch now rolled back.
    private func forgetReadsOfTheBatch() {
        self.cache.removeAll()
        self.withoutLive.removeAll()
        self.withoutUnseenExpiring.removeAll()
    }

    /// Writes a batch of changes in one transaction: all or nothing (tools and seeding).
    public func apply(_ changes: [WorldChange]) throws {
        self.record(changes)
        try self.commit()
    }

    // MARK: Loading

    /// The world's directory, read back as the changes that would rebuild it, with this store
    /// as its history. No message or transcript entry is loaded.
    public func loadWorld() throws -> World {
        let changes = try self.queue.inDatabase { db in
            var changes: [WorldChange] = []
            for row in try Row.fetchAll(db, sql: "SELECT handle, name FROM person ORDER BY handle") {
                changes.append(.personCreated(Person(handle: row["handle"], name: row["name"])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, owner, platform, model FROM device ORDER BY id") {
                let platform = Platform(rawValue: row["platform"]) ?? .ios17
                let stored: String = row["model"]
                guard let model = DeviceModel(rawValue: stored) else {
                    throw StoredValueInvalid(
                        description:
                            "device \(row["id"] as String): model \"\(stored)\" is none of \(DeviceModel.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                changes.append(
                    .deviceCreated(Device(id: row["id"], owner: row["owner"], platform: platform, model: model)))
            }
            var members: [String: [String]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT conversation, person FROM conversation_member ORDER BY conversation, position")
            {
                members[row["conversation"], default: []].append(row["person"])
            }
            for id in try String.fetchAll(db, sql: "SELECT id FROM conversation ORDER BY id") {
                changes.append(.conversationCreated(Conversation(id: id, members: members[id] ?? [])))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT conversation, person FROM conversation_former_member ORDER BY conversation, person")
            {
                changes.append(.memberRemoved(conversation: row["conversation"], person: row["person"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, device, app, installed_at FROM install ORDER BY id") {
                changes.append(
                    .installCreated(
                        Install(id: row["id"], device: row["device"], app: row["app"], installedAt: row["installed_at"])
                    ))
            }
            for row in try Row.fetchAll(db, sql: "SELECT install, person, identifier FROM participant") {
                changes.append(
                    .participantAssigned(
                        installID: row["install"], person: row["person"], identifier: row["identifier"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM input_field") {
                let field: String = row["field"]
                changes.append(
                    .inputFieldChanged(
                        device: row["device"], conversation: row["conversation"],
                        try self.decoder.decode(InputField.self, from: Data(field.utf8))))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM contact") {
                changes.append(.contactNamed(device: row["device"], person: row["person"], name: row["name"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM delivery_rule ORDER BY device") {
                changes.append(
                    .deliveryRuleChanged(
                        device: row["device"], DeliveryRule(latencyMs: row["latency_ms"], hold: row["hold"])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM pending_delivery ORDER BY id") {
                changes.append(
                    .deliveryPending(
                        PendingDelivery(
                            id: row["id"], device: row["device"], conversation: row["conversation"],
                            messageID: row["message"], dueAt: row["due_at"], held: row["held"])))
            }
            return changes
        }
        return try World(replaying: changes, history: self)
    }

    func json(_ value: some Encodable) throws -> String {
        String(decoding: try self.encoder.encode(value), as: UTF8.self)
    }

    /// What every send stores, written by hand: the same bytes as `encoder` writes.
    func json(_ value: some FastEncodable) -> String {
        var writer = JSONWriter(escapesSlashes: true)
        value.write(to: &writer)
        guard !writer.failed else {
            return String(decoding: (try? self.encoder.encode(value)) ?? Data(), as: UTF8.self)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// A value in the store that this daemon cannot have written (a file edited by hand, or from
/// a newer daemon): the store is not loaded, and the error says which row and value.
public struct StoredValueInvalid: Error, CustomStringConvertible {
    public var description: String
}
