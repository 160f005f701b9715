import Foundation
import Logging
import MsgHostCore
import MsgHostProtocol
import MsgHostShell
import MsgHostStore
import ZeroMQ

/// The daemon's one I/O thread: it owns both ROUTER sockets and the state machine, turns
/// everything that happens into events, and runs the actions that come back.
///
/// Nothing else touches the sockets (libzmq sockets are not thread-safe) or the machine (so it
/// needs no lock). Other threads reach the loop only through the `Inbox`.
final class EventLoop: @unchecked Sendable {
    /// Runs the machine's actions in commit units (`HostDriver`, `EventLoop+Units`). Set once
    /// at the end of `init`, since its transport is this loop.
    private(set) var driver: LoopDriver!
    /// The machine, where the driver holds it.
    var machine: HostStateMachine {
        get { self.driver.machine }
        _modify { yield &self.driver.machine }
    }
    /// Framing, signatures, replay windows and JSON of the extension wire (`ExtensionCodec`).
    var codec: ExtensionCodec
    /// The control endpoint's edge: frames to typed requests, typed replies to frames.
    let controlCodec: ControlCodec
    private let extensionSocket: ZMQSocket
    private let controlSocket: ZMQSocket
    private let inbox: Inbox
    let attachments: AttachmentStore
    let launcher: ExtensionLauncher
    private let notifier: SystemdNotifier
    let clock: any HostClock
    let manifests: [String: AppManifest]
    /// The endpoint extensions are told to connect to (the bound one, for tcp wildcards).
    private let extensionEndpoint: String
    /// Answers CURVE handshakes when an endpoint is tcp (docs/SECURITY.md).
    private let zap: ZAPHandler?
    /// The daemon's public key, given to each launch with a key pair of its own, when the
    /// extension endpoint is tcp.
    private let extensionServerKey: String?
    let logger: Logger
    var timers = TimerQueue()
    var stopped = false
    /// Extensions' memory is sampled every `memorySampleMs` of real time (for `status` and
    /// limits) and, when some app has a limit, after every message from an extension.
    private let memoryLimited: Bool
    private var nextMemorySample = Date()
    private static let memorySampleMs = 250

    /// How many messages one socket may deliver per wake-up before the others get a turn —
    /// and for how long: a flood of messages that each cost something (a refusal, an event)
    /// must not keep `status` waiting for a whole burst (ExtensionFaultTests measured 214 ms
    /// behind 256 refused sends in a debug build before the time bound).
    private static let burst = 256
    private static let burstNanoseconds: UInt64 = 5_000_000

    /// Events whose changes could not be stored and that are not requests (timers, process
    /// facts): run again once `retryDelay` has passed.
    var retries: [(at: Date, event: HostEvent)] = []
    static let retryDelay: TimeInterval = 1
    /// Messages an extension connection did not take during this wake-up, by route; reported
    /// to the machine once per route after it (never from inside a unit).
    private var undeliverable: [[UInt8]: (count: Int, reason: String)] = [:]
    /// Control clients following the extension messages (`EventLoop+Observation`).
    var wireTap = WireTap()
    let metrics: DaemonMetrics
    /// Header ids of the messages the shell makes itself (tap pushes, its own replies).
    var shellMessages = 0
    /// The recording under way, if any, and the last one that stopped (`EventLoop+Recording`).
    var recorder: Recorder?
    var recorded: RecordedSession?
    /// Ids of the reads the recorder makes of the machine.
    var recorderReads = 0

    init(
        machine: HostStateMachine, store: WorldStore, extensionSocket: ZMQSocket, controlSocket: ZMQSocket,
        inbox: Inbox, attachments: AttachmentStore, launcher: ExtensionLauncher, notifier: SystemdNotifier,
        clock: any HostClock,
        manifests: [String: AppManifest], extensionEndpoint: String, zap: ZAPHandler? = nil,
        extensionServerKey: String? = nil,
        metrics: DaemonMetrics = DaemonMetrics(), logger: Logger
    ) {
        self.metrics = metrics
        self.zap = zap
        self.extensionServerKey = extensionServerKey
        self.codec = ExtensionCodec(maxFrameBytes: machine.settings.maxFrameBytes)
        self.controlCodec = ControlCodec(maxFrameBytes: machine.settings.maxFrameBytes)
        self.extensionSocket = extensionSocket
        self.controlSocket = controlSocket
        self.inbox = inbox
        self.attachments = attachments
        self.launcher = launcher
        self.notifier = notifier
        self.clock = clock
        self.manifests = manifests
        self.extensionEndpoint = extensionEndpoint
        self.logger = logger
        self.memoryLimited = manifests.values.contains { $0.memoryLimitMB != nil || $0.memoryWarningMB != nil }
        self.driver = HostDriver(
            machine: machine, store: LoopStore(world: store, attachments: attachments, metrics: metrics),
            clock: LoopClock(clock: clock),
            transport: LoopTransport(loop: self))
    }

    /// Runs until the state machine reports `.stopped`.
    func run() {
        var poller = ZMQPoller(
            [.socket(self.extensionSocket), .socket(self.controlSocket), .fileDescriptor(self.inbox.readFD)]
                + (self.zap.map { [.socket($0.socket)] } ?? []))
        var nextWatchdog = Date()  // real time: systemd's watchdog knows no manual clock
        self.driver.dispatch(.restored)
        while !self.stopped {
            let now = self.clock.now()
            if let interval = self.notifier.watchdogInterval, Date() >= nextWatchdog {
                self.notifier.watchdog()
                nextWatchdog = Date().addingTimeInterval(Double(interval) / 1000)
            }
            var timeout =
                self.clock.followsRealTime
                ? self.timers.nextDeadline.map { max(0, Int($0.milliseconds(since: now))) } ?? -1 : -1
            if self.launcher.anyRunning() {
                let untilSample = max(0, Int(self.nextMemorySample.timeIntervalSinceNow * 1000))
                timeout = timeout < 0 ? untilSample : min(timeout, untilSample)
            }
            if let retry = self.retries.map(\.at).min() {
                let untilRetry = max(0, Int(retry.timeIntervalSinceNow * 1000))
                timeout = timeout < 0 ? untilRetry : min(timeout, untilRetry)
            }
            if self.notifier.watchdogInterval != nil {
                let untilWatchdog = max(0, Int(nextWatchdog.timeIntervalSinceNow * 1000))
                timeout = timeout < 0 ? untilWatchdog : min(timeout, untilWatchdog)
            }
            let readable: [Int]
            do {
                readable = try poller.poll(timeoutMilliseconds: timeout)
            } catch {
                self.logger.critical("zmq_poll failed; stopping", metadata: ["error": "\(error)"])
                break
            }
            if readable.contains(3), let zap = self.zap {
                for refusal in zap.answer() {
                    self.logger.warning(
                        "CURVE client refused",
                        metadata: [
                            "socket": "\(refusal.domain)", "key": "\(refusal.key)", "address": "\(refusal.address)",
                        ])
                    self.driver.dispatch(
                        .clientKeyRefused(socket: refusal.domain, key: refusal.key, address: refusal.address))
                }
            }
            if readable.contains(0) {
                self.drain(self.extensionSocket) { route, frames in
                    .extensionMessage(
                        route: route, frames: frames,
                        self.inPlace { machine in self.codec.decode(route: route, frames: frames, keys: machine) })
                }
                if self.memoryLimited { self.sampleMemory() }
            }
            if Date() >= self.nextMemorySample {
                self.sampleMemory()
                self.nextMemorySample = Date().addingTimeInterval(Double(Self.memorySampleMs) / 1000)
            }
            if readable.contains(1) {
                self.drain(self.controlSocket) { client, frames in
                    let inbound = self.controlCodec.decode(frames)
                    if self.recorder != nil { self.recordRequest(client: client, frames: frames, inbound) }
                    return .controlMessage(client: client, inbound)
                }
            }
            for event in self.inbox.drain() {
                switch event {
                case .processStarted(let launchID, let pid):
                    self.driver.dispatch(.processStarted(launchID: launchID, pid: Int(pid)))
                case .processExited(let launchID, let status):
                    self.zap?.forget(launch: launchID)
                    self.driver.dispatch(.processExited(launchID: launchID, status: status))
                case .shutdown:
                    self.notifier.stopping()
                    // Stopping refuses `advanceClock`: a manual clock runs by itself from here,
                    // so the graces of stopping run out and the daemon stops on its own.
                    (self.clock as? ManualClock)?.release()
                    self.driver.dispatch(.shutdown)
                }
            }
            self.driver.fireDueTimers()
            self.runDueRetries()
            self.reportUndeliverable()
            self.recorder?.builder.flush()
        }
        if !self.stopped { self.launcher.killAll() }
    }

    /// Measures every running extension (cheap: one small /proc read each).
    private func sampleMemory() {
        for (launchID, pid) in self.launcher.runningPIDs() {
            guard let bytes = ProcessMemory.residentBytes(pid: pid) else { continue }
            self.driver.dispatch(.memoryMeasured(launchID: launchID, bytes: bytes))
        }
    }

    /// Reads what a ROUTER socket has queued (up to a burst) and feeds it to the machine, in
    /// one commit unit (group commit): while no message has changed anything, what each leads
    /// to goes out at once and the unit starts again after it; from the first change on,
    /// everything waits for one commit at the burst's end.
    private func drain(_ socket: ZMQSocket, _ source: ([UInt8], [[UInt8]]) -> HostEvent) {
        self.driver.open([])
        defer { self.driver.close() }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<Self.burst {
            if DispatchTime.now().uptimeNanoseconds - start > Self.burstNanoseconds { return }
            let frames: [[UInt8]]?
            do {
                frames = try socket.receive(dontWait: true)
            } catch {
                self.logger.error("receive failed", metadata: ["error": "\(error)"])
                return
            }
            guard let frames, let route = frames.first else { return }
            let event = source(route, Array(frames.dropFirst()))
            self.driver.take(event, self.isWatched ? self.callTapped(event) : self.driver.call(event))
        }
    }

    /// Reads the machine where it is. A call to a non-mutating method of `self.machine` (or
    /// passing it as an argument) copies the whole machine first — Swift loads a class's
    /// stored value before the call, since the callee might change the class — a retain and
    /// a release of every part, for each extension message (the codec's key lookup) and each
    /// frame tapped, about 1 % of the loop's CPU. An `inout` borrow is exclusive, so nothing is
    /// copied.
    @inline(__always)
    func inPlace<T, E: Error>(_ body: (inout HostStateMachine) throws(E) -> T) throws(E) -> T {
        try body(&self.machine)
    }

    /// Writes and signs a message for an extension as it leaves, in the order of the actions
    /// (a send's reply before the callbacks it leads to).
    func send(_ message: OutboundMessage, toExtension route: [UInt8]) {
        let frames = message.frames()
        do {
            try self.extensionSocket.send([route] + frames, dontWait: true)
            if self.isWatched { self.tap(frames, route: route, inbound: false, refusal: nil) }
        } catch {
            let reason =
                error.wouldBlock
                ? "its queue is full (it is not reading)" : error.hostUnreachable ? "it is not connected" : "\(error)"
            self.undeliverable[route, default: (0, reason)].count += 1
        }
    }

    func send(_ message: ControlMessage, toControl client: [UInt8]) {
        var message = message
        if case .ok(.status(var status)) = message.body {
            status.recording = self.recordingState
            message.body = .ok(.status(status))
        }
        self.sendControl([client] + ControlCodec.frames(message), tapFrame: false)
        if self.recorder != nil { self.recordReply(client: client, message) }
    }

    func launch(_ request: LaunchRequest) {
        guard
            let manifest = self.manifests[request.app].flatMap({ request.role == .parentApp ? $0.forParentApp() : $0 })
        else {
            self.inbox.post(
                .processExited(
                    launchID: request.launchID,
                    status: "no manifest for \(request.app)\(request.role == .parentApp ? "'s parent app" : "")"))
            return
        }
        var curve: ExtensionLauncher.CurveKeys?
        if let serverKey = self.extensionServerKey, let zap = self.zap {
            // A key pair of the launch's own, admitted while it lives: the extension
            // needs no configured key, and a key that leaks dies with its process.
            guard let pair = try? ZMQCurve.keyPair() else {
                self.inbox.post(.processExited(launchID: request.launchID, status: "no CURVE key pair could be made"))
                return
            }
            zap.admit(launch: request.launchID, publicKey: pair.publicKey)
            curve = .init(serverKey: serverKey, secretKey: pair.secretKey)
        }
        self.launcher.launch(
            .init(request: request, manifest: manifest, endpoint: self.extensionEndpoint, curve: curve))
    }

    private func reportUndeliverable() {
        while let (route, lost) = self.undeliverable.first {
            self.undeliverable[route] = nil
            self.driver.dispatch(.messagesUndeliverable(route: route, count: lost.count, reason: lost.reason))
        }
    }

    /// Sends to a control client without waiting: a client that vanished or stopped reading
    /// loses the message (counted), and never holds up the loop. Returns false when the client
    /// is gone (no connection has its routing id any more).
    @discardableResult
    func sendControl(_ frames: [[UInt8]], tapFrame: Bool) -> Bool {
        do {
            try self.controlSocket.send(frames, dontWait: true)
            return true
        } catch {
            self.metrics.controlDropped(tapFrame: tapFrame)
            self.logger.debug("send dropped", metadata: ["error": "\(error)"])
            return !error.hostUnreachable
        }
    }

    func log(_ record: EventRecord) {
        // Routine events (every send has several) are debug lines: build their metadata only
        // when the log will take them.
        let level: Logger.Level = EventKind(rawValue: record.kind)?.isRoutine == true ? .debug : .info
        guard self.logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = ["event.seq": "\(record.seq)"]
        if let device = record.device { metadata["device"] = "\(device)" }
        if let app = record.app { metadata["app"] = "\(app)" }
        if let conversation = record.conversation { metadata["conversation"] = "\(conversation)" }
        if let instance = record.instance { metadata["instance"] = "\(instance)" }
        if let code = record.code { metadata["code"] = "\(code)" }
        if let name = record.name { metadata["name"] = "\(name)" }
        if let pid = record.pid { metadata["pid"] = "\(pid)" }
        if let detail = record.detail { metadata["detail"] = "\(detail)" }
        self.logger.log(level: level, "\(record.kind)", metadata: metadata)
    }

}
