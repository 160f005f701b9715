import Configuration
import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down msghostd's configuration (config/msghostd.yaml): the documented defaults, endpoints
/// derived from the runtime directory, `world.yaml` beside the config file as the default seed,
/// and a `ConfigurationError` naming the key for every bad value.
@Suite struct DaemonConfigurationTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    func load(_ values: [AbsoluteConfigKey: ConfigValue] = [:]) throws -> DaemonConfiguration {
        try DaemonConfiguration(
            config: ConfigReader(provider: InMemoryProvider(values: values)), configDirectory: self.directory.path)
    }

    func error(_ values: [AbsoluteConfigKey: ConfigValue], sourceLocation: SourceLocation = #_sourceLocation)
        -> ConfigurationError?
    {
        #expect(throws: ConfigurationError.self, sourceLocation: sourceLocation) { try self.load(values) }
    }

    @Test func defaultsAreTheDocumentedOnes() throws {
        let config = try self.load()
        #expect(config.stateDirectory == "/var/lib/msghost")
        #expect(config.runtimeDirectory == "/run/msghost")
        #expect(config.appsDirectory == self.directory.path + "/apps")
        #expect(config.worldSeed == nil, "no world.yaml beside the config: no seed")
        #expect(config.extensionEndpoint == "ipc:///run/msghost/extensions.sock")
        #expect(config.controlEndpoint == "ipc:///run/msghost/control.sock")
        #expect(config.host == HostSettings())
        #expect(config.host.interactionWindowMs == 5_000)
        #expect(config.maxFrameBytes == 16 * 1024 * 1024)
        #expect(config.logLevel == "info")
    }

    /// `ids.seed` and `manualClock.startMs` (the explorer's repeatable runs): absent by default,
    /// read when given, range-checked, and the clock's start only for the manual clock.
    @Test func aSeedForIdentifiersAndAStartForTheManualClock() throws {
        let defaults = try self.load()
        #expect(defaults.idsSeed == nil && defaults.manualClockStartMs == nil)
        let given = try self.load(["ids.seed": 42, "clock": "manual", "manualClock.startMs": 1_767_225_600_000])
        #expect(given.idsSeed == 42 && given.manualClockStartMs == 1_767_225_600_000)
        #expect(self.error(["ids.seed": -1])?.description.contains("ids.seed must be from 0") == true)
        #expect(
            self.error(["manualClock.startMs": 1_000])?.description.contains(
                "manualClock.startMs is only for clock manual") == true)
        #expect(
            self.error(["clock": "manual", "manualClock.startMs": -5])?.description.contains(
                "manualClock.startMs must be from 0") == true)
    }

    @Test func endpointsFollowTheRuntimeDirectory() throws {
        let config = try self.load(["runtime.directory": "/tmp/msghost-rt"])
        #expect(config.runtimeDirectory == "/tmp/msghost-rt")
        #expect(config.extensionEndpoint == "ipc:///tmp/msghost-rt/extensions.sock")
        #expect(config.controlEndpoint == "ipc:///tmp/msghost-rt/control.sock")
    }

    @Test func explicitTCPEndpointsAreKept() throws {
        let config = try self.load([
            "endpoints.extension": "tcp://127.0.0.1:5555", "endpoints.control": "tcp://127.0.0.1:5556",
        ])
        #expect(config.extensionEndpoint == "tcp://127.0.0.1:5555")
        #expect(config.controlEndpoint == "tcp://127.0.0.1:5556")
    }

    @Test func relativeDirectoriesAreResolvedAgainstTheWorkingDirectory() throws {
        let config = try self.load(["state.directory": "state"])
        #expect(config.stateDirectory == FileManager.default.currentDirectoryPath + "/state")
    }

    @Test func aWorldYAMLBesideTheConfigIsTheDefaultSeedUnlessSetEmpty() throws {
        let seed = try self.directory.write("world.yaml", "people: []\n")
        #expect(try self.load().worldSeed == seed)
        #expect(try self.load(["world.seed": ""]).worldSeed == nil)
        #expect(try self.load(["world.seed": "/etc/other.yaml"]).worldSeed == "/etc/other.yaml")
    }

    @Test func timingsAndLimitsAreRead() throws {
        let config = try self.load([
            "interaction.windowMs": 250, "extensions.launchTimeoutMs": 1, "extensions.responseTimeoutMs": 2,
            "extensions.idleGraceMs": 0, "extensions.terminateGraceMs": 3, "extensions.killGraceMs": 4,
            "events.capacity": 5, "limits.maxFrameBytes": 4096, "log.level": "debug",
        ])
        #expect(config.host.interactionWindowMs == 250)
        #expect(config.host.launchTimeoutMs == 1)
        #expect(config.host.responseTimeoutMs == 2)
        #expect(config.host.idleGraceMs == 0)
        #expect(config.host.terminateGraceMs == 3)
        #expect(config.host.killGraceMs == 4)
        #expect(config.host.eventLogCapacity == 5)
        #expect(config.maxFrameBytes == 4096)
        #expect(config.logLevel == "debug")
    }

    @Test(arguments: ["endpoints.extension", "endpoints.control"])
    func anEndpointThatIsNotIPCOrTCPNamesTheKey(key: String) {
        let error = self.error([AbsoluteConfigKey(stringLiteral: key): "inproc://x"])
        #expect(error?.description.contains(key) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("inproc://x") == true)
    }

    @Test func equalEndpointsAreAnError() {
        let error = self.error([
            "endpoints.extension": "tcp://127.0.0.1:5555", "endpoints.control": "tcp://127.0.0.1:5555",
        ])
        #expect(error?.description.contains("endpoints.extension") == true)
        #expect(error?.description.contains("endpoints.control") == true)
    }

    @Test(arguments: [
        "interaction.windowMs", "extensions.launchTimeoutMs", "extensions.responseTimeoutMs", "extensions.idleGraceMs",
        "extensions.terminateGraceMs", "extensions.killGraceMs", "events.capacity", "limits.maxFrameBytes",
    ])
    func aNegativeValueNamesTheKey(key: String) {
        let error = self.error([AbsoluteConfigKey(stringLiteral: key): -1])
        #expect(error?.description.contains(key) == true, "\(error?.description ?? "")")
    }

    @Test(arguments: [
        ("extensions.launchTimeoutMs", 0), ("extensions.responseTimeoutMs", 0), ("events.capacity", 0),
        ("limits.maxFrameBytes", 4095),
    ])
    func aValueUnderItsMinimumNamesTheKey(key: String, value: Int) {
        let error = self.error([AbsoluteConfigKey(stringLiteral: key): .init(.int(value), isSecret: false)])
        #expect(error?.description.contains(key) == true, "\(error?.description ?? "")")
    }

    @Test func anUnknownLogLevelNamesTheKey() {
        let error = self.error(["log.level": "verbose"])
        #expect(error?.description.contains("log.level") == true)
        #expect(error?.description.contains("verbose") == true)
    }

    @Test
    func aValueOfTheWrongTypeNamesTheKey() {
        let error = self.error(["interaction.windowMs": "soon"])
        #expect(error?.description.contains("interaction.windowMs") == true, "\(error?.description ?? "no error")")
    }
}
