import MsgHostProtocol

/// The Messages host: people, devices, conversations, installs, extension processes, their
/// instances and the user's actions, as a state machine with no I/O.
///
/// Each event is a `mutating func` named for what happened, given the time it happened, and
/// returns the actions the shell must run, in order. Identifiers and tokens come from the
/// injected `IDGenerator`. The rules live in the parts it holds (docs/ARCHITECTURE.md lists
/// them: `Supervisor`, `Screens` and `Instance+Lifecycle`, `ControlSessions`, `Inspections`,
/// `ParentApps`, `Outbox`, `World`…); the machine routes each event to them and puts their
/// answers in order:
/// - `+Control`: requests from control clients, typed by `ControlCodec`, routed by area;
/// - `+Extensions`: frames from extension processes (hello, requests, replies);
/// - `+Callbacks`: queueing callbacks and sending them one at a time, replies that wait;
/// - `+Processes`: a process's end reaching its instances, and the timers.
public struct HostStateMachine: Sendable {
    public internal(set) var world: World
    public let apps: [String: AppDescriptor]
    public let settings: HostSettings
    var ids: any IDGenerator
    let startedAt: Instant
    let daemonPID: Int

    /// The extension processes' lives: launches, hellos, ends, crashes, memory, shutdown.
    var supervisor: Supervisor
    /// The supervisor's table of processes (read by the other parts).
    var processes: ProcessTable {
        _read { yield self.supervisor.processes }
        _modify { yield &self.supervisor.processes }
    }
    /// What each device shows, and every instance with its callback queue.
    var screens = Screens()
    /// Replies owed to control clients, `settle` requests, event followers, causes.
    var sessions = ControlSessions()
    /// Parent apps in the foreground of devices, and their compose sheets.
    var parentApps = ParentApps()
    /// Requests and sticker drawers parked while the shell looks at their files.
    var inspections = Inspections()
    /// What the host says: messages, events, counters.
    var outbox: Outbox
    var nextInstance = 0
    /// The identifier source and instance count when the unit began (`restore` puts them back).
    var unitStart: (ids: any IDGenerator, nextInstance: Int)

    public init(
        world: World, apps: [AppDescriptor], settings: HostSettings, ids: any IDGenerator, startedAt: Instant,
        daemonPID: Int
    ) {
        self.world = world
        self.apps = Dictionary(apps.map { ($0.bundleID, $0) }, uniquingKeysWith: { first, _ in first })
        self.settings = settings
        self.ids = ids
        self.unitStart = (ids, 0)
        self.startedAt = startedAt
        self.daemonPID = daemonPID
        self.outbox = Outbox(eventLogCapacity: settings.eventLogCapacity)
        self.supervisor = Supervisor(apps: self.apps, settings: settings)
    }

    /// A copy that shares nothing with this machine: its world over `history` (which must hold
    /// what this machine's history holds) and its identifiers from `ids` (which must not repeat
    /// one this machine made). The fuzzers (fuzz/) prepare one machine and fork it for every
    /// input, so an input never sees another's messages and a run is not spent on set-up.
    public func forked(history: any HistoryReader, ids: any IDGenerator) -> HostStateMachine {
        var copy = self
        copy.world = self.world.over(history)
        copy.ids = ids
        return copy
    }

    // MARK: Events (each ends in `finish`: event pushes and settle replies)

    /// A control client sent a message, read by the shell's codec (`ControlCodec`): a new
    /// cause, which everything it leads to carries.
    public mutating func controlMessageReceived(client: [UInt8], _ inbound: ControlInbound, now: Instant)
        -> [HostAction]
    {
        let cause = self.sessions.newCause()
        return self.finish(now: now) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            try machine.withCauses([cause]) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
                try machine.handleControl(client: client, inbound, now: now)
            }
        }
    }

    /// An extension connection sent a message, read and verified by the shell's codec
    /// (`ExtensionCodec`, asking this machine for the connection's keys). What it asks for is a
    /// consequence of the callbacks its handlers are running (those in flight to it).
    public mutating func extensionMessageReceived(route: [UInt8], _ inbound: ExtensionInbound, now: Instant)
        -> [HostAction]
    {
        let causes = self.processes.process(route: route).map(self.screens.causesInFlight(to:)) ?? []
        return self.finish(now: now) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            try machine.withCauses(causes) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
                try machine.handleExtensionInbound(route: route, inbound, now: now)
            }
        }
    }

    /// Runs `body` with `causes` active, then none.
    mutating func withCauses<E: Error>(_ causes: Set<Int>, _ body: (inout HostStateMachine) throws(E) -> [HostAction])
        throws(E) -> [HostAction]
    {
        self.sessions.activeCauses = causes
        defer { self.sessions.activeCauses = [] }
        return try body(&self)
    }

    /// The shell spawned the process of `launchID`.
    public mutating func processStarted(launchID: String, pid: Int, now: Instant) -> [HostAction] {
        self.finish(self.supervisor.started(launchID, pid: pid, outbox: &self.outbox, now: now), now: now)
    }

    /// The process of `launchID` ended, or could not be spawned.
    public mutating func processExited(launchID: String, status: String, now: Instant) -> [HostAction] {
        self.finish(self.handleProcessExited(launchID: launchID, status: status, now: now), now: now)
    }

    public mutating func timerFired(_ timer: TimerID, now: Instant) -> [HostAction] {
        self.finish(now: now) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            try machine.handleTimer(timer, now: now)
        }
    }

    /// SIGTERM or SIGINT: stop every extension, refuse new control requests, then `.stopped`.
    public mutating func shutdownRequested(now: Instant) -> [HostAction] {
        self.finish(self.handleShutdown(now: now), now: now)
    }

    /// The shell looked at a request's files (one result per check, in order).
    public mutating func filesInspected(token: Int, results: [FileCheckResult], now: Instant) -> [HostAction] {
        self.finish(now: now) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            try machine.handleFilesInspected(token: token, results: results, now: now)
        }
    }

    /// The shell could not hand `count` messages to the extension connection `route` (its
    /// queue is full, or it is gone): an event, so that a peer that stopped reading shows in
    /// the log before its callback times out. Nothing else changes: a lost callback is
    /// still answered by its response timeout, a lost reply is the extension's loss.
    public mutating func messagesUndeliverable(route: [UInt8], count: Int, reason: String, now: Instant) -> [HostAction]
    {
        self.finish(
            [self.outbox.undeliverable(count, to: self.processes.process(route: route), reason: reason, now: now)],
            now: now)
    }

    /// Timers for what was under way when the daemon last stopped. Call once at start.
    public mutating func restored(now: Instant) -> [HostAction] {
        self.finish(now: now) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            try machine.world.restored(ids: &machine.ids, expiryMs: machine.settings.expiryMs, now: now)
        }
    }

    /// The shell wrote `changes` (a `.persist` action's) into the store's open transaction,
    /// whose reads see them: the machine reads them from there now (`PendingHistory`).
    public mutating func historyWritten(_ changes: [WorldChange]) { self.world.historyWritten(changes) }

    mutating func makeInstanceID() -> String {
        self.nextInstance += 1
        return "i\(self.nextInstance)"
    }

    /// How messages and conversations look to each reader, as of now.
    var rendering: Rendering {
        Rendering(world: self.world, settings: self.settings, liveSizes: self.screens.liveSizes.current)
    }

    /// Whether the instance is presented in the conversation its device shows (SPEC §4.2).
    func isVisible(_ instance: Instance) -> Bool { self.screens.isVisible(instance) }
}
