import Foundation
import HashTreeCollections
import Logging
import MsgHostCore
import MsgHostProtocol
import MsgHostShell
import MsgHostStore
import Prometheus
import ServiceLifecycle
import ZeroMQ

/// msghostd as a `Service`: prepares everything, binds, tells systemd READY, then runs the
/// event loop on its own thread until a graceful shutdown has stopped every extension.
public struct HostService: Service {
    let configuration: DaemonConfiguration
    let logger: Logger
    /// Where the daemon's metrics go (control `metrics` renders it): msghostd bootstraps
    /// swift-metrics over the same registry, so what libraries count lands there too.
    let metrics: PrometheusCollectorRegistry

    public init(
        configuration: DaemonConfiguration, logger: Logger,
        metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.configuration = configuration
        self.logger = logger
        self.metrics = metrics
    }

    public func run() async throws {
        let configuration = self.configuration
        let startedAt = configuration.manualClockStartMs.map { Instant(milliseconds: $0) } ?? SystemClock().now()
        let clock: any HostClock = configuration.host.manualClock ? ManualClock(start: startedAt) : SystemClock()
        try Self.makeDirectory(configuration.stateDirectory, mode: 0o700)
        try Self.makeDirectory(configuration.runtimeDirectory, mode: 0o700)
        if let mode = (try? FileManager.default.attributesOfItem(atPath: configuration.runtimeDirectory))?[
            .posixPermissions] as? Int, mode & 0o077 != 0
        {
            // The ipc sockets are plain: the directory's mode is what keeps other users out.
            self.logger.warning(
                "the runtime directory is open to other users; its ipc sockets admit anyone who can reach them (docs/SECURITY.md)",
                metadata: [
                    "directory": "\(configuration.runtimeDirectory)", "mode": "\(String(mode, radix: 8))",
                ])
        }

        let store: WorldStore
        do {
            store = try WorldStore(
                path: configuration.stateDirectory + "/msghost.sqlite", messageCacheSize: configuration.messageCache)
        } catch {
            throw ConfigurationError("cannot open the store in \(configuration.stateDirectory): \(error)")
        }
        let manifests = try AppManifest.loadAll(from: configuration.appsDirectory)
        let filesDirectory = configuration.stateDirectory + "/files"
        let attachments: AttachmentStore
        do {
            attachments = try AttachmentStore(directory: filesDirectory)
        } catch {
            throw ConfigurationError("cannot make the files directory \(filesDirectory): \(error)")
        }
        var settings = configuration.host
        settings.filesDirectory = filesDirectory
        settings.maxFrameBytes = Int(configuration.maxFrameBytes)
        let ids: any IDGenerator
        if let seed = configuration.idsSeed {
            guard try store.isEmpty() else {
                throw ConfigurationError(
                    "ids.seed: the state directory \(configuration.stateDirectory) already has a world, whose identifiers a seeded generator would make again; give a fresh state.directory"
                )
            }
            ids = SeededIDGenerator(seed: UInt64(seed))
        } else {
            ids = RandomIDGenerator()
        }
        var machine = HostStateMachine(
            world: try store.loadWorld(), apps: manifests.map(\.descriptor), settings: settings,
            ids: ids, startedAt: startedAt, daemonPID: Int(getpid()))
        // The seed's changes are written in one transaction once all were made (by the loop's
        // driver, below); a bad seed stops the daemon before anything is written.
        var seeded: [WorldChange]?
        if let seedPath = configuration.worldSeed, try store.isEmpty() {
            let seed = try WorldSeed.load(path: seedPath)
            do {
                let changes = try machine.applySeed(seed, now: startedAt)
                seeded = changes
            } catch {
                throw ConfigurationError("\(seedPath): \(error.description)")
            }
        }

        let context = ZMQContext()
        let extensionSocket = try ZMQSocket(context, type: .router)
        let controlSocket = try ZMQSocket(context, type: .router)
        // The machine refuses a frame over limits.maxFrameBytes with an error reply and keeps
        // the connection; the transport only stops what is far past it (libzmq disconnects a
        // peer at ZMQ_MAXMSGSIZE), so that no peer can make the daemon hold unbounded memory.
        let (fourTimes, overflow) = configuration.maxFrameBytes.multipliedReportingOverflow(by: 4)
        let transportLimit = overflow ? Int64.max : fourTimes
        for socket in [extensionSocket, controlSocket] { try socket.setMaxMessageSize(transportLimit) }
        // A message an extension's connection cannot take becomes an `undeliverable` event.
        try extensionSocket.setRouterMandatory(true)
        // A message a control client does not take (it stopped reading, or left) is counted
        // (`msghost_control_dropped_total`) rather than dropped unseen.
        try controlSocket.setRouterMandatory(true)
        let curve = try Self.secure(
            context: context, configuration: configuration, extensionSocket: extensionSocket,
            controlSocket: controlSocket)
        do {
            try extensionSocket.bind(configuration.extensionEndpoint)
            try controlSocket.bind(configuration.controlEndpoint)
        } catch {
            throw ConfigurationError("cannot bind: \(error)")
        }
        let inbox = Inbox()
        let pidFile = ExtensionPIDFile(path: configuration.runtimeDirectory + "/extensions.pids")
        let leftovers = pidFile.killLeftovers()
        if leftovers > 0 {
            self.logger.warning(
                "killed extension process groups left by an earlier daemon", metadata: ["groups": "\(leftovers)"])
        }
        let containers = ExtensionContainers(stateDirectory: configuration.stateDirectory)
        let swept = containers.sweep(keeping: Set(machine.world.installs.keys))
        if swept > 0 {
            self.logger.info("removed the containers of installs that are gone", metadata: ["containers": "\(swept)"])
        }
        let launcher = ExtensionLauncher(inbox: inbox, logger: self.logger, pidFile: pidFile, containers: containers)
        let notifier = SystemdNotifier()
        let loop = EventLoop(
            machine: machine, store: store, extensionSocket: extensionSocket, controlSocket: controlSocket,
            inbox: inbox,
            attachments: attachments, launcher: launcher, notifier: notifier, clock: clock,
            manifests: Dictionary(manifests.map { ($0.bundleID, $0) }) { a, _ in a },
            extensionEndpoint: extensionSocket.lastEndpoint, zap: curve?.zap,
            extensionServerKey: configuration.extensionEndpoint.hasPrefix("tcp://") ? curve?.keys.publicKey : nil,
            metrics: DaemonMetrics(registry: self.metrics), logger: self.logger)
        if let seeded, let seedPath = configuration.worldSeed {
            try loop.driver.write(seeded)
            self.logger.info("world seeded", metadata: ["seed": "\(seedPath)"])
        }

        notifier.ready()
        if curve != nil, configuration.controlEndpoint.hasPrefix("tcp://"), configuration.curve.controlKeys.isEmpty {
            self.logger.warning(
                "the control endpoint is tcp and curve.controlKeys lists no key: no control client can connect",
                metadata: [
                    "control": "\(configuration.controlEndpoint)"
                ])
        }
        if let curve {
            self.logger.notice(
                "CURVE on tcp",
                metadata: [
                    "server.key": "\(curve.keys.publicKey)",
                    "file": "\(configuration.stateDirectory)/\(ServerKeyPair.publicFile)",
                    "control.clients": "\(configuration.curve.controlKeys.count)",
                    "extension.clients": "\(configuration.curve.extensionKeys.count)",
                ])
        }
        self.logger.notice(
            "ready",
            metadata: [
                "extensions": "\(extensionSocket.lastEndpoint)", "control": "\(controlSocket.lastEndpoint)",
                "apps": "\(manifests.map(\.bundleID).joined(separator: ","))",
                "state": "\(configuration.stateDirectory)",
                "startup.ms": "\(clock.now().milliseconds(since: startedAt))",
            ])
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await launcher.runLaunches() }
                await Self.runOnThread(loop)
                launcher.finish()
            }
        } onGracefulShutdown: {
            inbox.post(.shutdown)
        }
        extensionSocket.close()
        controlSocket.close()
        curve?.zap.socket.close()
        self.logger.notice("stopped")
    }

    /// Makes every tcp socket a CURVE server with the daemon's key pair (made in the state
    /// directory on first need), behind a ZAP handler bound first; nil when both are ipc.
    private static func secure(
        context: ZMQContext, configuration: DaemonConfiguration, extensionSocket: ZMQSocket, controlSocket: ZMQSocket
    ) throws -> (keys: ServerKeyPair, zap: ZAPHandler)? {
        let tcp = [
            (extensionSocket, configuration.extensionEndpoint, ZAPHandler.extensionDomain),
            (controlSocket, configuration.controlEndpoint, ZAPHandler.controlDomain),
        ].filter { $0.1.hasPrefix("tcp://") }
        guard !tcp.isEmpty else { return nil }
        let keys = try ServerKeyPair.loadOrCreate(in: configuration.stateDirectory)
        do {
            let zap = try ZAPHandler(context: context, clients: configuration.curve)
            for (socket, _, domain) in tcp { try socket.makeCurveServer(secretKey: keys.secretKey, zapDomain: domain) }
            return (keys, zap)
        } catch {
            throw ConfigurationError("cannot set up CURVE: \(error)")
        }
    }

    /// Runs the loop on a dedicated thread (blocking zmq calls must stay off the cooperative
    /// pool) and resumes when it returns.
    private static func runOnThread(_ loop: EventLoop) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                loop.run()
                continuation.resume()
            }
            thread.name = "msghost-loop"
            thread.start()
        }
    }

    private static func makeDirectory(_ path: String, mode: Int) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
        } catch {
            throw ConfigurationError("cannot create directory \(path): \(error.localizedDescription)")
        }
    }
}

/// What `ServiceGroup` logs for the service. Without it the service is printed by reflection
/// (`Mirror`) — its whole configuration, logger and metrics registry, each field a dynamic
/// cast that scans the binary's conformance tables: 3.5 ms of every start (17 % of start →
/// READY, docs/PERFORMANCE.md).
extension HostService: CustomStringConvertible {
    public var description: String { "msghostd" }
}
