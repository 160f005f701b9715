import MsgHostCore
import MsgHostProtocol

/// Runs a `HostStateMachine`'s actions against a store, a clock and a transport: the one
/// place where the shell's side of the contract is written, used by the daemon's loop with
/// SQLite, ZeroMQ and the launcher, and by the tests, the property test, the fuzzers and the
/// benchmark with memory and fakes.
///
/// The machine writes nothing: it returns its changes in `.persist` actions (reading its own
/// until they are written, `PendingHistory`). The driver writes each into the store's open
/// batch as it takes the action and tells the machine (`historyWritten`); it commits once per
/// **unit**, which is one event or a burst of them (group commit: under load one transaction
/// serves many sends). Until the unit's first change, the steps that the event itself depends
/// on (looking at files, moving the manual clock) run at once, nested in the unit; every
/// effect that leaves — replies, callbacks, launches, signals, timers, log lines — waits for
/// the commit. So nothing is acknowledged that was not stored, and when the commit fails
/// nothing of the unit has been seen outside: the machine is put back as it was before the
/// unit and the unit's request answered `storageUnavailable` (`HostDriver+Units`).
///
/// A class, as the loop that owns it is: what the transport does may come back to the driver
/// (a control request the shell serves reads the machine and runs what that leads to), and
/// every access here is short, so such a call never overlaps one of the driver's own.
public final class HostDriver<Store: ShellStore, Clock: ShellClock, Transport: ShellTransport>: @unchecked Sendable {
    public var machine: HostStateMachine
    public let store: Store
    public let clock: Clock
    public let transport: Transport
    /// The unit open now, if any.
    public internal(set) var unit: CommitUnit?
    /// Whether each unit begins the machine's undo (`HostStateMachine.checkpoint`), so that a
    /// unit that cannot be stored is undone and its request answered. Off for a caller that
    /// keeps the machine's units itself (a test that takes its own checkpoint around several
    /// events): a lost unit is then rolled back in the store only, and the caller told.
    public let undoesUnits: Bool

    public init(machine: HostStateMachine, store: Store, clock: Clock, transport: Transport, undoesUnits: Bool = true) {
        self.machine = machine
        self.store = store
        self.clock = clock
        self.transport = transport
        self.undoesUnits = undoesUnits
    }

    /// The machine's answer to an event: the one call into it for every event.
    public func call(_ event: HostEvent) -> [HostAction] {
        let now = self.clock.now()
        switch event {
        case .extensionMessage(let route, _, let inbound):
            return self.machine.extensionMessageReceived(route: route, inbound, now: now)
        case .controlMessage(let client, let inbound):
            return self.machine.controlMessageReceived(client: client, inbound, now: now)
        case .timer(let timer): return self.machine.timerFired(timer, now: now)
        case .filesInspected(let token, let results):
            return self.machine.filesInspected(token: token, results: results, now: now)
        case .processStarted(let launchID, let pid):
            return self.machine.processStarted(launchID: launchID, pid: pid, now: now)
        case .processExited(let launchID, let status):
            return self.machine.processExited(launchID: launchID, status: status, now: now)
        case .memoryMeasured(let launchID, let bytes):
            return self.machine.memoryMeasured(launchID: launchID, bytes: bytes, now: now)
        case .messagesUndeliverable(let route, let count, let reason):
            return self.machine.messagesUndeliverable(route: route, count: count, reason: reason, now: now)
        case .clientKeyRefused(let socket, let key, let address):
            return self.machine.clientKeyRefused(socket: socket, key: key, address: address, now: now)
        case .shutdown: return self.machine.shutdownRequested(now: now)
        case .restored: return self.machine.restored(now: now)
        }
    }

    /// Runs an event: its own unit, or a part of the unit open now (an event nested in another
    /// one's steps: the files a send pointed at, timers the manual clock reached). Returns the
    /// machine's answer to it, as it answered.
    @discardableResult
    public func dispatch(_ event: HostEvent) -> [HostAction] {
        if self.unit != nil {
            let actions = self.call(event)
            self.perform(actions)
            return actions
        }
        self.open([event])
        let actions = self.call(event)
        self.perform(actions)
        self.close()
        return actions
    }

    /// Takes actions into the open unit, or into a unit of their own when none is open.
    public func perform(_ actions: [HostAction]) {
        guard self.unit != nil else {
            self.open([])
            self.perform(actions)
            return self.close()
        }
        for action in actions {
            if self.unit?.unreadable != nil { return }  // undone as it closes: nothing more runs
            switch action {
            case .historyUnreadable(let reason):
                self.unit?.unreadable = reason
                return
            case .persist(let changes):
                self.store.record(changes)
                self.machine.historyWritten(changes)
                self.transport.written(changes)
                self.unit?.dirty = true
                self.unit?.deferred.append(action)  // runs once committed (`execute`)
            case .inspectFiles, .advanceClock:
                if self.unit?.dirty == true { self.unit?.deferred.append(action) } else { self.execute(action) }
            default:
                self.unit?.deferred.append(action)
            }
        }
    }

    /// Fires the timers due now: each its own unit, or nested in the one open (and then used
    /// up with it: run again if it is lost).
    public func fireDueTimers() {
        for timer in self.transport.dueTimers(at: self.clock.now()) {
            self.unit?.timers.append(timer)
            self.dispatch(.timer(timer))
        }
    }

    /// Runs one action's effect outside the machine.
    func execute(_ action: HostAction) {
        switch action {
        case .persist(let changes):
            self.transport.stored(changes)
        case .sendToExtension(let route, let message):
            self.transport.send(message, toExtension: route)
        case .sendToControl(let client, let message):
            self.transport.send(message, toControl: client)
        case .serveControl(let client, let requestID, let request):
            self.transport.serve(request, client: client, requestID: requestID)
        case .observed(let observation):
            self.transport.observe(observation)
        case .historyUnreadable:
            break  // taken by `perform`: the unit is undone as it closes
        case .launch(let request):
            self.transport.launch(request)
        case .signal(let launchID, let signal):
            self.transport.signal(launchID, signal)
        case .inspectFiles(let token, let checks, let alternateFilename):
            // Synchronous when the store can: the files are looked at (and copied) before the
            // next event.
            if let results = self.store.inspect(checks, alternateFilename: alternateFilename) {
                self.dispatch(.filesInspected(token: token, results: results))
            }
        case .advanceClock(let milliseconds):
            self.clock.advance(milliseconds: milliseconds)
            self.fireDueTimers()
        case .startTimer(let timer, let at):
            self.transport.startTimer(timer, at: at)
        case .event(let record):
            self.transport.log(record)
        case .stopped:
            self.transport.stopped()
        }
    }
}
