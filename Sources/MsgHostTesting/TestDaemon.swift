import Foundation
import MsgHostControl
import MsgHostProtocol
import ZeroMQ

/// A real msghostd for one test (the `MsgHostTesting` product, for any test suite): its own temporary state, runtime and config directories,
/// its own ipc endpoints, the Kate/John world, and the apps the test asks for.
///
/// `TestDaemon.with { daemon in … }` starts it, waits until it says it is ready (sd_notify
/// `READY=1` on a `NOTIFY_SOCKET` of the harness: `DaemonNotifications`), connects the control
/// client, runs the test, and always stops it (SIGTERM, then SIGKILL) and removes its
/// directory; the daemon's log is printed when the test fails, so a failure explains itself.
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

        public init(
            bundleID: String, command: String, args: [String], workingDirectory: String,
            contexts: [String] = ["messages"],
            env: [String: String] = [:], manifest: [String: String] = [:]
        ) {
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
            App(
                bundleID: bundleID, command: "python3", args: [script],
                workingDirectory: TestPaths.repository + "/Tests/Fixtures")
        }

        /// The raw-pyzmq example, as shipped, with extra arguments (e.g. `--send-on`).
        public static func pythonRaw(_ extraArgs: [String] = [], bundleID: String = "com.example.python-raw") -> App {
            App(
                bundleID: bundleID, command: "python3", args: ["app.py"] + extraArgs,
                workingDirectory: TestPaths.repository + "/examples/python-raw")
        }

        /// A process that writes its launch environment (and its own pid, as `PROBE_PID`) to
        /// `file` and waits: the test then plays the extension itself over a real socket with
        /// the real token.
        public static func probe(bundleID: String = "com.example.probe", file: String) -> App {
            App(
                bundleID: bundleID, command: "/bin/sh",
                args: ["-c", "{ env; echo PROBE_PID=$$; } > \(file).tmp && mv \(file).tmp \(file) && exec sleep 600"],
                workingDirectory: "/")
        }
    }

    public let directory: String
    public let control: ControlClient
    public let extensionEndpoint: String
    private var process: Process
    /// Readable once `process` has exited.
    private var exitSignal: ExitSignal?
    /// The listener of the running daemon, while it passes notifications on to the test's.
    private var notifications: DaemonNotifications?
    /// The test's own `NOTIFY_SOCKET`, if it gave one: it gets every notification.
    private let testNotifySocket: String?
    /// When the last start saw READY and when the control client connected after it
    /// (CLOCK_MONOTONIC nanoseconds), for the harness's own tests.
    package private(set) var lastStart: (ready: UInt64, connected: UInt64)?
    private let logPath: String
    private let arguments: [String]
    /// A command the daemon is started through (its arguments end with `--`, the daemon's
    /// path follows), e.g. a sandbox; empty: the daemon itself.
    private let wrapper: [String]
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
            /// Device id → model (`DeviceModel`'s raw value), for those that are not the default.
            public var models: [String: String]
            public init(
                handle: String, name: String, devices: [(id: String, platform: String)], models: [String: String] = [:]
            ) {
                self.handle = handle
                self.name = name
                self.devices = devices
                self.models = models
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

        public static let kateAndJohn = World(
            members: [
                Member(handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
                Member(handle: TestDaemon.john, name: "John Appleseed", devices: [("john-iphone", "ios17")]),
            ], conversation: TestDaemon.conversation)

        /// The WWDC 2016 group: Amber, Ben and Chris, an iPhone each.
        public static let amberBenChris = World(
            members: [
                Member(handle: "amber@example.com", name: "Amber", devices: [("amber-iphone", "ios17")]),
                Member(handle: "ben@example.com", name: "Ben", devices: [("ben-iphone", "ios17")]),
                Member(handle: "chris@example.com", name: "Chris", devices: [("chris-iphone", "ios17")]),
            ], conversation: "abc")
    }

    public let world: World
    public var conversation: String { self.world.conversation }

    /// The daemon's CURVE public key, when the test gave a control secret key (a tcp control
    /// endpoint): the harness makes the daemon's key pair before the first start, as the
    /// daemon would, so that its control client can connect.
    public let serverKey: String?
    /// The keys the control client connects with (a tcp control endpoint), for more clients.
    public let controlCurve: ControlClient.CurveKeys?

    private init(
        apps: [App], world: World, settings: [String: String], environment: [String: String], stateFixture: String?,
        controlSecretKey: String?,
        wrapper: [String]
    ) throws {
        self.wrapper = wrapper
        self.directory = "/tmp/msghost-test-\(UUID().uuidString.prefix(8))"
        let fm = FileManager.default
        try fm.createDirectory(atPath: self.directory + "/config/apps", withIntermediateDirectories: true)
        if let stateFixture {
            // A copy, so the test may change it; the fixture in the repository stays as made.
            let source = stateFixture.hasPrefix("/") ? stateFixture : TestPaths.repository + "/" + stateFixture
            try fm.copyItem(atPath: source, toPath: self.directory + "/state")
        }
        self.world = world
        // Settings are dotted keys ("extensions.idleGraceMs"), over these defaults.
        let merged = [
            "log.level": "debug", "extensions.idleGraceMs": "200", "extensions.terminateGraceMs": "200",
            "extensions.killGraceMs": "1000",
        ].merging(settings) { $1 }
        var sections: [String: [(String, String)]] = [:]
        var yaml = ""
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                sections[parts[0], default: []].append((parts[1], value))
            } else {
                yaml += "\(key): \(value)\n"
            }
        }
        for (section, entries) in sections.sorted(by: { $0.key < $1.key }) {
            yaml += "\(section):\n" + entries.map { "  \($0.0): \($0.1)\n" }.joined()
        }
        // Not `atomically`: these are new files in a new directory that nothing reads before the
        // daemon starts, and Foundation's atomic write (a temporary file, renamed) took 2 to 4 ms
        // a file, a tenth of the daemon's own start.
        try yaml.write(toFile: self.directory + "/config/msghostd.yaml", atomically: false, encoding: .utf8)
        var installs = ""
        let devices = world.members.flatMap { member in
            member.devices.map { (member.handle, $0.id, $0.platform, member.models[$0.id]) }
        }
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
            try manifest.write(
                toFile: "\(self.directory)/config/apps/\(app.bundleID).yaml", atomically: false, encoding: .utf8)
            for (_, device, _, _) in devices where !world.withoutApps.contains(device) {
                installs += "  - {device: \(device), app: \(app.bundleID)}\n"
            }
        }
        var seed = "people:\n"
        for member in world.members { seed += "  - {handle: \(member.handle), name: \(member.name)}\n" }
        seed += "devices:\n"
        for (owner, device, platform, model) in devices {
            seed +=
                "  - {id: \(device), owner: \(owner), platform: \(platform)\(model.map { ", model: \($0)" } ?? "")}\n"
        }
        seed +=
            "conversations:\n  - {id: \(world.conversation), members: [\(world.members.map(\.handle).joined(separator: ", "))]}\n"
        seed += installs.isEmpty ? "installs: []\n" : "installs:\n" + installs
        // A fixture's store is not empty, so a seed would be ignored anyway: write none.
        if stateFixture == nil {
            try seed.write(toFile: self.directory + "/config/world.yaml", atomically: false, encoding: .utf8)
        }

        self.logPath = self.directory + "/msghostd.log"
        fm.createFile(atPath: self.logPath, contents: nil)
        self.extensionEndpoint = "ipc://\(self.directory)/run/extensions.sock"
        self.arguments = [
            "--config", self.directory + "/config/msghostd.yaml",
            "--state-directory", self.directory + "/state",
            "--runtime-directory", self.directory + "/run",
        ]
        self.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        self.testNotifySocket = environment["NOTIFY_SOCKET"]
        self.process = Process()
        // `settings` may move the control endpoint to tcp, a CURVE server (docs/SECURITY.md).
        let controlEndpoint = settings["endpoints.control"] ?? "ipc://\(self.directory)/run/control.sock"
        if let controlSecretKey {
            let serverSecret = try ZMQCurve.keyPair().secretKey
            try fm.createDirectory(
                atPath: self.directory + "/state", withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try CurveSecretFile.create(self.directory + "/state/curve-server.key", secretKey: serverSecret)
            self.serverKey = ZMQCurve.publicKey(secretKey: serverSecret)
            self.controlCurve = .init(serverKey: self.serverKey ?? "", secretKey: controlSecretKey)
            self.control = try ControlClient(endpoint: controlEndpoint, curve: self.controlCurve)
        } else {
            self.serverKey = nil
            self.controlCurve = nil
            self.control = try ControlClient(endpoint: controlEndpoint)
        }
        do {
            try self.start()
        } catch {
            // No test gets this daemon to stop: the error carries the log.
            try? fm.removeItem(atPath: self.directory)
            throw error
        }
    }

    /// How long a start may take before it fails (a debug daemon on a busy machine).
    package static let startTimeout = 20.0

    /// Starts msghostd on the same directories and returns once it is ready, its control
    /// client connected; throws with the log as soon as it exits instead, or after
    /// `startTimeout` seconds of neither.
    private func start() throws {
        self.notifications?.close()  // a restart: the last daemon's listener
        self.notifications = nil
        // The test's own NOTIFY_SOCKET gets every notification, passed on by the listener;
        // one this process inherited (a service manager's) is not the test daemon's to tell.
        let notifications = try DaemonNotifications(forwardTo: self.testNotifySocket)
        var environment = self.environment
        environment["NOTIFY_SOCKET"] = notifications.name
        let exitSignal = try ExitSignal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: self.wrapper.first ?? TestPaths.msghostd)
        process.arguments =
            self.wrapper.isEmpty ? self.arguments : self.wrapper.dropFirst() + [TestPaths.msghostd] + self.arguments
        process.environment = environment
        process.terminationHandler = { _ in exitSignal.fire() }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: self.logPath))
        log.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        do {
            try process.run()
        } catch {
            notifications.close()
            throw error
        }
        (self.process, self.exitSignal) = (process, exitSignal)
        switch notifications.waitUntilReady(exit: exitSignal.fd, timeout: Self.startTimeout) {
        case .ready:
            let ready = Self.monotonicNanos()
            notifications.keepForwarding()
            self.notifications = notifications
            // Connected only now: a socket that connected before the endpoint existed would
            // retry only after libzmq's reconnect interval.
            try self.control.reconnect()
            self.lastStart = (ready, Self.monotonicNanos())
            if Self.coverageDirectory != nil { _ = try self.control.request(.startRecording, as: RecordingResult.self) }
        case .exited:
            notifications.close()
            process.waitUntilExit()
            throw TestDaemonError(
                description:
                    "msghostd exited with status \(process.terminationStatus) before it was ready; its log:\n\(self.log)"
            )
        case .timedOut:
            notifications.close()
            self.terminate()
            throw TestDaemonError(
                description: "msghostd did not report READY=1 within \(Self.startTimeout) s; its log:\n\(self.log)")
        }
    }

    private static func monotonicNanos() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Starts the daemon again after it exited (e.g. after the test killed it).
    public func restart() throws {
        precondition(!self.process.isRunning, "restart() is for a daemon that has exited")
        try self.start()
    }

    /// Runs `body` against a fresh daemon and always stops it.
    ///
    /// `stateFixture`: a state directory (absolute, or relative to the repository, e.g.
    /// `Tests/Fixtures/state-v3`) copied into the test's state directory before the daemon
    /// first starts, so it opens (and migrates) that store instead of an empty one; no world
    /// seed is written then, and `world` only names the conversation the helpers use.
    /// `controlSecretKey`: with `settings["endpoints.control"]` a tcp endpoint, the CURVE
    /// secret key the test's control client connects with (its public key must be listed in
    /// `settings["curve.controlKeys"]`). `wrapper`: a command to start the daemon through, whose
    /// arguments end with `--` (e.g. `scripts/unit-syscall-filter.py --`).
    public static func with(
        apps: [App] = [.pythonRaw()], world: World = .kateAndJohn, settings: [String: String] = [:],
        environment: [String: String] = [:],
        stateFixture: String? = nil, controlSecretKey: String? = nil, wrapper: [String] = [],
        _ body: (TestDaemon) throws -> Void
    ) throws {
        let daemon = try TestDaemon(
            apps: apps, world: world, settings: settings, environment: environment, stateFixture: stateFixture,
            controlSecretKey: controlSecretKey,
            wrapper: wrapper)
        defer { daemon.stop() }
        do {
            try body(daemon)
        } catch {
            print("---- msghostd log (\(daemon.directory)) ----\n\(daemon.log)")
            throw error
        }
    }

    /// The same, for an async test body (a test of a Swift Concurrency client of the daemon,
    /// such as msghost-web, must not block the cooperative threads its own tasks need).
    public static func with(
        apps: [App] = [.pythonRaw()], world: World = .kateAndJohn, settings: [String: String] = [:],
        environment: [String: String] = [:],
        _ body: (TestDaemon) async throws -> Void
    ) async throws {
        let daemon = try TestDaemon(
            apps: apps, world: world, settings: settings, environment: environment, stateFixture: nil,
            controlSecretKey: nil, wrapper: [])
        defer { daemon.stop() }
        do {
            try await body(daemon)
        } catch {
            print("---- msghostd log (\(daemon.directory)) ----\n\(daemon.log)")
            throw error
        }
    }

    public var log: String { (try? String(contentsOfFile: self.logPath, encoding: .utf8)) ?? "" }
    public var pid: Int32 { self.process.processIdentifier }
    public var isRunning: Bool { self.process.isRunning }

    /// SIGTERM, and back as soon as the daemon has exited (SIGKILL after 10 s); removes the
    /// directory.
    public func stop() {
        self.saveCoverage()
        self.terminate()
        Self.remove(self.directory)
    }

    /// `MSGHOST_COVERAGE=DIR`: every daemon records its session from its start, and writes it
    /// to DIR when it stops, for `msghostctl coverage DIR` — which of the host's situations the
    /// suite reached (docs/EXPLORE.md, "Coverage"). A test that records a session of its own ends
    /// this recording; what it did before is not counted.
    public static let coverageDirectory: String? = {
        guard let directory = ProcessInfo.processInfo.environment["MSGHOST_COVERAGE"], !directory.isEmpty else {
            return nil
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    private func saveCoverage() {
        guard let directory = Self.coverageDirectory, self.process.isRunning,
            (try? self.control.request(.stopRecording, as: RecordingResult.self)) != nil,
            let lines = try? self.control.recordedSession()
        else { return }
        let path = directory + "/session-\(getpid())-\(UUID().uuidString.prefix(8)).jsonl"
        try? Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Deletes a stopped daemon's directory without making the test wait for it: deleting the
    /// store's files (ext4 frees their blocks) takes longer than the daemon takes to stop, about
    /// 10 ms. The directory is renamed at once, so it is gone when `stop` returns, and deleted
    /// on a utility queue, which this process waits for when it exits.
    private static func remove(_ directory: String) {
        let doomed = directory + ".removing"
        guard rename(directory, doomed) == 0 else {
            try? FileManager.default.removeItem(atPath: directory)
            return
        }
        Self.waitForRemovalsAtExit
        Self.removals.async { try? FileManager.default.removeItem(atPath: doomed) }
    }

    private static let removals = DispatchQueue(label: "msghost.TestDaemon.removals", qos: .utility)
    private static let waitForRemovalsAtExit: Void = { atexit { TestDaemon.removals.sync {} } }()

    /// SIGTERM, then SIGKILL after 10 s; returns once the daemon has exited.
    private func terminate() {
        if let exitSignal, self.process.isRunning {
            self.process.terminate()
            if !exitSignal.wait(timeout: 10) { kill(self.process.processIdentifier, SIGKILL) }
            self.process.waitUntilExit()
        }
        self.notifications?.close()
        self.notifications = nil
    }

    /// Waits for the daemon to exit by itself (after a signal sent by the test).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        guard let exitSignal, exitSignal.wait(timeout: timeout) else { return nil }
        self.process.waitUntilExit()
        return self.process.terminationStatus
    }
}
