import GRDB

/// The schema that the migrations up to `migratedThrough` leave, as one statement batch: an
/// empty store is created with it instead of running each migration in turn (start-up parsed
/// and ran seven migrations' statements, rebuilding two tables, for a store with nothing in it).
///
/// It is a snapshot, never edited when a migration is added: `Migrations.migrate` records the
/// migrations it stands for as applied and lets `DatabaseMigrator` run any later one, as on
/// any other store. `MigrationsTests` proves that it equals what the migrations make.
enum Schema {
    /// The last migration whose result this is.
    static let migratedThrough = "v7: former members"

    static let sql = """
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
        CREATE TABLE conversation_former_member (
            conversation TEXT NOT NULL REFERENCES conversation(id),
            person TEXT NOT NULL REFERENCES person(handle),
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
            install TEXT NOT NULL,
            person TEXT NOT NULL REFERENCES person(handle),
            identifier TEXT NOT NULL UNIQUE,
            PRIMARY KEY (install, person)
        );
        CREATE TABLE message (
            id TEXT PRIMARY KEY NOT NULL,
            conversation TEXT NOT NULL REFERENCES conversation(id),
            app TEXT,
            sender TEXT NOT NULL,
            sender_device TEXT NOT NULL,
            sender_install TEXT,
            sent_at INTEGER NOT NULL,
            content TEXT NOT NULL
        );
        CREATE TABLE transcript_entry (
            seq INTEGER PRIMARY KEY,
            device TEXT NOT NULL REFERENCES device(id),
            conversation TEXT NOT NULL REFERENCES conversation(id),
            message TEXT NOT NULL REFERENCES message(id),
            kind TEXT NOT NULL DEFAULT 'bubble',
            seen_at INTEGER,
            kept INTEGER NOT NULL DEFAULT 0,
            app TEXT,
            session TEXT,
            live INTEGER NOT NULL DEFAULT 0,
            expiring INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX transcript_entry_view ON transcript_entry(device, conversation, seq);
        CREATE INDEX transcript_entry_session ON transcript_entry(device, conversation, app, session) WHERE session IS NOT NULL;
        CREATE INDEX transcript_entry_live ON transcript_entry(device, conversation, seq) WHERE live = 1;
        CREATE INDEX transcript_entry_expiring ON transcript_entry(device, conversation, seq) WHERE expiring = 1;
        CREATE INDEX transcript_entry_expiring_seen ON transcript_entry(seq) WHERE expiring = 1 AND seen_at IS NOT NULL AND kept = 0;
        CREATE TABLE transcript_size (
            device TEXT NOT NULL,
            conversation TEXT NOT NULL,
            entries INTEGER NOT NULL,
            PRIMARY KEY (device, conversation)
        );
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
        CREATE TABLE delivery_rule (
            device TEXT PRIMARY KEY NOT NULL REFERENCES device(id),
            latency_ms INTEGER NOT NULL,
            hold INTEGER NOT NULL
        );
        """
}
