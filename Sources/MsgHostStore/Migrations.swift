import GRDB

/// The store's schema, as GRDB migrations. Every version from the first is kept, in order,
/// so that a state directory written by any earlier msghostd opens in a later one.
enum Migrations {
    /// Brings the store at `queue` to the newest schema. A store with nothing in it (a new
    /// state directory) gets `Schema.sql` in one transaction, and the migrations it stands
    /// for are recorded in `grdb_migrations` exactly as `DatabaseMigrator` records them, so
    /// that the migrator then runs only the later ones, if any. Any other store is migrated
    /// one migration after another, as it always was. (`migrator` is only for tests: the
    /// store's own, with a migration added after `Schema.migratedThrough`.)
    static func migrate(_ queue: DatabaseQueue, migrator: DatabaseMigrator = Self.migrator) throws {
        try queue.barrierWriteWithoutTransaction { db in
            // Asked first outside a transaction: a store opened read-only takes no write lock.
            guard try Self.isEmpty(db) else { return }
            try db.inTransaction(.immediate) {
                guard try Self.isEmpty(db) else { return .commit }
                try db.execute(sql: Schema.sql)
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                guard let last = migrator.migrations.firstIndex(of: Schema.migratedThrough) else {
                    preconditionFailure("Schema.migratedThrough names no migration: \(Schema.migratedThrough)")
                }
                for identifier in migrator.migrations[...last] {
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
                }
                return .commit
            }
        }
        try migrator.migrate(queue)
    }

    /// No table, index or anything else: a file SQLite has just made.
    private static func isEmpty(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: world, installs, participants, messages, transcripts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE person (
                        handle TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL
                    );
                    CREATE TABLE device (
                        id TEXT PRIMARY KEY NOT NULL,
                        owner TEXT NOT NULL REFERENCES person(handle),
                        platform TEXT NOT NULL
                    );
                    CREATE TABLE conversation (
                        id TEXT PRIMARY KEY NOT NULL
                    );
                    CREATE TABLE conversation_member (
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        person TEXT NOT NULL REFERENCES person(handle),
                        position INTEGER NOT NULL,
                        PRIMARY KEY (conversation, person)
                    );
                    CREATE TABLE install (
                        id TEXT PRIMARY KEY NOT NULL,
                        device TEXT NOT NULL REFERENCES device(id),
                        app TEXT NOT NULL,
                        installed_at INTEGER NOT NULL
                    );
                    CREATE UNIQUE INDEX install_device_app ON install(device, app);
                    CREATE TABLE participant (
                        install TEXT NOT NULL REFERENCES install(id) ON DELETE CASCADE,
                        person TEXT NOT NULL REFERENCES person(handle),
                        identifier TEXT NOT NULL UNIQUE,
                        PRIMARY KEY (install, person)
                    );
                    CREATE TABLE message (
                        id TEXT PRIMARY KEY NOT NULL,
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        app TEXT NOT NULL,
                        sender TEXT NOT NULL,
                        sender_device TEXT NOT NULL,
                        sender_install TEXT NOT NULL,
                        sent_at INTEGER NOT NULL,
                        body TEXT NOT NULL
                    );
                    CREATE TABLE transcript_entry (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        device TEXT NOT NULL REFERENCES device(id),
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        message TEXT NOT NULL REFERENCES message(id)
                    );
                    CREATE INDEX transcript_entry_view ON transcript_entry(device, conversation, seq);
                    """)
        }
        migrator.registerMigration("v2: message kinds, transcript entries, input fields, contacts, pending deliveries")
        { db in
            // message.app and sender_install become optional (typed text has no app), and the
            // body becomes a MessageContent: v1 bodies were MSMessages, i.e. app content.
            try db.execute(
                sql: """
                    CREATE TABLE message_v2 (
                        id TEXT PRIMARY KEY NOT NULL,
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        app TEXT,
                        sender TEXT NOT NULL,
                        sender_device TEXT NOT NULL,
                        sender_install TEXT,
                        sent_at INTEGER NOT NULL,
                        content TEXT NOT NULL
                    );
                    INSERT INTO message_v2 (id, conversation, app, sender, sender_device, sender_install, sent_at, content)
                        SELECT id, conversation, app, sender, sender_device, sender_install, sent_at,
                               json_object('app', json_object('_0', json(body)))
                        FROM message;
                    ALTER TABLE transcript_entry RENAME TO transcript_entry_v1;
                    DROP INDEX transcript_entry_view;
                    DROP TABLE message;
                    ALTER TABLE message_v2 RENAME TO message;
                    CREATE TABLE transcript_entry (
                        seq INTEGER PRIMARY KEY,
                        device TEXT NOT NULL REFERENCES device(id),
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        message TEXT NOT NULL REFERENCES message(id),
                        kind TEXT NOT NULL DEFAULT 'bubble',
                        seen_at INTEGER,
                        kept INTEGER NOT NULL DEFAULT 0
                    );
                    INSERT INTO transcript_entry (seq, device, conversation, message) SELECT seq, device, conversation, message FROM transcript_entry_v1;
                    DROP TABLE transcript_entry_v1;
                    CREATE INDEX transcript_entry_view ON transcript_entry(device, conversation, seq);
                    CREATE TABLE input_field (
                        device TEXT NOT NULL REFERENCES device(id),
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        field TEXT NOT NULL,
                        PRIMARY KEY (device, conversation)
                    );
                    CREATE TABLE contact (
                        device TEXT NOT NULL REFERENCES device(id),
                        person TEXT NOT NULL REFERENCES person(handle),
                        name TEXT NOT NULL,
                        PRIMARY KEY (device, person)
                    );
                    CREATE TABLE pending_delivery (
                        id INTEGER PRIMARY KEY,
                        device TEXT NOT NULL REFERENCES device(id),
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        message TEXT NOT NULL REFERENCES message(id),
                        due_at INTEGER NOT NULL,
                        held INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3: delivery rules") { db in
            // A device's `delivery` setting is acknowledged, so it survives a restart: else a
            // message sent after it would overtake the ones still held.
            try db.execute(
                sql: """
                    CREATE TABLE delivery_rule (
                        device TEXT PRIMARY KEY NOT NULL REFERENCES device(id),
                        latency_ms INTEGER NOT NULL,
                        hold INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v4: history read through indexes") { db in
            // The daemon no longer loads history: it asks. Each entry carries what the rules
            // look it up by (its message's app and session, live layout, expiring), behind
            // partial indexes, and each transcript's size is kept, so that no question needs a
            // scan or a join over a million rows. Filled here from the stored messages.
            try db.execute(
                sql: """
                    ALTER TABLE transcript_entry ADD COLUMN app TEXT;
                    ALTER TABLE transcript_entry ADD COLUMN session TEXT;
                    ALTER TABLE transcript_entry ADD COLUMN live INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE transcript_entry ADD COLUMN expiring INTEGER NOT NULL DEFAULT 0;
                    UPDATE transcript_entry SET
                        app = (SELECT m.app FROM message m WHERE m.id = transcript_entry.message),
                        session = (SELECT CASE WHEN m.app IS NULL THEN NULL ELSE json_extract(m.content, '$.app._0.session') END
                                   FROM message m WHERE m.id = transcript_entry.message),
                        live = coalesce((SELECT json_extract(m.content, '$.app._0.layout.type') = 'live'
                                         FROM message m WHERE m.id = transcript_entry.message), 0),
                        expiring = coalesce((SELECT json_extract(m.content, '$.app._0.shouldExpire') = 1
                                                    AND m.sender != (SELECT d.owner FROM device d WHERE d.id = transcript_entry.device)
                                             FROM message m WHERE m.id = transcript_entry.message), 0);
                    CREATE INDEX transcript_entry_session ON transcript_entry(device, conversation, app, session) WHERE session IS NOT NULL;
                    CREATE INDEX transcript_entry_live ON transcript_entry(device, conversation, seq) WHERE live = 1;
                    CREATE INDEX transcript_entry_expiring ON transcript_entry(device, conversation, seq) WHERE expiring = 1;
                    CREATE TABLE transcript_size (
                        device TEXT NOT NULL,
                        conversation TEXT NOT NULL,
                        entries INTEGER NOT NULL,
                        PRIMARY KEY (device, conversation)
                    );
                    INSERT INTO transcript_size (device, conversation, entries)
                        SELECT device, conversation, count(*) FROM transcript_entry GROUP BY device, conversation;
                    """)
        }
        migrator.registerMigration("v5: expiries under way") { db in
            // At start the host restarts the timers of expiring entries already seen and not
            // kept: with this index that asks for exactly those, not every expiring entry.
            try db.execute(
                sql: """
                    CREATE INDEX transcript_entry_expiring_seen ON transcript_entry(seq) WHERE expiring = 1 AND seen_at IS NOT NULL AND kept = 0;
                    """)
        }
        migrator.registerMigration("v6: retired participant identifiers") { db in
            // An uninstalled install's identifiers are kept (World.participants): messages it
            // sent name people with them. v1 deleted them with the install (ON DELETE CASCADE);
            // SQLite cannot drop a constraint, so the table is made again without it.
            try db.execute(
                sql: """
                    CREATE TABLE participant_v6 (
                        install TEXT NOT NULL,
                        person TEXT NOT NULL REFERENCES person(handle),
                        identifier TEXT NOT NULL UNIQUE,
                        PRIMARY KEY (install, person)
                    );
                    INSERT INTO participant_v6 (install, person, identifier) SELECT install, person, identifier FROM participant;
                    DROP TABLE participant;
                    ALTER TABLE participant_v6 RENAME TO participant;
                    """)
        }
        migrator.registerMigration("v7: former members") { db in
            // Group changes: members join and leave (conversation_member holds who is in now);
            // who left is kept, so that their devices still show what they had, read-only.
            try db.execute(
                sql: """
                    CREATE TABLE conversation_former_member (
                        conversation TEXT NOT NULL REFERENCES conversation(id),
                        person TEXT NOT NULL REFERENCES person(handle),
                        PRIMARY KEY (conversation, person)
                    );
                    """)
        }
        migrator.registerMigration("v8: device models") { db in
            // A device's hardware, which gives its apps their screen; devices made before
            // had the one screen there was, an iPhone 14's.
            try db.execute(sql: "ALTER TABLE device ADD COLUMN model TEXT NOT NULL DEFAULT 'iPhone14'")
        }
        return migrator
    }
}
