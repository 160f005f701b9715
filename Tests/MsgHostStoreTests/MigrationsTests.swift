import Foundation
import GRDB
import Testing

@testable import MsgHostStore

/// Pins down the two ways to the newest schema (`Migrations.migrate`): an empty store is made
/// with `Schema.sql` in one batch, any other store runs the migrations one by one. Both must
/// end with the same tables, columns, keys and indexes and the same `grdb_migrations`, and a
/// migration added later must still run on a store made either way.
@Suite struct MigrationsTests {
    let directory: TemporaryDirectory

    init() throws {
        self.directory = try TemporaryDirectory()
    }

    @Test func anEmptyStoreGetsWhatTheMigrationsMakeStepByStep() throws {
        let fresh = try DatabaseQueue(path: self.directory.file("fresh.sqlite"))
        try Migrations.migrate(fresh)
        let stepped = try DatabaseQueue(path: self.directory.file("stepped.sqlite"))
        try Migrations.migrator.migrate(stepped)

        let freshSchema = try Self.schema(fresh)
        #expect(freshSchema.count > 100)
        #expect(freshSchema == (try Self.schema(stepped)))
        #expect(try fresh.read(Self.applied) == Migrations.migrator.migrations)
        #expect(try stepped.read(Self.applied) == Migrations.migrator.migrations)
        // The one-batch path really ran: v1's AUTOINCREMENT table (which v2 replaced) left
        // SQLite's sqlite_sequence behind on the stepped store only.
        #expect(try !fresh.read { db in try db.tableExists("sqlite_sequence") })
        #expect(try stepped.read { db in try db.tableExists("sqlite_sequence") })
    }

    @Test func aStoreWithTablesMigratesStepByStepAndKeepsItsRows() throws {
        let old = try DatabaseQueue(path: self.directory.file("old.sqlite"))
        try Migrations.migrator.migrate(old, upTo: "v3: delivery rules")
        try old.write { db in
            try db.execute(sql: "INSERT INTO person (handle, name) VALUES ('a@x', 'A')")
            try db.execute(sql: "INSERT INTO device (id, owner, platform) VALUES ('a-iphone', 'a@x', 'ios17')")
            try db.execute(sql: "INSERT INTO delivery_rule (device, latency_ms, hold) VALUES ('a-iphone', 250, 0)")
        }
        try Migrations.migrate(old)

        let stepped = try DatabaseQueue(path: self.directory.file("stepped.sqlite"))
        try Migrations.migrator.migrate(stepped)
        #expect(try Self.schema(old) == Self.schema(stepped))
        #expect(try old.read(Self.applied) == Migrations.migrator.migrations)
        #expect(
            try old.read { db in
                try Int.fetchOne(db, sql: "SELECT latency_ms FROM delivery_rule WHERE device = 'a-iphone'")
            } == 250)
    }

    @Test func aMigrationAfterTheSchemaRunsOnAFreshStore() throws {
        var migrator = Migrations.migrator
        migrator.registerMigration("v99: later") { db in
            try db.execute(sql: "ALTER TABLE person ADD COLUMN nickname TEXT")
        }
        let fresh = try DatabaseQueue(path: self.directory.file("fresh.sqlite"))
        try Migrations.migrate(fresh, migrator: migrator)
        let stepped = try DatabaseQueue(path: self.directory.file("stepped.sqlite"))
        try migrator.migrate(stepped)

        #expect(try fresh.read(Self.applied) == migrator.migrations)
        #expect(try fresh.read { db in try db.columns(in: "person").map(\.name) } == ["handle", "name", "nickname"])
        #expect(try Self.schema(fresh) == Self.schema(stepped))
    }

    @Test func theSchemaStandsForARegisteredMigration() {
        #expect(Migrations.migrator.migrations.contains(Schema.migratedThrough))
    }

    /// Migration identifiers in the order they were recorded.
    private static func applied(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// Every table and index (but SQLite's own sqlite_sequence) with its statement, spaces and
    /// quotes normalized (ALTER TABLE rewrites a statement's text, not its meaning), and what
    /// SQLite reads from it: each table's columns, foreign keys and indexes, each index's columns.
    private static func schema(_ queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            var lines: [String] = []
            let objects = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name != 'sqlite_sequence' ORDER BY type, name
                    """)
            for object in objects {
                let type: String = object["type"]
                let name: String = object["name"]
                let table: String = object["tbl_name"]
                lines.append("\(type) \(name) on \(table): \(Self.normalized(object["sql"]))")
                let pragmas =
                    type == "table"
                    ? [
                        "SELECT * FROM pragma_table_xinfo(?) ORDER BY cid",
                        "SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                        "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name",
                    ]
                    : ["SELECT * FROM pragma_index_xinfo(?) ORDER BY seqno"]
                for sql in pragmas {
                    lines += try Row.fetchAll(db, sql: sql, arguments: [name]).map { "\(name): \($0)" }
                }
            }
            return lines
        }
    }

    private static func normalized(_ sql: String?) -> String {
        guard let sql else { return "(made by SQLite)" }
        return sql.replacingOccurrences(of: "\"", with: "")
            .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: " ,", with: ",")
            .replacingOccurrences(of: " )", with: ")")
            .replacingOccurrences(of: "( ", with: "(")
    }
}
