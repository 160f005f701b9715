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

    /// Writes a batch of changes in one transaction: all or nothing.
    public func apply(_ changes: [WorldChange]) throws {
        guard !changes.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try self.queue.write { db in
            for change in changes {
                switch change {
                case .personCreated(let person):
                    try db.execute(sql: "INSERT INTO person (handle, name) VALUES (?, ?)", arguments: [person.handle, person.name])
                case .deviceCreated(let device):
                    try db.execute(sql: "INSERT INTO device (id, owner, platform) VALUES (?, ?, ?)", arguments: [device.id, device.owner, device.platform.rawValue])
                case .conversationCreated(let conversation):
                    try db.execute(sql: "INSERT INTO conversation (id) VALUES (?)", arguments: [conversation.id])
                    for (position, member) in conversation.members.enumerated() {
                        try db.execute(sql: "INSERT INTO conversation_member (conversation, person, position) VALUES (?, ?, ?)", arguments: [conversation.id, member, position])
                    }
                case .installCreated(let install):
                    try db.execute(sql: "INSERT INTO install (id, device, app, installed_at) VALUES (?, ?, ?, ?)", arguments: [install.id, install.device, install.app, install.installedAt])
                case .installRemoved(let installID):
                    try db.execute(sql: "DELETE FROM install WHERE id = ?", arguments: [installID])
                case .participantAssigned(let installID, let person, let identifier):
                    try db.execute(sql: "INSERT INTO participant (install, person, identifier) VALUES (?, ?, ?)", arguments: [installID, person, identifier])
                case .messageStored(let message):
                    let body = String(decoding: try encoder.encode(message.message), as: UTF8.self)
                    try db.execute(
                        sql: "INSERT INTO message (id, conversation, app, sender, sender_device, sender_install, sent_at, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        arguments: [message.id, message.conversation, message.app, message.sender, message.senderDevice, message.senderInstall, message.sentAt, body])
                case .transcriptAppended(let device, let conversation, let messageID):
                    try db.execute(sql: "INSERT INTO transcript_entry (device, conversation, message) VALUES (?, ?, ?)", arguments: [device, conversation, messageID])
                }
            }
        }
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
            for row in try Row.fetchAll(db, sql: "SELECT * FROM message") {
                let body: String = row["body"]
                let message = try decoder.decode(MessageValue.self, from: Data(body.utf8))
                changes.append(.messageStored(StoredMessage(
                    id: row["id"], conversation: row["conversation"], app: row["app"], sender: row["sender"],
                    senderDevice: row["sender_device"], senderInstall: row["sender_install"], sentAt: row["sent_at"], message: message)))
            }
            for row in try Row.fetchAll(db, sql: "SELECT device, conversation, message FROM transcript_entry ORDER BY seq") {
                changes.append(.transcriptAppended(device: row["device"], conversation: row["conversation"], messageID: row["message"]))
            }
            return World(replaying: changes)
        }
    }
}
