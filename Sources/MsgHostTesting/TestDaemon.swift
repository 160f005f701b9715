import Foundation
import MsgHostControl
import MsgHostProtocol

/// A real msghostd for one test (the `MsgHostTesting` product, for any test suite): its own temporary state, runtime and config directories,
/// its own ipc endpoints, the Kate/John world, and the apps the test asks for.
///
/// `TestDaemon.with { daemon in … }` starts it, waits until the control endpoint answers,
/// runs the test, and always stops it (SIGTERM, then SIGKILL) and removes its directory; the
/// daemon's log is printed when the test fails, so a failure explains itself.
///
/// Unchecked Sendable: a test may make one control request from a helper thread while it plays
/// an extension on its own; the control socket is used by one thread at a time.
public final class TestDaemon: @unchecked Sendable {
    /// An app to install in the test's world: a manifest written into the apps directory.
    public struct App: Sendable {
        public var bundleID: String
        public var command: String
        public var args: [String]
        public var workingDirectory: String
        public var contexts: [String] = ["messages"]
        public var env: [String: String] = [:]
        /// More manifest keys, e.g. `memoryLimitMB: 64`.
        public var manifest: [String: String] = [:]

        public init(bundleID: String, command: String, args: [String], workingDirectory: String, contexts: [String] = ["messages"],
                    env: [String: String] = [:], manifest: [String: String] = [:]) {
            self.bundleID = bundleID
            self.command = command
            self.args = args
            self.workingDirectory = workingDirectory
            self.contexts = contexts
            self.env = env
            self.manifest = manifest
        }

        /// A fixture app from Tests/Fixtures (Python, raw protocol), logging its callbacks.
        public static func fixture(_ script: String, bundleID: String) -> App {
            App(bundleID: bundleID, command: "python3", args: [script], workingDirectory: TestPaths.repository + "/Tests/Fixtures")
        }

        /// The raw-pyzmq example, as shipped, with extra arguments (e.g. `--send-on`).
        public static func pythonRaw(_ extraArgs: [String] = [], bundleID: String = "com.example.python-raw") -> App {
            App(bundleID: bundleID, command: "python3", args: ["app.py"] + extraArgs, workingDirectory: TestPaths.repository + "/examples/python-raw")
        }

        /// A process that writes its launch environment to `file` and waits: the test then
        /// plays the extension itself over a real socket with the real token.
        public static func probe(bundleID: String = "com.example.probe", file: String) -> App {
            App(bundleID: bundleID, command: "/bin/sh", args: ["-c", "env > \(file).tmp && mv \(file).tmp \(file) && exec sleep 600"], workingDirectory: "/")
        }
    }

    public let directory: String
    public let control: ControlClient
    public let extensionEndpoint: String
    private var process: Process
    private let logPath: String
    private let arguments: [String]
    private let environment: [String: String]

    public static let kate = "kate@example.com"
    public static let john = "john@example.com"
    public static let conversation = "kate-john"

    /// The people, their devices and the conversation a test runs in.
    public struct World: Sendable {
        public struct Member: Sendable {
            public var handle: String
            public var name: String
            public var devices: [(id: String, platform: String)]
            public init(handle: String, name: String, devices: [(id: String, platform: String)]) {
                self.handle = handle
                self.name = name
                self.devices = devices
            }
        }
        public var members: [Member]
        public var conversation: String
        /// Devices without the test's apps.
        public var withoutApps: Set<String> = []

        public init(members: [Member], conversation: String, withoutApps: Set<String> = []) {
            self.members = members
            self.conversation = conversation
            self.withoutApps = withoutApps
        }

        public static let kateAndJohn = World(members: [
            Member(handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
            Member(handle: TestDaemon.john, name: "John Appleseed", devices: [("john-iphone", "ios17")]),
        ], conversation: TestDaemon.conversation)

        /// The WWDC 2016 group: Amber, Ben and Chris, an iPhone each.
        public static let amberBenChris = World(members: [
            Member(handle: "amber@example.com", name: "Amber", devices: [("amber-iphone", "ios17")]),
            Member(handle: "ben@example.com", name: "Ben", devices: [("ben-iphone", "ios17")]),
            Member(handle: "chris@example.com", name: "Chris", devices: [("chris-iphone", "ios17")]),
        ], conversation: "abc")
    }

    public let world: World
    public var conversation: String { self.world.conversation }

    private init(apps: [App], world: World, settings: [String: String], environment: [String: String]) throws {
        self.directory = "/tmp/msghost-test-\(UUID().uuidString.prefix(8))"
        let fm = FileManager.default
        try fm.createDirectory(atPath: self.directory + "/config/apps", withIntermediateDirectories: true)
        self.world = world
        // Settings are dotted keys ("extensions.idleGraceMs"), over these defaults.
        let merged = [
            "log.level": "debug", "extensions.idleGraceMs": "200", "extensions.terminateGraceMs": "200", "extensions.killGraceMs": "1000",
        ].merging(settings) { $1 }
        var sections: [String: [(String, String)]] = [:]
        var yaml = ""
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 { sections[parts[0], default: []].append((parts[1], value)) } else { yaml += "\(key): \(value)\n" }
        }
        for (section, entries) in sections.sorted(by: { $0.key < $1.key }) {
            yaml += "\(section):\n" + entries.map { "  \($0.0): \($0.1)\n" }.joined()
        }
        try yaml.write(toFile: self.directory + "/config/msghostd.yaml", atomically: true, encoding: .utf8)
        var installs = ""
        let devices = world.members.flatMap { member in member.devices.map { (member.handle, $0.id, $0.platform) } }
        for app in apps {
            let manifest = """
                bundleID: \(app.bundleID)
                displayName: \(app.bundleID)
                command: \(app.command)
                args: [\(app.args.map { "'\($0)'" }.joined(separator: ", "))]
                workingDirectory: \(app.workingDirectory)
                contexts: [\(app.contexts.joined(separator: ", "))]
                env: {PYTHONUNBUFFERED: "1", FIXTURE_LOG: "\(self.directory)/calls"\(app.env.map { ", \($0.key): \"\($0.value)\"" }.joined())}
                \(app.manifest.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
                """
            try manifest.write(toFile: "\(self.directory)/config/apps/\(app.bundleID).yaml", atomically: true, encoding: .utf8)
            for (_, device, _) in devices where !world.withoutApps.contains(device) {
                installs += "  - {device: \(device), app: \(app.bundleID)}\n"
            }
        }
        var seed = "people:\n"
        for member in world.members { seed += "  - {handle: \(member.handle), name: \(member.name)}\n" }
        seed += "devices:\n"
        for (owner, device, platform) in devices { seed += "  - {id: \(device), owner: \(owner), platform: \(platform)}\n" }
        seed += "conversations:\n  - {id: \(world.conversation), members: [\(world.members.map(\.handle).joined(separator: ", "))]}\n"
        seed += installs.isEmpty ? "installs: []\n" : "installs:\n" + installs
        try seed.write(toFile: self.directory + "/config/world.yaml", atomically: true, encoding: .utf8)

        self.logPath = self.directory + "/msghostd.log"
        fm.createFile(atPath: self.logPath, contents: nil)
        self.extensionEndpoint = "ipc://\(self.directory)/run/extensions.sock"
        self.arguments = [
            "--config", self.directory + "/config/msghostd.yaml",
            "--state-directory", self.directory + "/state",
            "--runtime-directory", self.directory + "/run",
        ]
        self.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        self.process = Process()
        self.control = try ControlClient(endpoint: "ipc://\(self.directory)/run/control.sock")
        try self.start()
    }

    /// Starts msghostd on the same directories and waits until its control endpoint answers.
    private func start() throws {
        self.process = Process()
        self.process.executableURL = URL(fileURLWithPath: TestPaths.msghostd)
        self.process.arguments = self.arguments
        self.process.environment = self.environment
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: self.logPath))
        log.seekToEndOfFile()
        self.process.standardOutput = log
        self.process.standardError = log
        try self.process.run()
        _ = try self.control.request(.status, as: StatusResult.self, timeout: 20)
    }

    /// Starts the daemon again after it exited (e.g. after the test killed it).
    public func restart() throws {
        precondition(!self.process.isRunning, "restart() is for a daemon that has exited")
        try self.start()
    }

    /// Runs `body` against a fresh daemon and always stops it.
    public static func with(
        apps: [App] = [.pythonRaw()], world: World = .kateAndJohn, settings: [String: String] = [:], environment: [String: String] = [:],
        _ body: (TestDaemon) throws -> Void
    ) throws {
        let daemon = try TestDaemon(apps: apps, world: world, settings: settings, environment: environment)
        defer { daemon.stop() }
        do {
            try body(daemon)
        } catch {
            print("---- msghostd log (\(daemon.directory)) ----\n\(daemon.log)")
            throw error
        }
    }

    public var log: String { (try? String(contentsOfFile: self.logPath, encoding: .utf8)) ?? "" }
    public var pid: Int32 { self.process.processIdentifier }
    public var isRunning: Bool { self.process.isRunning }

    /// SIGTERM and wait (up to 10 s, then SIGKILL); removes the directory.
    public func stop() {
        if self.process.isRunning {
            self.process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while self.process.isRunning && Date() < deadline { usleep(10_000) }
            if self.process.isRunning { kill(self.process.processIdentifier, SIGKILL) }
            self.process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: self.directory)
    }

    /// Waits for the daemon to exit by itself (after a signal sent by the test).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while self.process.isRunning && Date() < deadline { usleep(10_000) }
        return self.process.isRunning ? nil : self.process.terminationStatus
    }

    // MARK: Playing the user

    @discardableResult
    public func open(_ app: String = "com.example.python-raw", on device: String) throws -> OpenResult {
        try self.control.request(.open, OpenRequest(device: device, conversation: self.conversation, app: app), as: OpenResult.self)
    }

    /// Sends a control request in this test's conversation and returns the decoded reply.
    @discardableResult
    public func control<Result: Decodable>(_ command: ControlCommand, _ body: some Encodable, as type: Result.Type = Empty.self) throws -> Result {
        try self.control.request(command, body, as: type)
    }

    /// Every record the fixture processes of `app` logged, process by process in start order.
    public func fixtureLog(_ app: String) throws -> [[String: JSONValue]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: self.directory).filter { $0.hasPrefix("calls.\(app).") }
        let files = names.map { self.directory + "/" + $0 }.sorted {
            ((try? FileManager.default.attributesOfItem(atPath: $0)[.creationDate] as? Date) ?? .distantPast, $0)
                < ((try? FileManager.default.attributesOfItem(atPath: $1)[.creationDate] as? Date) ?? .distantPast, $1)
        }
        return try files.flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
                guard case .object(let record) = try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) else { return [:] }
                return record
            }
        }
    }

    /// The callbacks `app`'s fixture got for `instance`, in order.
    public func callbacks(_ app: String, instance: String) throws -> [String] {
        try self.fixtureLog(app).compactMap { record in
            guard case .string(let callback) = record["callback"], case .object(let body) = record["body"] else { return nil }
            if callback == "terminate" { return nil }
            return body["instance"] == .string(instance) ? callback : nil
        }
    }

    /// Replies the fixture of `app` got to its requests, in order.
    public func requestReplies(_ app: String) throws -> [(request: String, code: Int?, domain: String?)] {
        try self.fixtureLog(app).compactMap { record in
            guard case .string(let request) = record["request"] else { return nil }
            var code: Int?
            if case .number(let number) = record["code"] { code = Int(number) }
            var domain: String?
            if case .string(let value) = record["domain"] { domain = value }
            return (request, code, domain)
        }
    }

    public func touch(_ device: String, payload: JSONValue? = nil) throws {
        _ = try self.control.request(.touch, TouchRequest(device: device, payload: payload), as: Empty.self)
    }

    public func close(_ device: String) throws {
        _ = try self.control.request(.close, DeviceRequest(device: device), as: Empty.self)
    }

    public func transcript(_ device: String) throws -> [TranscriptEntryValue] {
        try self.control.request(.transcript, TranscriptRequest(device: device, conversation: self.conversation), as: TranscriptResult.self).entries
    }

    public func participants(_ device: String, app: String = "com.example.python-raw") throws -> ParticipantsResult {
        try self.control.request(.participants, DeviceAppRequest(device: device, app: app), as: ParticipantsResult.self)
    }

    public func events(kind: String? = nil) throws -> [EventRecord] {
        let all = try self.control.request(.events, EventsRequest(), as: EventsResult.self).events
        return kind.map { kind in all.filter { $0.kind == kind } } ?? all
    }

    public func status() throws -> StatusResult {
        try self.control.request(.status, as: StatusResult.self)
    }

    /// Runs a control request on its own thread with its own client (a ZeroMQ socket serves
    /// one thread), for a request that returns only after the test has done something else.
    public func detached<T: Sendable>(_ body: @escaping @Sendable (ControlClient) throws -> T) -> DetachedResult<T> {
        let endpoint = self.control.endpoint
        return Thread.detachedResult { try body(try ControlClient(endpoint: endpoint)) }
    }

    /// Waits until nothing is in flight in the daemon (no sleeping).
    public func settle() throws {
        _ = try self.control.request(.settle, as: ClockResult.self)
    }

    /// Moves the manual clock (the daemon must run with `clock: manual`).
    public func advance(_ milliseconds: Int64) throws {
        _ = try self.control.request(.advanceClock, AdvanceClockRequest(milliseconds: milliseconds), as: ClockResult.self)
    }

    /// Polls `condition` over the control API until it holds (for what happens after a reply,
    /// such as a process exit), failing after `timeout` seconds.
    public func eventually(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        throw TestDaemonError(description: "timed out waiting until \(what)")
    }
}

public struct TestDaemonError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Where the repository and the built daemon are.
public enum TestPaths {
    /// The repository root, from this file's path.
    public static let repository: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// msghostd and msghostctl from the same build as this test binary (swift build puts them
    /// side by side), unless MSGHOSTD_BINARY / MSGHOSTCTL_BINARY name others.
    public static let msghostd: String = binary("msghostd", override: "MSGHOSTD_BINARY")
    public static let msghostctl: String = binary("msghostctl", override: "MSGHOSTCTL_BINARY")

    /// A program from the same build as this test binary, found by walking up from the test
    /// binary's folder (swift build puts executables beside it), unless the environment
    /// variable `override` names another; e.g. an example extension a test launches.
    public static func binary(_ name: String, override: String) -> String {
        if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return repository + "/.build/debug/" + name
    }
}
