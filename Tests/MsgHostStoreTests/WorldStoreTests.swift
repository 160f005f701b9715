import Foundation
import GRDB
import HashTreeCollections
import MsgHostCore
import MsgHostProtocol
import MsgHostStore
import Testing

/// Pins down the SQLite store (SPEC §7): what was applied is what a fresh store on the same file
/// loads (people, devices, conversations with their member order, installs, participant
/// identifiers, messages, transcripts in order); removing an install removes its identifiers;
/// reopening a file runs no migration again and keeps the data; a batch is all or nothing.
@Suite struct WorldStoreTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        self.directory = try TemporaryDirectory()
        self.path = self.directory.file("world.sqlite")
    }

    static let t0 = Instant(milliseconds: 1_700_000_000_000)

    static func message(_ id: String, from sender: String, device: String, install: String, layout: LayoutValue?)
        -> StoredMessage
    {
        StoredMessage(
            id: id, conversation: "group", app: "app", sender: sender, senderDevice: device, senderInstall: install,
            sentAt: 42,
            message: MessageValue(
                url: "https://example.com/\(id)", session: "S", summaryText: "$<X> ordered", shouldExpire: false,
                isPending: false, senderParticipantIdentifier: nil, layout: layout))
    }

    /// A world with every kind of change, built through `World` and returned with its changes
    /// cut into a few batches, as the host persists them.
    static func makeWorld() throws -> (World, [[WorldChange]]) {
        var ids = SequentialIDGenerator()
        var world = World()
        var setup: [WorldChange] = []
        setup += try world.createPerson(handle: "cleo", name: "Cleo")
        setup += try world.createPerson(handle: "amber", name: "Amber")
        setup += try world.createPerson(handle: "ben", name: "Ben")
        setup += try world.createDevice(id: "amber-phone", owner: "amber", platform: .ios17)
        setup += try world.createDevice(id: "amber-mac", owner: "amber", platform: .macos, model: .iPad)
        setup += try world.createDevice(id: "ben-phone", owner: "ben", platform: .legacy)
        setup += try world.createConversation(id: "group", members: ["ben", "cleo", "amber"])
        setup += try world.createConversation(id: "pair", members: ["cleo", "amber"])
        setup += try world.install(app: "app", on: "amber-phone", id: "install-a", at: t0)
        setup += try world.install(app: "app", on: "ben-phone", id: "install-b", at: t0)

        var traffic: [WorldChange] = []
        for person in ["amber", "ben", "cleo"] {
            traffic += world.participantIdentifier(install: "install-a", person: person, ids: &ids).1
            traffic += world.participantIdentifier(install: "install-b", person: person, ids: &ids).1
        }
        let live = LayoutValue.live(
            alternateLayout: TemplateLayoutValue(caption: "alt", image: FrameReference(frame: 0)))
        traffic += try world.storeAndArrive(
            message(
                "m1", from: "amber", device: "amber-phone", install: "install-a",
                layout: .template(.init(caption: "one"))))
        traffic += try world.storeAndArrive(
            message("m2", from: "ben", device: "ben-phone", install: "install-b", layout: live))
        traffic += try world.storeAndArrive(
            message("m3", from: "amber", device: "amber-mac", install: "install-a", layout: nil))

        var reinstall: [WorldChange] = []
        reinstall += try world.uninstall(app: "app", from: "ben-phone").1
        reinstall += try world.install(app: "app", on: "ben-phone", id: "install-b2", at: t0.adding(milliseconds: 5))
        reinstall += world.participantIdentifier(install: "install-b2", person: "amber", ids: &ids).1
        return (world, [setup, traffic, reinstall])
    }

    @Test func aFreshStoreOnTheSameFileLoadsAnEqualWorld() throws {
        let (world, batches) = try Self.makeWorld()
        do {
            let store = try WorldStore(path: self.path)
            for batch in batches { try store.apply(batch) }
        }
        let loaded = try WorldStore(path: self.path).loadWorld()
        #expect(loaded == world)
        #expect(loaded.conversations["group"]?.members == ["ben", "cleo", "amber"])
        #expect(loaded.devices["ben-phone"]?.platform == .legacy)
        #expect(loaded.devices["amber-mac"]?.model == .iPad && loaded.devices["ben-phone"]?.model == .iPhone14)
        // One session: the earlier two collapsed into their summaries, the last is the bubble.
        #expect(try loaded.entries(device: "amber-mac", conversation: "group").map(\.messageID) == ["m1", "m2", "m3"])
        #expect(
            try loaded.entries(device: "amber-mac", conversation: "group").map(\.kind) == [.summary, .summary, .bubble])
        #expect(try loaded.transcript(device: "amber-mac", conversation: "group").map(\.id) == ["m3"])
        #expect(try loaded.message("m2")?.message == world.message("m2")?.message)
    }

    @Test func groupChangesAreKeptWithTheirOrderAndFormerMembers() throws {
        var (world, batches) = try Self.makeWorld()
        var changes: [WorldChange] = []
        changes += try world.removeMember("ben", from: "group")
        changes += try world.addMember("ben", to: "pair")
        changes += try world.removeMember("cleo", from: "pair")
        changes += try world.addMember("cleo", to: "pair")
        changes += try world.removeMember("amber", from: "pair")
        do {
            let store = try WorldStore(path: self.path)
            for batch in batches + [changes] { try store.apply(batch) }
        }
        let loaded = try WorldStore(path: self.path).loadWorld()
        #expect(loaded == world)
        #expect(loaded.conversations["group"]?.members == ["cleo", "amber"])
        #expect(loaded.conversations["pair"]?.members == ["ben", "cleo"])
        #expect(loaded.formerMembers == ["group": ["ben"], "pair": ["amber"]])
    }

    @Test func anEmptyStoreLoadsAnEmptyWorldAndSaysItIsEmpty() throws {
        let store = try WorldStore(path: self.path)
        #expect(try store.isEmpty())
        #expect(try store.loadWorld() == World())
        try store.apply([.personCreated(Person(handle: "amber", name: "Amber"))])
        #expect(try !store.isEmpty())
    }

    @Test func removingAnInstallRetiresItsIdentifiersAndKeepsThem() throws {
        let (world, batches) = try Self.makeWorld()
        let store = try WorldStore(path: self.path)
        for batch in batches { try store.apply(batch) }
        let loaded = try store.loadWorld()
        #expect(loaded.installs["install-b"] == nil)
        // Retired, not deleted: messages install-b sent name people with these.
        #expect(loaded.participants["install-b"] != nil)
        #expect(loaded.participants["install-b"] == world.participants["install-b"])
        #expect(loaded.participants["install-a"]?.count == 3)
        #expect(loaded.participants["install-b2"]?.count == 1)
        let rows = try DatabaseQueue(path: self.path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM participant WHERE install = ?", arguments: ["install-b"])
        }
        #expect(rows == world.participants["install-b"]?.count)
    }

    @Test func reopeningAnExistingFileRunsNoMigrationAgainAndKeepsTheData() throws {
        try WorldStore(path: self.path).apply([.personCreated(Person(handle: "amber", name: "Amber"))])
        let migrations = { () throws -> [String] in
            try DatabaseQueue(path: self.path).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
        }
        let before = try migrations()
        #expect(before.count == 8, "v1 to v8")

        let reopened = try WorldStore(path: self.path)
        #expect(try migrations() == before)
        #expect(try reopened.loadWorld().people == ["amber": Person(handle: "amber", name: "Amber")])
        #expect(try !reopened.isEmpty())
    }

    @Test func aDevicesDeliveryRuleIsKeptAndAnImmediateOneForgotten() throws {
        let store = try WorldStore(path: self.path)
        try store.apply([
            .personCreated(Person(handle: "amber", name: "Amber")),
            .deviceCreated(Device(id: "amber-iphone", owner: "amber", platform: .ios17)),
            .deviceCreated(Device(id: "amber-mac", owner: "amber", platform: .macos)),
            .deliveryRuleChanged(device: "amber-iphone", DeliveryRule(latencyMs: 250, hold: true)),
            .deliveryRuleChanged(device: "amber-mac", DeliveryRule(latencyMs: 10)),
        ])
        #expect(
            try WorldStore(path: self.path).loadWorld().deliveryRules == [
                "amber-iphone": DeliveryRule(latencyMs: 250, hold: true), "amber-mac": DeliveryRule(latencyMs: 10),
            ])
        try store.apply([.deliveryRuleChanged(device: "amber-mac", DeliveryRule())])
        #expect(try WorldStore(path: self.path).loadWorld().deliveryRules.keys.sorted() == ["amber-iphone"])
    }

    @Test func aFailingBatchAppliesNothingOfItself() throws {
        let store = try WorldStore(path: self.path)
        try store.apply([.personCreated(Person(handle: "amber", name: "Amber"))])
        let batch: [WorldChange] = [
            .personCreated(Person(handle: "ben", name: "Ben")),
            .deviceCreated(Device(id: "ben-phone", owner: "ben")),
            .personCreated(Person(handle: "amber", name: "Amber again")),
        ]
        #expect(throws: (any Error).self) { try store.apply(batch) }
        let loaded = try WorldStore(path: self.path).loadWorld()
        #expect(loaded.people == ["amber": Person(handle: "amber", name: "Amber")])
        #expect(loaded.devices.isEmpty)
    }

    @Test func aBatchBreakingAReferenceAppliesNothing() throws {
        let store = try WorldStore(path: self.path)
        let batch: [WorldChange] = [
            .personCreated(Person(handle: "amber", name: "Amber")),
            .deviceCreated(Device(id: "ghost-phone", owner: "nobody")),
        ]
        #expect(throws: (any Error).self) { try store.apply(batch) }
        #expect(try store.isEmpty())
    }
}

/// A state directory written by the first msghostd (schema v1) opens in this one: the v2
/// migration carries its messages and transcripts over.
@Suite struct MigrationTests {
    @Test func aVersionOneStoreIsMigratedWithItsMessages() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v1.sqlite")
        // The v1 schema and rows exactly as v1 wrote them.
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1: world, installs, participants, messages, transcripts');
                    CREATE TABLE person (handle TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL);
                    CREATE TABLE device (id TEXT PRIMARY KEY NOT NULL, owner TEXT NOT NULL REFERENCES person(handle), platform TEXT NOT NULL);
                    CREATE TABLE conversation (id TEXT PRIMARY KEY NOT NULL);
                    CREATE TABLE conversation_member (conversation TEXT NOT NULL REFERENCES conversation(id), person TEXT NOT NULL REFERENCES person(handle), position INTEGER NOT NULL, PRIMARY KEY (conversation, person));
                    CREATE TABLE install (id TEXT PRIMARY KEY NOT NULL, device TEXT NOT NULL REFERENCES device(id), app TEXT NOT NULL, installed_at INTEGER NOT NULL);
                    CREATE UNIQUE INDEX install_device_app ON install(device, app);
                    CREATE TABLE participant (install TEXT NOT NULL REFERENCES install(id) ON DELETE CASCADE, person TEXT NOT NULL REFERENCES person(handle), identifier TEXT NOT NULL UNIQUE, PRIMARY KEY (install, person));
                    CREATE TABLE message (id TEXT PRIMARY KEY NOT NULL, conversation TEXT NOT NULL REFERENCES conversation(id), app TEXT NOT NULL, sender TEXT NOT NULL, sender_device TEXT NOT NULL, sender_install TEXT NOT NULL, sent_at INTEGER NOT NULL, body TEXT NOT NULL);
                    CREATE TABLE transcript_entry (seq INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL REFERENCES device(id), conversation TEXT NOT NULL REFERENCES conversation(id), message TEXT NOT NULL REFERENCES message(id));
                    CREATE INDEX transcript_entry_view ON transcript_entry(device, conversation, seq);
                    INSERT INTO person VALUES ('kate', 'Kate'), ('john', 'John');
                    INSERT INTO device VALUES ('kate-iphone', 'kate', 'ios17'), ('john-iphone', 'john', 'ios17');
                    INSERT INTO conversation VALUES ('kj');
                    INSERT INTO conversation_member VALUES ('kj', 'kate', 0), ('kj', 'john', 1);
                    INSERT INTO install VALUES ('i-k', 'kate-iphone', 'app', 1);
                    INSERT INTO message VALUES ('m1', 'kj', 'app', 'kate', 'kate-iphone', 'i-k', 5, '{"layout":{"caption":"hi","type":"template"},"session":"S","summaryText":"said hi"}');
                    INSERT INTO transcript_entry (device, conversation, message) VALUES ('kate-iphone', 'kj', 'm1'), ('john-iphone', 'kj', 'm1');
                    """)
        }
        let world = try WorldStore(path: path).loadWorld()
        #expect(
            world.devices["kate-iphone"]?.model == .iPhone14, "a device made before models has the one screen there was"
        )
        let message = try #require(try world.message("m1"))
        #expect(message.message?.layout == .template(TemplateLayoutValue(caption: "hi")))
        #expect(message.message?.session == "S" && message.app == "app" && message.senderInstall == "i-k")
        #expect(try world.entries(device: "john-iphone", conversation: "kj").map(\.kind) == [.bubble])
        #expect(try world.transcript(device: "kate-iphone", conversation: "kj").map(\.id) == ["m1"])
        // New entries get ids after the migrated ones.
        #expect(world.nextSerial == 3)
    }

    @Test func aDeviceModelTheDaemonCannotHaveWrittenIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("models.sqlite")
        try WorldStore(path: path).apply([
            .personCreated(Person(handle: "amber", name: "Amber")),
            .deviceCreated(Device(id: "amber-phone", owner: "amber", model: .iPhoneSE)),
        ])
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE device SET model = 'Nokia 3310'") }
        #expect {
            try WorldStore(path: path).loadWorld()
        } throws: { error in
            "\(error)".contains(
                "device amber-phone: model \"Nokia 3310\" is none of iPhoneSE, iPhone14, iPhone15, iPhone15ProMax, iPad"
            )
        }
    }
}
