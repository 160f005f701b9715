import Foundation
import GRDB
import MsgHostCore
import MsgHostProtocol

/// The world in SQLite: one file in the state directory, WAL journal.
///
/// The daemon writes every `WorldChange` batch in one transaction before it acknowledges it.
/// With WAL and `synchronous=NORMAL` a committed transaction survives the daemon being killed
/// (`kill -9`); only a power loss can take the last few, which a test machine does not have.
public final class WorldStore {
    private let queue: DatabaseQueue
    public let path: String

    /// Opens (creating if needed) the store and runs every migration it has not seen.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        self.path = path
        self.queue = try DatabaseQueue(path: path, configuration: configuration)
        try self.queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try Migrations.migrator.migrate(self.queue)
    }

    /// True when nothing has ever been stored: the time to apply a world seed.
    public func isEmpty() throws -> Bool {
        try self.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0 } == 0
    }

    /// Writes a batch of changes in one transaction: all or nothing. Statements are prepared
    /// once and reused (GRDB's statement cache): a send's rows cost an insert, not a parse.
    public func apply(_ changes: [WorldChange]) throws {
        guard !changes.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try self.queue.write { db in
            for change in changes {
                switch change {
                case .personCreated(let person):
                    try db.cachedStatement(sql: "INSERT INTO person (handle, name) VALUES (?, ?)").execute(arguments: [person.handle, person.name])
                case .deviceCreated(let device):
                    try db.cachedStatement(sql: "INSERT INTO device (id, owner, platform) VALUES (?, ?, ?)").execute(arguments: [device.id, device.owner, device.platform.rawValue])
                case .conversationCreated(let conversation):
                    try db.cachedStatement(sql: "INSERT INTO conversation (id) VALUES (?)").execute(arguments: [conversation.id])
                    for (position, member) in conversation.members.enumerated() {
                        try db.cachedStatement(sql: "INSERT INTO conversation_member (conversation, person, position) VALUES (?, ?, ?)").execute(arguments: [conversation.id, member, position])
                    }
                case .installCreated(let install):
                    try db.cachedStatement(sql: "INSERT INTO install (id, device, app, installed_at) VALUES (?, ?, ?, ?)").execute(arguments: [install.id, install.device, install.app, install.installedAt])
                case .installRemoved(let installID):
                    try db.cachedStatement(sql: "DELETE FROM install WHERE id = ?").execute(arguments: [installID])
                case .participantAssigned(let installID, let person, let identifier):
                    try db.cachedStatement(sql: "INSERT INTO participant (install, person, identifier) VALUES (?, ?, ?)").execute(arguments: [installID, person, identifier])
                case .messageStored(let message):
                    try db.cachedStatement(sql: "INSERT INTO message (id, conversation, app, sender, sender_device, sender_install, sent_at, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").execute(
                        arguments: [message.id, message.conversation, message.app, message.sender, message.senderDevice, message.senderInstall, message.sentAt, try Self.json(message.content, encoder)])
                case .transcriptEntryAdded(let device, let conversation, let entry):
                    try db.cachedStatement(sql: "INSERT INTO transcript_entry (seq, device, conversation, message, kind, seen_at, kept) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(
                        arguments: [entry.id, device, conversation, entry.messageID, entry.kind.rawValue, entry.seenAt, entry.kept])
                case .transcriptEntryChanged(_, _, let entry):
                    try db.cachedStatement(sql: "UPDATE transcript_entry SET kind = ?, seen_at = ?, kept = ? WHERE seq = ?").execute(arguments: [entry.kind.rawValue, entry.seenAt, entry.kept, entry.id])
                case .transcriptEntryRemoved(_, _, let entryID):
                    try db.cachedStatement(sql: "DELETE FROM transcript_entry WHERE seq = ?").execute(arguments: [entryID])
                case .inputFieldChanged(let device, let conversation, let field):
                    if field.isEmpty {
                        try db.cachedStatement(sql: "DELETE FROM input_field WHERE device = ? AND conversation = ?").execute(arguments: [device, conversation])
                    } else {
                        try db.cachedStatement(sql: "INSERT OR REPLACE INTO input_field (device, conversation, field) VALUES (?, ?, ?)").execute(arguments: [device, conversation, try Self.json(field, encoder)])
                    }
                case .contactNamed(let device, let person, let name):
                    if let name {
                        try db.cachedStatement(sql: "INSERT OR REPLACE INTO contact (device, person, name) VALUES (?, ?, ?)").execute(arguments: [device, person, name])
                    } else {
                        try db.cachedStatement(sql: "DELETE FROM contact WHERE device = ? AND person = ?").execute(arguments: [device, person])
                    }
                case .deliveryRuleChanged(let device, let rule):
                    if rule.isImmediate {
                        try db.cachedStatement(sql: "DELETE FROM delivery_rule WHERE device = ?").execute(arguments: [device])
                    } else {
                        try db.cachedStatement(sql: "INSERT OR REPLACE INTO delivery_rule (device, latency_ms, hold) VALUES (?, ?, ?)").execute(arguments: [device, rule.latencyMs, rule.hold])
                    }
                case .deliveryPending(let delivery):
                    try db.cachedStatement(sql: "INSERT INTO pending_delivery (id, device, conversation, message, due_at, held) VALUES (?, ?, ?, ?, ?, ?)").execute(
                        arguments: [delivery.id, delivery.device, delivery.conversation, delivery.messageID, delivery.dueAt, delivery.held])
                case .deliveryDone(let id):
                    try db.cachedStatement(sql: "DELETE FROM pending_delivery WHERE id = ?").execute(arguments: [id])
                }
            }
        }
    }

    private static func json(_ value: some Encodable, _ encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Reads the whole world back, as the changes that would rebuild it.
    public func loadWorld() throws -> World {
        let decoder = JSONDecoder()
        return try self.queue.read { db in
            var changes: [WorldChange] = []
            for row in try Row.fetchAll(db, sql: "SELECT handle, name FROM person ORDER BY handle") {
                changes.append(.personCreated(Person(handle: row["handle"], name: row["name"])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, owner, platform FROM device ORDER BY id") {
                let platform = Platform(rawValue: row["platform"]) ?? .ios17
                changes.append(.deviceCreated(Device(id: row["id"], owner: row["owner"], platform: platform)))
            }
            var members: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT conversation, person FROM conversation_member ORDER BY conversation, position") {
                members[row["conversation"], default: []].append(row["person"])
            }
            for id in try String.fetchAll(db, sql: "SELECT id FROM conversation ORDER BY id") {
                changes.append(.conversationCreated(Conversation(id: id, members: members[id] ?? [])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, device, app, installed_at FROM install ORDER BY id") {
                changes.append(.installCreated(Install(id: row["id"], device: row["device"], app: row["app"], installedAt: row["installed_at"])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT install, person, identifier FROM participant") {
                changes.append(.participantAssigned(installID: row["install"], person: row["person"], identifier: row["identifier"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM message ORDER BY sent_at, id") {
                let content: String = row["content"]
                changes.append(.messageStored(StoredMessage(
                    id: row["id"], conversation: row["conversation"], app: row["app"], sender: row["sender"], senderDevice: row["sender_device"],
                    senderInstall: row["sender_install"], sentAt: row["sent_at"], content: try decoder.decode(MessageContent.self, from: Data(content.utf8)))))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM transcript_entry ORDER BY seq") {
                let kind = TranscriptEntry.Kind(rawValue: row["kind"]) ?? .bubble
                let entry = TranscriptEntry(id: row["seq"], messageID: row["message"], kind: kind, seenAt: row["seen_at"], kept: row["kept"])
                changes.append(.transcriptEntryAdded(device: row["device"], conversation: row["conversation"], entry))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM input_field") {
                let field: String = row["field"]
                changes.append(.inputFieldChanged(device: row["device"], conversation: row["conversation"], try decoder.decode(InputField.self, from: Data(field.utf8))))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM contact") {
                changes.append(.contactNamed(device: row["device"], person: row["person"], name: row["name"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM delivery_rule ORDER BY device") {
                changes.append(.deliveryRuleChanged(device: row["device"], DeliveryRule(latencyMs: row["latency_ms"], hold: row["hold"])))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM pending_delivery ORDER BY id") {
                changes.append(.deliveryPending(PendingDelivery(
                    id: row["id"], device: row["device"], conversation: row["conversation"], messageID: row["message"], dueAt: row["due_at"], held: row["held"])))
            }
            return World(replaying: changes)
        }
    }
}
