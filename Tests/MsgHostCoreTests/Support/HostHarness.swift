import MsgHostProtocol
import MsgHostShell
import MsgHostStore
import Testing

@testable import MsgHostCore

/// Drives a `HostStateMachine` by hand, with no I/O: a control client, one scripted extension,
/// a manual clock and predictable ids (`SequentialIDGenerator`). Every event goes through the
/// shell's `HostDriver`, over memory (`TestStore`, `RecordingTransport`); the machine's
/// actions come back as it answered, and the `[HostAction]` helpers below decode the frames in
/// them back into envelopes. Timers fire and files are answered only when a test says so, and
/// the machine's undo is the test's (`checkpoint`, `restore`) unless `undoesUnits`.
///
/// The world: Amber and Ben (one phone each) in conversation `amber-ben`, Cleo outside it;
/// `com.example.app` (messages context) on both phones, `com.example.media` (media context) on
/// Amber's phone.
struct HostHarness {
    static let app = "com.example.app"
    static let mediaApp = "com.example.media"
    static let amber = "amber@example.com"
    static let ben = "ben@example.com"
    static let cleo = "cleo@example.com"
    static let amberPhone = "amber-phone"
    static let benPhone = "ben-phone"
    static let conversation = "amber-ben"
    static let start = Instant(milliseconds: 1_700_000_000_000)

    static let seed = WorldSeed(
        people: [
            Person(handle: amber, name: "Amber"), Person(handle: ben, name: "Ben"), Person(handle: cleo, name: "Cleo"),
        ],
        devices: [
            .init(id: amberPhone, owner: amber, platform: nil), .init(id: benPhone, owner: ben, platform: .ios17),
        ],
        conversations: [Conversation(id: conversation, members: [amber, ben])],
        installs: [
            .init(device: amberPhone, app: app), .init(device: benPhone, app: app),
            .init(device: amberPhone, app: mediaApp),
        ])

    /// The shell's driver: the machine, the store (every `.persist` action's changes are
    /// written there as the action is taken, and the machine told), the clock, the transport.
    let driver: TestDriver
    var machine: HostStateMachine {
        get { self.driver.machine }
        nonmutating _modify { yield &self.driver.machine }
        nonmutating set { self.driver.machine = newValue }
    }
    var history: InMemoryHistory {
        get { self.driver.store.history }
        nonmutating set { self.driver.store.history = newValue }
    }
    /// What the store and the transport saw.
    var journal: ShellJournal { self.driver.transport.journal }
    /// The shell's side of the extension wire (framing, signatures, replay windows, JSON), as
    /// `EventLoop` runs it: raw frames go through it to the machine.
    var codec: ExtensionCodec
    var now: Instant {
        get { self.driver.clock.instant }
        nonmutating set { self.driver.clock.instant = newValue }
    }
    let client: [UInt8] = Array("control-client".utf8)
    /// The routing id the scripted extension connects from.
    var route: [UInt8] = Array("extension-1".utf8)
    /// Route → launch token, for the processes connected with `connect(_:)` (one route each),
    /// so several extensions can talk at once (see HostHarness+User.swift).
    var keys: [[UInt8]: [UInt8]] = [:]
    /// Every `.launch` seen, oldest first.
    private(set) var launches: [LaunchRequest] = []
    private var nextControlID = 0
    private var nextExtensionID = 0

    /// - Parameters:
    ///   - memoryLimitMB: the main app's memory limit, if it has one.
    ///   - memoryWarningMB: its own soft line, if it has one.
    ///   - parentApp: whether the main app's manifest names a parent app;
    ///   - opensMessages: whether its tapped bubbles open that parent app.
    ///   - undoesUnits: whether the driver undoes a unit it cannot store, as the daemon does;
    ///     off, the tests take and restore the machine's checkpoints themselves, around as many
    ///     events as they choose.
    init(
        settings: HostSettings = HostSettings(), memoryLimitMB: Int? = nil, memoryWarningMB: Int? = nil,
        parentApp: Bool = false, opensMessages: Bool = false,
        undoesUnits: Bool = false
    ) throws {
        let ids = SequentialIDGenerator()
        var apps = [
            AppDescriptor(
                bundleID: Self.app, displayName: "App", memoryLimitBytes: memoryLimitMB.map { $0 << 20 },
                memoryWarningBytes: memoryWarningMB.map { $0 << 20 }),
            AppDescriptor(bundleID: Self.mediaApp, displayName: "Media", contexts: [.media]),
        ]
        apps[0].hasParentApp = parentApp
        apps[0].opensMessagesInParentApp = opensMessages
        let history = InMemoryHistory()
        let machine = HostStateMachine(
            world: try World(history: history), apps: apps, settings: settings, ids: ids, startedAt: Self.start,
            daemonPID: 4242)
        self.driver = .inMemory(machine, history: history, now: Self.start, undoesUnits: undoesUnits)
        self.codec = ExtensionCodec(maxFrameBytes: settings.maxFrameBytes)
        self.write(try self.machine.applySeed(Self.seed, now: Self.start))
    }

    // MARK: Clock and timers

    mutating func advance(milliseconds: Int64) { self.now = self.now.adding(milliseconds: milliseconds) }

    /// Moves the clock to the timer's time and fires it.
    mutating func fire(_ timer: TimerID, at instant: Instant) -> [HostAction] {
        self.now = instant
        return self.run(.timer(timer))
    }

    mutating func processStarted(pid: Int = 777) -> [HostAction] {
        self.run(.processStarted(launchID: self.launchID, pid: pid))
    }

    mutating func processExited(status: String = "exit 0") -> [HostAction] {
        self.run(.processExited(launchID: self.launchID, status: status))
    }

    // MARK: Control client

    /// Sends a typed control request, as the shell's `ControlCodec` hands it over; returns its
    /// header id and the actions.
    mutating func control(_ request: ControlRequest) -> (id: String, actions: [HostAction]) {
        self.nextControlID += 1
        let id = "c\(self.nextControlID)"
        return (id, self.run(.controlMessage(client: self.client, .request(id: id, request))))
    }

    /// Sends a control request that is answered at once and returns the reply.
    mutating func controlReply(_ request: ControlRequest, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ControlMessage
    {
        let (id, actions) = self.control(request)
        let replies = actions.controlReplies.filter { $0.header.replyTo == id }
        #expect(replies.count <= 1, "\(request.command) answered more than once", sourceLocation: sourceLocation)
        return try #require(
            replies.first, "\(request.command) should be answered at once", sourceLocation: sourceLocation)
    }

    /// Sends a control message as bytes through `ControlCodec`, as the shell does, and returns
    /// the reply: for what only the edge can get wrong (a missing field, a wrong type).
    mutating func controlThroughCodec(_ type: String, _ body: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> ControlMessage
    {
        self.nextControlID += 1
        let id = "c\(self.nextControlID)"
        let frames = Envelope(header: Header(id: id, type: type, time: self.now.milliseconds), body: Array(body.utf8))
            .frames(signingWith: nil)
        let actions = self.run(.controlMessage(client: self.client, ControlCodec().decode(frames)))
        return try #require(
            actions.controlReplies.first { $0.header.replyTo == id }, "\(type) should be answered at once",
            sourceLocation: sourceLocation)
    }

    // MARK: The scripted extension

    var launchID: String { self.launches.last?.launchID ?? "" }
    /// The key the extension on `route` signs with: its process's token if it was connected with
    /// `connect(_:)`, else the last launch's token.
    var token: [UInt8] { self.keys[self.route] ?? Array((self.launches.last?.token ?? "").utf8) }

    mutating func makeExtensionID() -> String {
        self.nextExtensionID += 1
        return "x\(self.nextExtensionID)"
    }

    /// Raw frames from the extension's route.
    mutating func extensionFrames(_ frames: [[UInt8]], route: [UInt8]? = nil) -> [HostAction] {
        let route = route ?? self.route
        let inbound = self.codec.decode(route: route, frames: frames, keys: self.machine)
        return self.run(.extensionMessage(route: route, frames: frames, inbound))
    }

    /// A message from the extension, signed with `key` (the launch token unless given).
    mutating func fromExtension(
        _ type: String, _ body: some Encodable, id: String? = nil, replyTo: String? = nil, key: [UInt8]? = nil,
        route: [UInt8]? = nil,
        buffers: [[UInt8]] = []
    ) -> [HostAction] {
        let header = Header(id: id ?? self.makeExtensionID(), type: type, replyTo: replyTo, time: self.now.milliseconds)
        let frames = Envelope(header: header, encoding: body, buffers: buffers).frames(signingWith: key ?? self.token)
        return self.extensionFrames(frames, route: route)
    }

    /// `hello` for the last launch's app (unless `app` is given), signed with its token (unless
    /// `key` is given).
    mutating func hello(app: String? = nil, key: [UInt8]? = nil, id: String? = nil) -> [HostAction] {
        let body = HelloBody(app: app ?? self.launches.last?.app ?? Self.app, pid: 777, sdk: "tests/1")
        return self.fromExtension(RequestType.hello.rawValue, body, id: id, key: key)
    }

    /// Acknowledges a callback with `{"status":"ok"}`.
    mutating func ack(_ callback: Envelope) -> [HostAction] {
        self.fromExtension(ReplyType.name, ["status": "ok"], replyTo: callback.header.id)
    }

    /// Acknowledges callbacks one by one, starting with those in `actions`, until the host sends
    /// no more. Records an issue if the host ever has two callbacks out at once.
    mutating func ackAll(from actions: [HostAction], sourceLocation: SourceLocation = #_sourceLocation) -> (
        types: [String], actions: [HostAction]
    ) {
        var types: [String] = []
        var all: [HostAction] = []
        var pending = actions.callbacks
        while let callback = pending.first {
            #expect(
                pending.count == 1, "callbacks must go one at a time, got \(pending.map(\.header.type))",
                sourceLocation: sourceLocation)
            types.append(callback.header.type)
            let next = self.ack(callback)
            all += next
            pending = next.callbacks
        }
        return (types, all)
    }

    /// `open` from the drawer, then the process starts, says hello and acknowledges every
    /// callback. Returns the instance the `open` reply names.
    mutating func openConnected(device: String = HostHarness.amberPhone, app: String = HostHarness.app) throws -> String
    {
        let (id, opened) = self.control(
            .user(.open(OpenRequest(device: device, conversation: Self.conversation, app: app))))
        var actions = opened
        if !opened.launches.isEmpty {
            _ = self.processStarted()
            actions = self.hello()
        }
        let reply = try #require(self.ackAll(from: actions).actions.controlReplies.first { $0.header.replyTo == id })
        return try reply.result(OpenResult.self).instance
    }

    /// `touch` on the device, with the callback acknowledged.
    mutating func touch(device: String = HostHarness.amberPhone) -> [HostAction] {
        let (_, actions) = self.control(.user(.touch(TouchRequest(device: device, payload: .string("tap")))))
        return actions + self.ackAll(from: actions).actions
    }

    mutating func send(_ message: MessageValue = MessageValue(summaryText: "hi"), instance: String) -> [HostAction] {
        self.fromExtension(RequestType.sendMessage.rawValue, MessageRequestBody(instance: instance, message: message))
    }

    /// `sendMessage`, returning the host's reply to it.
    mutating func sendReply(
        _ message: MessageValue = MessageValue(summaryText: "hi"), instance: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Envelope {
        try #require(self.send(message, instance: instance).extensionReplies.first, sourceLocation: sourceLocation)
    }

    /// Runs an event through the driver; returns the machine's answer and notes its launches.
    mutating func run(_ event: HostEvent) -> [HostAction] {
        let actions = self.driver.dispatch(event)
        self.launches += actions.launches
        return actions
    }

    /// Runs actions the machine returned to a test that called it itself, as the shell runs
    /// them, and notes their launches.
    mutating func observe(_ actions: [HostAction]) -> [HostAction] {
        self.driver.perform(actions)
        self.launches += actions.launches
        return actions
    }

    /// What the shell does with a `.persist` action.
    mutating func write(_ changes: [WorldChange]) { self.driver.perform([.persist(changes)]) }
}

// MARK: Reading actions

extension [HostAction] {
    /// Replies and events sent to control clients, as the machine typed them.
    var controlReplies: [ControlMessage] {
        self.compactMap { if case .sendToControl(_, let message) = $0 { message } else { nil } }
    }

    /// Frames sent to extensions, undecoded (to check signatures).
    var extensionFrames: [[[UInt8]]] {
        self.compactMap { if case .sendToExtension(_, let message) = $0 { message.frames() } else { nil } }
    }

    /// Everything sent to extensions, decoded: replies and callbacks.
    var toExtension: [Envelope] { self.extensionFrames.compactMap(Self.decode) }
    var extensionReplies: [Envelope] { self.toExtension.filter { $0.header.type == ReplyType.name } }
    var callbacks: [Envelope] { self.toExtension.filter { $0.header.type != ReplyType.name } }

    var launches: [LaunchRequest] { self.compactMap { if case .launch(let request) = $0 { request } else { nil } } }
    var timers: [(TimerID, Instant)] {
        self.compactMap { if case .startTimer(let id, let at) = $0 { (id, at) } else { nil } }
    }
    var signals: [ProcessSignal] { self.compactMap { if case .signal(_, let signal) = $0 { signal } else { nil } } }
    var events: [EventRecord] { self.compactMap { if case .event(let record) = $0 { record } else { nil } } }
    var persisted: [WorldChange] {
        self.flatMap { action -> [WorldChange] in if case .persist(let changes) = action { changes } else { [] } }
    }
    var didStop: Bool { self.contains(.stopped) }

    private static func decode(_ frames: [[UInt8]]) -> Envelope? {
        do {
            return try ReceivedFrames(frames).envelope
        } catch {
            Issue.record("the host sent frames it cannot parse itself: \(error)")
            return nil
        }
    }
}

extension Envelope {
    var replyStatus: ReplyStatus? { try? self.decodeBody(ReplyStatus.self) }
    var isOK: Bool { self.replyStatus?.isOK == true }
    var error: WireError? { self.replyStatus?.error }
    var instance: String? { (try? self.decodeBody(InstanceBody.self))?.instance }
}

extension ControlMessage {
    var isOK: Bool { self.result != nil }

    /// The result, as the type the test expects it to be.
    func result<T>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        try #require(
            self.result?.value as? T, "expected a \(T.self) result, got \(self.body)", sourceLocation: sourceLocation)
    }
}

extension World {
    /// The messages stored so far: written to an in-memory history, or still pending (a world
    /// with no shell around it keeps everything pending).
    var storedMessages: [String: StoredMessage] {
        ((self.reader as? InMemoryHistory)?.storedMessages ?? [:]).merging(self.pending.messages) { $1 }
    }

    /// Every non-empty transcript, as the world reads it.
    var storedTranscripts: [TranscriptKey: [TranscriptEntry]] {
        get throws {
            var keys = Set(((self.reader as? InMemoryHistory)?.storedTranscripts ?? [:]).keys)
            for key in self.pending.byTranscript.keys { keys.insert(key) }
            var transcripts: [TranscriptKey: [TranscriptEntry]] = [:]
            for key in keys {
                let entries = try self.entries(device: key.device, conversation: key.conversation)
                if !entries.isEmpty { transcripts[key] = entries }
            }
            return transcripts
        }
    }
}
