import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down that a key msghostd does not know is an error in each of its three kinds of file
/// (msghostd.yaml, app manifests, the world seed), at any depth, naming the file, the line, the
/// key's path and the known key it probably meant: YAML decoding would otherwise skip it.
@Suite struct UnknownKeyTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    /// A misspelling, where it is, and what the error should suggest (nil: no suggestion).
    struct Misspelling: Sendable, CustomTestStringConvertible {
        var yaml: String
        var key: String
        var line: Int
        var suggestion: String?
        var testDescription: String { self.key }
    }

    static let minimalManifest = "bundleID: com.example.keys\ndisplayName: Keys\ncommand: /bin/true\n"

    /// The error `body` throws, which must name `misspelling`'s file, line, key and suggestion.
    func expectNamed(
        _ misspelling: Misspelling, file: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        let error = await #expect(throws: ConfigurationError.self, sourceLocation: sourceLocation) { try await body() }
        let message = error?.description ?? ""
        #expect(message.contains("\(file):\(misspelling.line):"), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains("unknown key \(misspelling.key);"), "\(message)", sourceLocation: sourceLocation)
        if let suggestion = misspelling.suggestion {
            #expect(message.contains("did you mean \(suggestion)?"), "\(message)", sourceLocation: sourceLocation)
        } else {
            #expect(message.contains("known keys here:"), "\(message)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        Misspelling(
            yaml: "extensions:\n  launchTimeoutMs: 100\n  idleGraseMs: 5\n", key: "extensions.idleGraseMs", line: 3,
            suggestion: "extensions.idleGraceMs"),
        Misspelling(yaml: "extenions:\n  idleGraceMs: 5\n", key: "extenions", line: 1, suggestion: "extensions"),
        Misspelling(yaml: "log:\n  levle: debug\n", key: "log.levle", line: 2, suggestion: "log.level"),
        Misspelling(yaml: "clok: manual\n", key: "clok", line: 1, suggestion: "clock"),
        Misspelling(
            yaml: "interaction.windowMS: 5\n", key: "interaction.windowMS", line: 1, suggestion: "interaction.windowMs"),
        Misspelling(yaml: "extensions:\n  frobnicate: 1\n", key: "extensions.frobnicate", line: 2, suggestion: nil),
    ])
    func aMisspelledKeyInMsghostdYAMLIsNamed(misspelling: Misspelling) async throws {
        let path = try self.directory.write("msghostd.yaml", misspelling.yaml)
        await self.expectNamed(misspelling, file: path) {
            _ = try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        }
    }

    @Test(arguments: [
        Misspelling(
            yaml: minimalManifest + "memoryLimitMb: 64\n", key: "memoryLimitMb", line: 4, suggestion: "memoryLimitMB"),
        Misspelling(
            yaml: minimalManifest + "workingDirectroy: /tmp\n", key: "workingDirectroy", line: 4,
            suggestion: "workingDirectory"),
        Misspelling(
            yaml: "bundleId: com.example.keys\ndisplayName: Keys\ncommand: /bin/true\n", key: "bundleId", line: 1,
            suggestion: "bundleID"),
    ])
    func aMisspelledKeyInAManifestIsNamed(misspelling: Misspelling) async throws {
        let path = try self.directory.write("apps/keys.yaml", misspelling.yaml)
        await self.expectNamed(misspelling, file: path) {
            _ = try AppManifest.loadAll(from: self.directory.path + "/apps")
        }
    }

    @Test(arguments: [
        Misspelling(
            yaml:
                "devices:\n  - id: a\n    owner: a@example.com\n  - id: b\n    owner: b@example.com\n    platfrom: macos\n",
            key: "devices[1].platfrom", line: 6, suggestion: "devices[1].platform"),
        Misspelling(yaml: "poeple: []\n", key: "poeple", line: 1, suggestion: "people"),
        Misspelling(
            yaml: "conversations:\n  - {id: c, member: [a, b]}\n", key: "conversations[0].member", line: 2,
            suggestion: "conversations[0].members"),
        Misspelling(
            yaml: "installs:\n  - device: d\n    app: a\n    enabled: true\n", key: "installs[0].enabled", line: 4,
            suggestion: nil),
    ])
    func aMisspelledKeyInTheWorldSeedIsNamed(misspelling: Misspelling) async throws {
        let path = try self.directory.write("world.yaml", misspelling.yaml)
        await self.expectNamed(misspelling, file: path) { _ = try WorldSeed.load(path: path) }
    }

    @Test func aDottedKeyIsCheckedAndReadLikeTheNestedOne() async throws {
        let path = try self.directory.write("msghostd.yaml", "extensions.idleGraceMs: 7\n")
        let config = try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        #expect(config.host.idleGraceMs == 7)
    }

    @Test func anyVariableNameIsAKnownKeyOfAManifestsEnv() throws {
        try self.directory.write("apps/env.yaml", Self.minimalManifest + "env: {ANYTHING: \"1\", dotted.name: \"2\"}\n")
        #expect(
            try AppManifest.loadAll(from: self.directory.path + "/apps").first?.env == [
                "ANYTHING": "1", "dotted.name": "2",
            ])
    }

    /// swift-configuration would read it as a key `clock.mode` and leave `clock` at its default.
    @Test func aMapWhereAValueBelongsIsAnError() async throws {
        let path = try self.directory.write("msghostd.yaml", "log:\n  level: debug\nclock: {mode: manual}\n")
        let error = await #expect(throws: ConfigurationError.self) {
            try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        }
        #expect(error?.description == "\(path):3: clock must not be a map")
        let manifest = try self.directory.write("apps/map.yaml", Self.minimalManifest + "args: {verbose: true}\n")
        let manifestError = #expect(throws: ConfigurationError.self) {
            try AppManifest.loadAll(from: self.directory.path + "/apps")
        }
        #expect(manifestError?.description == "\(manifest):4: args must not be a map")
    }

    @Test func theNearestNameIsOneOfFewEditsIgnoringCase() {
        #expect(NearestName.distance("idleGraseMs", "idleGraceMs") == 1)
        #expect(NearestName.distance("levle", "level") == 1, "an adjacent swap is one edit")
        #expect(NearestName.distance("", "abc") == 3)
        #expect(NearestName.of("MEMORYLIMITMB", among: ["memoryLimitMB", "command"]) == "memoryLimitMB")
        #expect(NearestName.of("frobnicate", among: ["idleGraceMs", "killGraceMs"]) == nil)
        #expect(NearestName.of("ab", among: ["xy"]) == nil, "two edits in two letters is no likely slip")
    }
}
