import Foundation
import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHost
@testable import MsgHostCore

/// Pins down world seeds (config/world.yaml): the YAML form loads with every section optional
/// and the platform defaulting later; a bad file is an error naming it; and the host applies a
/// seed only if every installed app has a manifest, applying nothing otherwise.
@Suite struct WorldSeedFileTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    static let yaml = """
        people:
          - handle: kate@example.com
            name: Kate Bell
          - handle: john@example.com
            name: John Appleseed
        devices:
          - id: kate-iphone
            owner: kate@example.com
          - id: john-mac
            owner: john@example.com
            platform: macos
        conversations:
          - id: kate-john
            members: [kate@example.com, john@example.com]
        installs:
          - device: kate-iphone
            app: com.example.app
        """

    static func machine(apps: [AppDescriptor]) -> HostStateMachine {
        HostStateMachine(
            world: World(), apps: apps, settings: HostSettings(), ids: SequentialIDGenerator(),
            startedAt: Instant(milliseconds: 0), daemonPID: 1)
    }

    @Test func aSeedLoadsFromYAML() throws {
        let seed = try WorldSeed.load(path: try self.directory.write("world.yaml", Self.yaml))
        #expect(
            seed.people == [
                Person(handle: "kate@example.com", name: "Kate Bell"),
                Person(handle: "john@example.com", name: "John Appleseed"),
            ])
        #expect(seed.devices.map(\.id) == ["kate-iphone", "john-mac"])
        #expect(seed.devices.map(\.platform) == [nil, .macos])
        #expect(
            seed.conversations == [Conversation(id: "kate-john", members: ["kate@example.com", "john@example.com"])])
        #expect(seed.installs.map(\.app) == ["com.example.app"])
    }

    @Test func everySectionIsOptional() throws {
        let seed = try WorldSeed.load(
            path: try self.directory.write("world.yaml", "people:\n  - {handle: a, name: A}\n"))
        #expect(seed.people.count == 1)
        #expect(seed.devices.isEmpty && seed.conversations.isEmpty && seed.installs.isEmpty)
    }

    @Test func aBadSeedNamesTheFileAndTheField() throws {
        let path = try self.directory.write("world.yaml", "devices:\n  - id: lonely\n")
        let error = #expect(throws: ConfigurationError.self) { try WorldSeed.load(path: path) }
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("owner") == true, "\(error?.description ?? "")")
    }

    /// `value` as flow YAML with every stored property as a key, nil ones too, found by
    /// reflection: a field added to the seed's types shows up here without anyone listing it.
    static func everyField(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct:
            return "{"
                + mirror.children.map { "\($0.label ?? "?"): \(Self.everyField($0.value))" }.joined(separator: ", ")
                + "}"
        case .collection: return "[" + mirror.children.map { Self.everyField($0.value) }.joined(separator: ", ") + "]"
        case .optional: return mirror.children.first.map { Self.everyField($0.value) } ?? "x"
        default: return "x"
        }
    }

    @Test func everyFieldOfTheSeedsTypesIsAKnownKey() throws {
        let seed = WorldSeed(
            people: [Person(handle: "a", name: "A")],
            devices: [WorldSeed.SeedDevice(id: "d", owner: "a", platform: nil)],
            conversations: [Conversation(id: "c", members: ["a", "b"])],
            installs: [WorldSeed.SeedInstall(device: "d", app: "x")])
        let yaml = Self.everyField(seed)
        #expect(yaml.contains("platform: x") && yaml.contains("members: [x, x]"), "\(yaml)")
        #expect(throws: Never.self) { try WorldSeed.knownKeys.check(yaml: yaml, file: "reflected") }
    }

    @Test func aMissingSeedFileIsAnErrorNamingIt() {
        let path = self.directory.file("nowhere.yaml")
        let error = #expect(throws: ConfigurationError.self) { try WorldSeed.load(path: path) }
        #expect(error?.description.contains(path) == true)
    }

    @Test func applyingASeedWithAnAppThatHasNoManifestIsNotFoundAndAppliesNothing() throws {
        let seed = try WorldSeed.load(path: try self.directory.write("world.yaml", Self.yaml))
        var machine = Self.machine(apps: [AppDescriptor(bundleID: "com.example.other", displayName: "Other")])
        let error = #expect(throws: WireError.self) { try machine.applySeed(seed, now: Instant(milliseconds: 0)) }
        #expect(error?.isControl(.notFound) == true)
        #expect(error?.description.contains("com.example.app") == true)
        #expect(machine.world.people.isEmpty)
        #expect(machine.world.devices.isEmpty)
    }

    @Test func applyingASeedWithItsManifestsBuildsTheWorld() throws {
        let seed = try WorldSeed.load(path: try self.directory.write("world.yaml", Self.yaml))
        var machine = Self.machine(apps: [AppDescriptor(bundleID: "com.example.app", displayName: "App")])
        let changes = try machine.applySeed(seed, now: Instant(milliseconds: 7))
        // 2 people, 2 devices, 1 conversation, 1 install, and the install's identifier for
        // each of the 2 people (made with the install, so that views write nothing).
        #expect(changes.count == 2 + 2 + 1 + 1 + 2)
        #expect(machine.world.devices["kate-iphone"]?.platform == .ios17, "the platform defaults to ios17")
        #expect(machine.world.devices["john-mac"]?.platform == .macos)
        #expect(machine.world.install(device: "kate-iphone", app: "com.example.app")?.installedAt == 7)
    }

    @Test func theShippedSeedAppliesWithTheShippedManifests() throws {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../config"
        ).standardizedFileURL.path
        let manifests = try AppManifest.loadAll(from: config + "/apps")
        let seed = try WorldSeed.load(path: config + "/world.yaml")
        var machine = Self.machine(apps: manifests.map(\.descriptor))
        _ = try machine.applySeed(seed, now: Instant(milliseconds: 0))
        #expect(machine.world.installs.count == seed.installs.count)
    }
}
