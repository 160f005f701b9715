import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Each install's own container (PROTOCOL.md §4.1, SPEC §8), with real extension processes:
/// Tests/Fixtures/container.py writes into $HOME when touched and reports what it sees there.
@Suite struct ContainerTests {
    static let app = "com.example.container"
    static let fixture = TestDaemon.App.fixture("container.py", bundleID: app)

    /// What the fixture saw at each touch, oldest first.
    struct Sight {
        var sees: [String]
        var env: [String: String]
        var modes: [String: String]
    }

    static func sights(_ daemon: TestDaemon) throws -> [Sight] {
        try daemon.fixtureLog(Self.app).compactMap { record in
            guard case .array(let sees) = record["sees"], case .object(let env) = record["env"],
                case .object(let modes) = record["modes"]
            else { return nil }
            func strings(_ object: [String: JSONValue]) -> [String: String] {
                object.compactMapValues { if case .string(let value) = $0 { value } else { nil } }
            }
            return Sight(
                sees: sees.compactMap { if case .string(let name) = $0 { name } else { nil } }, env: strings(env),
                modes: strings(modes))
        }
    }

    /// Opens the app on `device`, touches it with `write`, and returns what it saw.
    static func write(_ name: String, on device: String, _ daemon: TestDaemon) throws -> Sight {
        let before = try Self.sights(daemon).count
        try daemon.open(Self.app, on: device)
        try daemon.touch(device, payload: .object(["write": .string(name)]))
        try daemon.close(device)
        let sights = try Self.sights(daemon)
        try #require(sights.count == before + 1, "the fixture reported its touch")
        return sights[before]
    }

    static func containerPath(_ daemon: TestDaemon, device: String) throws -> String {
        "\(daemon.directory)/state/containers/\(try daemon.participants(device, app: Self.app).install.id)"
    }

    @Test func twoDevicesRunningTheSameAppCannotSeeEachOthersFiles() throws {
        try TestDaemon.with(apps: [Self.fixture]) { daemon in
            let kate = try Self.write("kate.txt", on: "kate-iphone", daemon)
            let john = try Self.write("john.txt", on: "john-iphone", daemon)
            #expect(kate.sees == ["kate.txt"])
            #expect(john.sees == ["john.txt"], "John's copy does not see Kate's file")
            let kateContainer = try Self.containerPath(daemon, device: "kate-iphone")
            #expect(kate.env["MSGHOST_CONTAINER"] == kateContainer)
            #expect(john.env["MSGHOST_CONTAINER"] == (try Self.containerPath(daemon, device: "john-iphone")))
            #expect(kate.env["MSGHOST_CONTAINER"] != john.env["MSGHOST_CONTAINER"])
            #expect(kate.env["HOME"] == kateContainer + "/home" && kate.env["TMPDIR"] == kateContainer + "/tmp")
            #expect(
                kate.env["XDG_DATA_HOME"] == kateContainer + "/home/.local/share"
                    && kate.env["XDG_CONFIG_HOME"] == kateContainer + "/home/.config")
            #expect(
                kate.env["XDG_CACHE_HOME"] == kateContainer + "/home/.cache"
                    && kate.env["XDG_STATE_HOME"] == kateContainer + "/home/.local/state")
            #expect(kate.modes.count == 7 && Set(kate.modes.values) == ["0o700"], "\(kate.modes)")
            #expect(FileManager.default.fileExists(atPath: kateContainer + "/home/kate.txt"))
        }
    }

    @Test func theContainerSurvivesTerminationAndARestartAndUninstallDeletesIt() throws {
        try TestDaemon.with(apps: [Self.fixture]) { daemon in
            _ = try Self.write("first.txt", on: "kate-iphone", daemon)
            // The idle grace ends the process; the next one finds the file.
            try daemon.eventually("the process was terminated") { try daemon.status().extensions.isEmpty }
            #expect(try Self.write("second.txt", on: "kate-iphone", daemon).sees == ["first.txt", "second.txt"])

            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            #expect(
                try Self.write("third.txt", on: "kate-iphone", daemon).sees == ["first.txt", "second.txt", "third.txt"])

            let container = try Self.containerPath(daemon, device: "kate-iphone")
            let johns = try Self.containerPath(daemon, device: "john-iphone")
            _ = try Self.write("john.txt", on: "john-iphone", daemon)
            // Uninstalled while its process still runs: deleted once that process has exited.
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.control(.uninstallApp, DeviceAppRequest(device: "kate-iphone", app: Self.app))
            try daemon.eventually("the uninstalled app's process exited") {
                try daemon.status().extensions.allSatisfy { $0.device != "kate-iphone" }
            }
            try daemon.eventually("its container was deleted") { !FileManager.default.fileExists(atPath: container) }
            #expect(
                FileManager.default.fileExists(atPath: johns + "/home/john.txt"), "John's install keeps its container")

            try daemon.control(
                .installApp, DeviceAppRequest(device: "kate-iphone", app: Self.app), as: InstallResult.self)
            #expect(
                try Self.write("fresh.txt", on: "kate-iphone", daemon).sees == ["fresh.txt"], "a reinstall starts empty"
            )
        }
    }

    @Test func aContainerWhoseInstallIsGoneIsDeletedAtStart() throws {
        try TestDaemon.with(apps: [Self.fixture]) { daemon in
            _ = try Self.write("kate.txt", on: "kate-iphone", daemon)
            let stray = daemon.directory + "/state/containers/not-an-install"
            try FileManager.default.createDirectory(atPath: stray + "/home", withIntermediateDirectories: true)
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            #expect(!FileManager.default.fileExists(atPath: stray))
            #expect(
                FileManager.default.fileExists(
                    atPath: try Self.containerPath(daemon, device: "kate-iphone") + "/home/kate.txt"))
        }
    }
}
