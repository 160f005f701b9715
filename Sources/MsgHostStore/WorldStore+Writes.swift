import GRDB
import MsgHostCore
import MsgHostProtocol

/// One statement (or two) per change, each prepared once and reused (GRDB's statement cache):
/// a send's rows cost inserts, not parses.
extension WorldStore {
    func write(_ change: WorldChange, _ db: Database) throws {
        switch change {
        case .personCreated(let person):
            try db.cachedStatement(sql: "INSERT INTO person (handle, name) VALUES (?, ?)").execute(arguments: [
                person.handle, person.name,
            ])
        case .deviceCreated(let device):
            self.owners[device.id] = device.owner
            try db.cachedStatement(sql: "INSERT INTO device (id, owner, platform, model) VALUES (?, ?, ?, ?)").execute(
                arguments: [device.id, device.owner, device.platform.rawValue, device.model.rawValue])
        case .conversationCreated(let conversation):
            try db.cachedStatement(sql: "INSERT INTO conversation (id) VALUES (?)").execute(arguments: [conversation.id]
            )
            for (position, member) in conversation.members.enumerated() {
                try db.cachedStatement(
                    sql: "INSERT INTO conversation_member (conversation, person, position) VALUES (?, ?, ?)"
                ).execute(arguments: [conversation.id, member, position])
            }
        case .installCreated(let install):
            try db.cachedStatement(sql: "INSERT INTO install (id, device, app, installed_at) VALUES (?, ?, ?, ?)")
                .execute(arguments: [install.id, install.device, install.app, install.installedAt])
        case .installRemoved(let installID):
            try db.cachedStatement(sql: "DELETE FROM install WHERE id = ?").execute(arguments: [installID])
        case .participantAssigned(let installID, let person, let identifier):
            try db.cachedStatement(sql: "INSERT INTO participant (install, person, identifier) VALUES (?, ?, ?)")
                .execute(arguments: [installID, person, identifier])
        case .messageStored(let message):
            try db.cachedStatement(
                sql:
                    "INSERT INTO message (id, conversation, app, sender, sender_device, sender_install, sent_at, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [
                    message.id, message.conversation, message.app, message.sender, message.senderDevice,
                    message.senderInstall, message.sentAt, self.json(message.content),
                ])
            self.cache.insert(message)
        case .transcriptEntryAdded(let device, let conversation, let entry):
            // What the rules look entries up by, fixed when the entry is made.
            let message = try self.message(entry.messageID, db)
            let session = entry.kind == .bubble ? message?.sessionKey : nil
            // Only others' messages expire on a device (see `HistoryStore.unseenExpiring`).
            let owner = try self.owner(of: device, db)
            let expiring = message?.isExpiring == true && message?.sender != owner
            try db.cachedStatement(
                sql: """
                    INSERT INTO transcript_entry (seq, device, conversation, message, kind, seen_at, kept, app, session, live, expiring)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                entry.id, device, conversation, entry.messageID, entry.kind.rawValue, entry.seenAt, entry.kept,
                session?.app, session?.session, entry.kind == .bubble && message?.isLiveLayout == true, expiring,
            ])
            if entry.kind == .bubble && message?.isLiveLayout == true {
                self.withoutLive.remove(TranscriptKey(device: device, conversation: conversation))
            }
            if expiring && entry.seenAt == nil {
                self.withoutUnseenExpiring.remove(TranscriptKey(device: device, conversation: conversation))
            }
            try self.resize(device, conversation, by: 1, db)
        case .transcriptEntryChanged(let device, let conversation, let entry):
            // An entry left unseen may be an expiring one (the flag is the row's, not here).
            if entry.seenAt == nil {
                self.withoutUnseenExpiring.remove(TranscriptKey(device: device, conversation: conversation))
            }
            // A collapsed bubble leaves its session (it is a summary now).
            try db.cachedStatement(
                sql: """
                    UPDATE transcript_entry SET kind = ?, seen_at = ?, kept = ?,
                        session = CASE WHEN ? = 'bubble' THEN session END, live = CASE WHEN ? = 'bubble' THEN live ELSE 0 END
                    WHERE seq = ? AND device = ? AND conversation = ?
                    """
            ).execute(arguments: [
                entry.kind.rawValue, entry.seenAt, entry.kept, entry.kind.rawValue, entry.kind.rawValue, entry.id,
                device, conversation,
            ])
        case .transcriptEntryRemoved(let device, let conversation, let entryID):
            try db.cachedStatement(
                sql: "DELETE FROM transcript_entry WHERE seq = ? AND device = ? AND conversation = ?"
            ).execute(arguments: [entryID, device, conversation])
            if db.changesCount > 0 { try self.resize(device, conversation, by: -1, db) }
        case .inputFieldChanged(let device, let conversation, let field):
            if field.isEmpty {
                try db.cachedStatement(sql: "DELETE FROM input_field WHERE device = ? AND conversation = ?").execute(
                    arguments: [device, conversation])
            } else {
                try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO input_field (device, conversation, field) VALUES (?, ?, ?)"
                ).execute(arguments: [device, conversation, try self.json(field)])
            }
        case .contactNamed(let device, let person, let name):
            if let name {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO contact (device, person, name) VALUES (?, ?, ?)")
                    .execute(arguments: [device, person, name])
            } else {
                try db.cachedStatement(sql: "DELETE FROM contact WHERE device = ? AND person = ?").execute(arguments: [
                    device, person,
                ])
            }
        case .deliveryRuleChanged(let device, let rule):
            if rule.isImmediate {
                try db.cachedStatement(sql: "DELETE FROM delivery_rule WHERE device = ?").execute(arguments: [device])
            } else {
                try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO delivery_rule (device, latency_ms, hold) VALUES (?, ?, ?)"
                ).execute(arguments: [device, rule.latencyMs, rule.hold])
            }
        case .deliveryPending(let delivery):
            try db.cachedStatement(
                sql:
                    "INSERT INTO pending_delivery (id, device, conversation, message, due_at, held) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [
                    delivery.id, delivery.device, delivery.conversation, delivery.messageID, delivery.dueAt,
                    delivery.held,
                ])
        case .deliveryDone(let id):
            try db.cachedStatement(sql: "DELETE FROM pending_delivery WHERE id = ?").execute(arguments: [id])
        case .memberAdded(let conversation, let person):
            try db.cachedStatement(
                sql: """
                    INSERT INTO conversation_member (conversation, person, position)
                    VALUES (?, ?, (SELECT coalesce(max(position), -1) + 1 FROM conversation_member WHERE conversation = ?))
                    """
            ).execute(arguments: [conversation, person, conversation])
            try db.cachedStatement(sql: "DELETE FROM conversation_former_member WHERE conversation = ? AND person = ?")
                .execute(arguments: [conversation, person])
        case .memberRemoved(let conversation, let person):
            try db.cachedStatement(sql: "DELETE FROM conversation_member WHERE conversation = ? AND person = ?")
                .execute(arguments: [conversation, person])
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO conversation_former_member (conversation, person) VALUES (?, ?)"
            ).execute(arguments: [conversation, person])
        }
    }

    /// Keeps each transcript's size, so that paging never counts a whole transcript.
    private func resize(_ device: String, _ conversation: String, by delta: Int, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO transcript_size (device, conversation, entries) VALUES (?, ?, ?)
                ON CONFLICT (device, conversation) DO UPDATE SET entries = entries + excluded.entries
                """
        ).execute(arguments: [device, conversation, delta])
    }
}

extension WorldStore {
    /// A device's owner: every transcript entry written asks (its expiring flag), two per
    /// send, so owners are kept once read (a device's owner never changes).
    func owner(of device: String, _ db: Database) throws -> String? {
        if let owner = self.owners[device] { return owner }
        let owner = try String.fetchOne(
            db.cachedStatement(sql: "SELECT owner FROM device WHERE id = ?"), arguments: [device])
        if let owner { self.owners[device] = owner }
        return owner
    }
}
