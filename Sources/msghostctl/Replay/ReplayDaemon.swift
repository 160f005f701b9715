import Foundation
import MsgHostControl
import MsgHostProtocol

/// A fresh msghostd for one replay: its own directory, the session's world as its seed, the
/// session's manifests (or today's, `--apps`) and settings, on the manual clock.
///
/// It is started as any user would start it (the binary, a config file, flags) and driven
/// through the control endpoint only, like every other tool.
final class ReplayDaemon {
    let directory: String
    let endpoint: String
    private let process: Process
    private let logPath: String

    /// Why the replay cannot start.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How long the daemon has to answer `status` after it is started.
    static let startTimeout = 30.0

    /// The daemon of a session: its world, manifests (or today's, `apps`) and settings.
    convenience init(session: SessionStart, msghostd: String, apps: String?) throws {
        let directory = try Self.makeDirectory()
        var config: [String: JSONValue] = ["clock": .string("manual"), "log": .object(["level": .string("warning")])]
        for (key, value) in session.settings {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            guard case .object(var section) = config[parts[0]] ?? .object([:]) else { continue }
            section[parts[1]] = value
            config[parts[0]] = .object(section)
        }
        config["apps"] = .object([
            "directory": .string(apps.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? directory + "/apps")
        ])
        config["world"] = .object(["seed": .string(directory + "/world.yaml")])
        if apps == nil {
            for (index, manifest) in session.apps.enumerated() {
                try Data(WireJSON.encode(manifest)).write(
                    to: URL(fileURLWithPath: directory + "/apps/app\(index).yaml"))
            }
        }
        let world = session.world
        let seed: JSONValue = .object([
            "people": .array(world.people.map { .object(["handle": .string($0.handle), "name": .string($0.name)]) }),
            "devices": .array(
                world.devices.map {
                    .object([
                        "id": .string($0.id), "owner": .string($0.owner), "platform": .string($0.platform.rawValue),
                        "model": .string($0.model.rawValue),
                    ])
                }),
            "conversations": .array(
                world.conversations.map {
                    .object(["id": .string($0.id), "members": .array($0.members.map(JSONValue.string))])
                }),
            "installs": .array(world.installs.map { .object(["device": .string($0.device), "app": .string($0.app)]) }),
        ])
        try Data(WireJSON.encode(seed)).write(to: URL(fileURLWithPath: directory + "/world.yaml"))
        try self.init(directory: directory, config: config, msghostd: msghostd)
    }

    /// A daemon on the user's world file and apps folder (`explore`), on the manual clock
    /// from `clockStart` (ms since 1970) with identifiers seeded by `seed`: the same seed
    /// makes the same identifiers and times, so the same run makes the same session.
    convenience init(
        world: String, apps: String, msghostd: String, seed: UInt64, clockStart: Int64 = ReplayDaemon.exploreClockStart
    ) throws {
        let directory = try Self.makeDirectory()
        let config: [String: JSONValue] = [
            "clock": .string("manual"), "log": .object(["level": .string("warning")]),
            "manualClock": .object(["startMs": .number(Double(clockStart))]),
            "ids": .object(["seed": .number(Double(seed & 0x001F_FFFF_FFFF_FFFF))]),
            "apps": .object(["directory": .string(URL(fileURLWithPath: apps).standardizedFileURL.path)]),
            "world": .object(["seed": .string(URL(fileURLWithPath: world).standardizedFileURL.path)]),
        ]
        try self.init(directory: directory, config: config, msghostd: msghostd)
    }

    /// 2026-01-01T00:00:00Z: where an explorer's clock starts.
    static let exploreClockStart: Int64 = 1_767_225_600_000

    /// A fresh directory private to this user, as the daemon asks of its state and runtime directories.
    private static func makeDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.path + "/msghost-replay-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(
            atPath: directory + "/apps", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }

    /// Writes `config` (YAML is a superset of JSON: the daemon reads it as its own) and starts
    /// the daemon on it.
    private init(directory: String, config: [String: JSONValue], msghostd: String) throws {
        self.directory = directory
        let fm = FileManager.default
        try Data(WireJSON.encode(config)).write(to: URL(fileURLWithPath: directory + "/msghostd.yaml"))
        self.endpoint = "ipc://\(self.directory)/run/control.sock"
        self.logPath = self.directory + "/msghostd.log"
        fm.createFile(atPath: self.logPath, contents: nil)
        self.process = Process()
        self.process.executableURL = URL(fileURLWithPath: msghostd)
        self.process.arguments = [
            "--config", self.directory + "/msghostd.yaml", "--state-directory", self.directory + "/state",
            "--runtime-directory", self.directory + "/run", "--clock", "manual",
        ]
        // The session's settings, not the caller's: MSGHOSTD_* variables would win over the file.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MSGHOSTD_") }
        environment["NOTIFY_SOCKET"] = nil  // a service manager's, not this daemon's to tell
        self.process.environment = environment
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: self.logPath))
        self.process.standardOutput = log
        self.process.standardError = log
        self.process.standardInput = FileHandle.nullDevice
        do {
            try self.process.run()
        } catch {
            try? fm.removeItem(atPath: self.directory)
            throw Failure(description: "cannot start \(msghostd): \(error.localizedDescription)")
        }
    }

    /// A daemon `make` starts, and a client once it answers; one that never answers is stopped.
    static func started(_ make: () throws -> ReplayDaemon) throws -> (daemon: ReplayDaemon, client: ControlClient) {
        let daemon = try make()
        do {
            return (daemon, try daemon.connect())
        } catch {
            daemon.stop()
            throw error
        }
    }

    /// A client once the daemon answers; throws with its log if it stopped or never answered.
    func connect() throws -> ControlClient {
        let deadline = Date().addingTimeInterval(Self.startTimeout)
        while Date() < deadline {
            guard self.process.isRunning else {
                throw Failure(
                    description:
                        "msghostd stopped before it was ready (status \(self.process.terminationStatus)); it said:\n\(self.log)"
                )
            }
            if FileManager.default.fileExists(atPath: self.directory + "/run/control.sock") {
                let client = try ControlClient(endpoint: self.endpoint)
                if (try? client.request(.status, as: StatusResult.self, timeout: 0.5)) != nil { return client }
            }
            usleep(20_000)
        }
        throw Failure(description: "msghostd did not answer within \(Int(Self.startTimeout)) s; it said:\n\(self.log)")
    }

    var pid: Int32 { self.process.processIdentifier }

    var log: String {
        let text = (try? String(contentsOfFile: self.logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(20).joined(separator: "\n")
    }

    /// SIGTERM, SIGKILL after 10 s, and the directory removed.
    func stop() {
        self.process.stop(grace: 10)
        try? FileManager.default.removeItem(atPath: self.directory)
    }

    /// The msghostd to run: the flag's, `$MSGHOSTD`'s, the one beside this msghostctl, or PATH's.
    static func binary(_ flag: String?) -> String? {
        if let flag { return flag }
        if let path = ProcessInfo.processInfo.environment["MSGHOSTD"], !path.isEmpty { return path }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("msghostd").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let selfExe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("msghostd").path
        }
        if let selfExe, FileManager.default.isExecutableFile(atPath: selfExe) { return selfExe }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/msghostd"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
