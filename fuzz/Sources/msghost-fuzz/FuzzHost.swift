import MsgHostCore
import MsgHostProtocol
import MsgHostShell
import MsgHostStore

/// The daemon's state machine over an in-memory world, driven by the daemon's own driver
/// (`HostDriver`: changes written and committed a unit at a time, what leaves held until
/// then, files looked at and the manual clock moved inside the unit): frames in, and
/// everything that leaves answered afterwards, in order, as the shell and a well-behaved
/// extension would (launches connect with a signed hello, callbacks are acknowledged, file
/// checks are answered, timers fire when the manual clock moves). A prepared host is forked
/// for every input (`HostStateMachine.forked`: a fresh history, identifiers that go on from the
/// prepared ones), so an input's outcome never depends on the inputs before it, and a run is
/// not spent on setting the world up again.
///
/// The world's names are those of the schemas' examples (scripts/check-schemas.py), so that
/// the seed corpora, made from those examples, reach real people, devices and instances.
struct FuzzHost: Sendable {
    static let app = "com.example.python-raw"
    static let mediaApp = "com.example.media"
    static let attachKey = "an attach key for the fuzzers"
    static let start = Instant(milliseconds: 1_763_779_200_000)
    static let apps = [
        AppDescriptor(bundleID: app, displayName: "Python Raw", attachKey: attachKey),
        AppDescriptor(bundleID: mediaApp, displayName: "Media", contexts: [.media]),
    ]
    /// Decoded as the daemon decodes seeds, since the seed's types have no public initialisers.
    static let seed = #"""
        {"people": [{"handle": "alice@example.com", "name": "Alice"}, {"handle": "bob@example.com", "name": "Bob"},
                    {"handle": "carol@example.com", "name": "Carol"}],
         "devices": [{"id": "alice-phone", "owner": "alice@example.com"}, {"id": "bob-phone", "owner": "bob@example.com"},
                     {"id": "carol-mac", "owner": "carol@example.com", "platform": "macos"}],
         "conversations": [{"id": "c1", "members": ["alice@example.com", "bob@example.com"]},
                           {"id": "group", "members": ["alice@example.com", "bob@example.com", "carol@example.com"]}],
         "installs": [{"device": "alice-phone", "app": "com.example.python-raw"}, {"device": "bob-phone", "app": "com.example.python-raw"},
                      {"device": "alice-phone", "app": "com.example.media"}, {"device": "carol-mac", "app": "com.example.python-raw"}]}
        """#
    /// How many machine events one input may cause, so a feedback loop is a finding of its own
    /// (a timeout) only if it is real, not a harness that never stops answering.
    static let eventBudget = 4_000

    /// The machine with its store (a new, empty one for every input: `fork`), clock and
    /// transport.
    private var driver: HostDriver<FuzzStore, FuzzClock, FuzzTransport>
    var machine: HostStateMachine {
        get { self.driver.machine }
        nonmutating _modify { yield &self.driver.machine }
    }
    /// The shell's side of the extension wire, as `EventLoop` runs it.
    var codec = ExtensionCodec()
    private var ids: FuzzIDs
    var now: Instant { self.driver.clock.instant }
    let client = Array("fuzz-control".utf8)
    /// Route → the key its messages are signed with.
    private(set) var keys: [[UInt8]: [UInt8]] = [:]
    /// Launches that have started but not said hello (when `autoConnect` is off).
    private(set) var waiting: [LaunchRequest] = []
    /// Whether a launch connects at once (a started process says hello).
    var autoConnect = true
    /// Whether the shell accepts the files a request names.
    var acceptFiles: Bool {
        get { self.driver.store.acceptFiles }
        nonmutating set { self.driver.store.acceptFiles = newValue }
    }
    private var nextID = 0

    static func make(manualClock: Bool = true) -> FuzzHost {
        var settings = HostSettings()
        settings.manualClock = manualClock
        let seed = try! WireJSON.decode(WorldSeed.self, from: Array(Self.seed.utf8))
        let ids = FuzzIDs(after: 0)
        var machine = HostStateMachine(
            world: World(), apps: Self.apps, settings: settings, ids: ids, startedAt: Self.start, daemonPID: 4242)
        do {
            _ = try machine.applySeed(seed, now: Self.start)
        } catch {
            fatalError("the fuzzers' own world seed was refused: \(error)")
        }
        var host = FuzzHost(
            driver: HostDriver(
                machine: machine, store: FuzzStore(), clock: FuzzClock(Self.start), transport: FuzzTransport()),
            ids: ids)
        host.run(.restored)
        return host
    }

    private init(driver: HostDriver<FuzzStore, FuzzClock, FuzzTransport>, ids: FuzzIDs) {
        self.driver = driver
        self.ids = ids
    }

    /// A copy of this prepared host for one input. Its history must still be empty (set-up
    /// sends no message), since the fork starts a new, empty one.
    func fork() -> FuzzHost {
        precondition(
            self.driver.store.history.lastEntryID() == 0 && !self.machine.world.hasPendingHistory,
            "a prepared fuzz host must not have stored messages")
        var copy = self
        copy.ids = FuzzIDs(after: self.ids.last)
        let store = FuzzStore(acceptFiles: self.acceptFiles)
        copy.driver = HostDriver(
            machine: self.machine.forked(history: store.history, ids: copy.ids), store: store,
            clock: FuzzClock(self.now),
            transport: FuzzTransport(timers: self.driver.transport.timers))
        return copy
    }

    // MARK: Messages in

    mutating func nextMessageID(_ prefix: String) -> String {
        self.nextID += 1
        return "\(prefix)\(self.nextID)"
    }

    /// A control request, then everything it leads to.
    mutating func control(_ type: String, body: [UInt8]) {
        let header = Header(id: self.nextMessageID("c"), type: type, time: self.now.milliseconds)
        let frames = Envelope(header: header, body: body).frames(signingWith: nil)
        self.controlFrames(frames)
    }

    mutating func controlFrames(_ frames: [[UInt8]]) {
        guard self.spend() else { return }
        // As the daemon's loop does: the control codec types the request, the machine answers.
        self.run(.controlMessage(client: self.client, ControlCodec().decode(frames)))
    }

    /// A message from the extension connected on `route`, signed with its key.
    mutating func fromExtension(
        route: [UInt8], type: String, replyTo: String? = nil, body: [UInt8], buffers: [[UInt8]] = []
    ) {
        let header = Header(id: self.nextMessageID("x"), type: type, replyTo: replyTo, time: self.now.milliseconds)
        let frames = Envelope(header: header, body: body, buffers: buffers).frames(signingWith: self.keys[route] ?? [])
        self.extensionFrames(route: route, frames)
    }

    mutating func extensionFrames(route: [UInt8], _ frames: [[UInt8]]) {
        guard self.spend() else { return }
        let inbound = self.codec.decode(route: route, frames: frames, keys: self.machine)
        self.run(.extensionMessage(route: route, frames: frames, inbound))
    }

    /// The route a launch says hello from.
    static func route(of launchID: String) -> [UInt8] { Array("ext-\(launchID)".utf8) }

    /// The process of `launch` starts and says hello, signed with its token.
    mutating func connect(_ launch: LaunchRequest) {
        let route = Self.route(of: launch.launchID)
        self.keys[route] = Array(launch.token.utf8)
        self.waiting.removeAll { $0.launchID == launch.launchID }
        self.fromExtension(
            route: route, type: RequestType.hello.rawValue,
            body: WireJSON.encode(HelloBody(app: launch.app, pid: 7_000, sdk: "fuzz/1")))
    }

    // MARK: Actions out

    private func spend() -> Bool { self.driver.transport.spend() }

    /// Runs an event through the driver, then answers what left.
    mutating func run(_ event: HostEvent) {
        self.driver.dispatch(event)
        self.answer()
    }

    /// Answers what left the host, oldest first, as the shell or an extension would, until
    /// nothing more follows.
    mutating func answer() {
        while let next = self.driver.transport.next() {
            switch next {
            case .launch(let launch):
                guard self.spend() else { return }
                self.run(.processStarted(launchID: launch.launchID, pid: 7_000))
                if self.autoConnect { self.connect(launch) } else { self.waiting.append(launch) }
            case .sent(let route, let frames):
                self.answerCallback(route: route, frames: frames)
            case .signalled(let launchID):
                guard self.spend() else { return }
                self.run(.processExited(launchID: launchID, status: "signal"))
            }
        }
    }

    /// Moves the clock and fires what falls due, as `ManualClock` and `TimerQueue` do.
    mutating func advance(milliseconds: Int64) {
        self.driver.clock.advance(milliseconds: milliseconds)
        self.driver.fireDueTimers()
        self.answer()
    }

    /// A well-behaved extension acknowledges every callback (with a size for
    /// `contentSizeThatFits`); the host's replies to it need no answer.
    private mutating func answerCallback(route: [UInt8], frames: [[UInt8]]) {
        guard self.keys[route] != nil, let received = try? ReceivedFrames(frames),
            received.header.type != ReplyType.name
        else { return }
        let body =
            received.header.type == CallbackType.contentSizeThatFits.rawValue
            ? Array(#"{"status":"ok","size":{"width":300,"height":120}}"#.utf8) : Array(#"{"status":"ok"}"#.utf8)
        self.fromExtension(route: route, type: ReplyType.name, replyTo: received.header.id, body: body)
    }

}

/// The store in memory, and what the shell's `AttachmentStore` answers, without touching the
/// disk: every file is accepted (as a small PNG) or every one refused, as the input chose.
final class FuzzStore: ShellStore, @unchecked Sendable {
    let history = InMemoryHistory()
    var acceptFiles: Bool

    init(acceptFiles: Bool = true) { self.acceptFiles = acceptFiles }

    func record(_ changes: [WorldChange]) { self.history.record(changes) }
    var hasOpenBatch: Bool { self.history.hasOpenBatch }
    func commit() { self.history.commit() }
    func rollBack() { self.history.rollBack() }

    func inspect(_ checks: [FileCheck], alternateFilename: String?) -> [FileCheckResult]? {
        checks.map { check in
            guard self.acceptFiles else { return .refused(.messages(.fileNotFound)) }
            let name = alternateFilename ?? "file-\(check.purpose.rawValue).png"
            return .accepted(
                StoredFile(
                    sha256: String(repeating: "a", count: 64), storedName: "\(check.purpose.rawValue).png",
                    filename: name,
                    mediaType: "image/png", byteCount: 512, pixelWidth: 400, pixelHeight: 400))
        }
    }
}

/// The manual clock.
final class FuzzClock: ShellClock, @unchecked Sendable {
    private(set) var instant: Instant

    init(_ instant: Instant) { self.instant = instant }

    func now() -> Instant { self.instant }
    func advance(milliseconds: Int64) { self.instant = self.instant.adding(milliseconds: milliseconds) }
}

/// What leaves, kept for the host to answer once the unit is done (`FuzzHost.answer`); the
/// timers, fired earliest first when the clock reaches them; and the input's event budget.
final class FuzzTransport: ShellTransport, @unchecked Sendable {
    enum Next {
        case launch(LaunchRequest)
        case sent(route: [UInt8], frames: [[UInt8]])
        case signalled(launchID: String)
    }

    private(set) var timers: [(id: TimerID, at: Instant)]
    private var queue: [Next] = []
    private var budget = FuzzHost.eventBudget

    init(timers: [(id: TimerID, at: Instant)] = []) { self.timers = timers }

    /// Takes one event from the budget; false when it is spent.
    func spend() -> Bool {
        guard self.budget > 0 else { return false }
        self.budget -= 1
        return true
    }

    func next() -> Next? { self.queue.isEmpty ? nil : self.queue.removeFirst() }

    func send(_ message: OutboundMessage, toExtension route: [UInt8]) {
        self.queue.append(.sent(route: route, frames: message.frames()))
    }
    func send(_ message: ControlMessage, toControl client: [UInt8]) {}
    func serve(_ request: ShellControlRequest, client: [UInt8], requestID: String) {}
    func launch(_ request: LaunchRequest) { self.queue.append(.launch(request)) }
    func signal(_ launchID: String, _ signal: ProcessSignal) { self.queue.append(.signalled(launchID: launchID)) }
    func startTimer(_ timer: TimerID, at: Instant) { self.timers.append((timer, at)) }

    func dueTimers(at now: Instant) -> [TimerID] {
        var due: [TimerID] = []
        while let index = self.timers.indices.filter({ self.timers[$0].at <= now }).min(by: {
            self.timers[$0].at < self.timers[$1].at
        }) {
            guard self.spend() else { break }
            due.append(self.timers.remove(at: index).id)
        }
        return due
    }

    func log(_ record: EventRecord) {}
    func observe(_ observation: Observation) {}
    func written(_ changes: [WorldChange]) {}
    func stored(_ changes: [WorldChange]) {}
    func stopped() {}

    func unitLost(reason: String, events: Int) {
        // Memory neither fails a read nor a commit: the machine asking to undo is a bug.
        fatalError("a unit over an in-memory history was lost: \(reason)")
    }

    func retry(_ events: [HostEvent]) {}
}

extension FuzzHost {
    /// The world most targets start from: the app open and connected on Alice's phone in
    /// `c1` (instance `i1`), with a recent touch, so requests reach the send rules' far side.
    static let withOpenApp: FuzzHost = {
        var host = FuzzHost.make()
        host.control(
            ControlCommand.open.rawValue,
            body: Array(#"{"device":"alice-phone","conversation":"c1","app":"com.example.python-raw"}"#.utf8))
        host.control(ControlCommand.touch.rawValue, body: Array(#"{"device":"alice-phone","payload":"tap"}"#.utf8))
        return host
    }()

    /// As `withOpenApp`, and the app launched on Bob's phone but not yet connected: its launch
    /// token signs a hello from a new connection.
    static let withLaunchWaiting: FuzzHost = {
        var host = FuzzHost.withOpenApp
        host.autoConnect = false
        host.control(
            ControlCommand.open.rawValue,
            body: Array(#"{"device":"bob-phone","conversation":"c1","app":"com.example.python-raw"}"#.utf8))
        precondition(host.waiting.count == 1, "the launch on bob-phone did not happen")
        return host
    }()

    /// The route of the process serving `i1`.
    var openAppRoute: [UInt8] { self.keys.keys.sorted { $0.lexicographicallyPrecedes($1) }.first ?? [] }
}

/// Identifiers as `SequentialIDGenerator` makes them, counting on from `after`, so that a fork
/// of a prepared host never repeats an identifier the preparation made.
final class FuzzIDs: IDGenerator, @unchecked Sendable {
    private(set) var last: Int

    init(after last: Int) { self.last = last }

    func makeUUID() -> String {
        self.last += 1
        let digits = String(self.last, radix: 16, uppercase: true)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    func makeToken() -> String {
        self.last += 1
        return "token-\(self.last)"
    }
}
