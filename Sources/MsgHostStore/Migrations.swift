import GRDB

/// The store's schema, as GRDB migrations. Every version from the first is kept, in order,
/// so that a state directory written by any earlier msghostd opens in a later one.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: world, installs, participants, messages, transcripts") { db in
            try db.execute(sql: """
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
        return migrator
    }
}
