import MsgHostCore
import MsgHostProtocol
import MsgHostShell
import MsgHostStore

/// What a test's store and transport saw, in one order: so that a test can say a reply left
/// after the commit that stored what it acknowledges.
final class ShellJournal: @unchecked Sendable {
    enum Entry {
        case recorded([WorldChange])
        case committed
        case commitFailed
        case rolledBack
        /// An effect that left, as the action that asked for it.
        case left(HostAction)
        case unitLost(reason: String, events: Int)
        case retry([HostEvent])
    }

    private(set) var entries: [Entry] = []

    func append(_ entry: Entry) { self.entries.append(entry) }

    /// The entries since the last call, and forgets them.
    func take() -> [Entry] {
        defer { self.entries.removeAll() }
        return self.entries
    }

    /// The actions that left, in order.
    var left: [HostAction] { self.entries.compactMap { if case .left(let action) = $0 { action } else { nil } } }
}

/// The shell's store in memory (`InMemoryHistory`), whose commits can be made to fail, and
/// whose files are answered by `files` (or, when it is nil, by the test, later).
final class TestStore: ShellStore, @unchecked Sendable {
    struct Full: Error, CustomStringConvertible { var description: String { "database or disk is full" } }

    var history: InMemoryHistory
    let journal: ShellJournal
    /// How many of the next commits fail.
    var failingCommits = 0
    var files: ((FileCheck, String?) -> FileCheckResult)?

    init(history: InMemoryHistory = InMemoryHistory(), journal: ShellJournal) {
        self.history = history
        self.journal = journal
    }

    func record(_ changes: [WorldChange]) {
        self.journal.append(.recorded(changes))
        self.history.record(changes)
    }

    var hasOpenBatch: Bool { self.history.hasOpenBatch }

    func commit() throws {
        guard self.failingCommits == 0 else {
            self.failingCommits -= 1
            self.history.rollBack()
            self.journal.append(.commitFailed)
            throw Full()
        }
        self.history.commit()
        self.journal.append(.committed)
    }

    func rollBack() {
        self.history.rollBack()
        self.journal.append(.rolledBack)
    }

    func inspect(_ checks: [FileCheck], alternateFilename: String?) -> [FileCheckResult]? {
        self.files.map { answer in checks.map { answer($0, alternateFilename) } }
    }
}

/// A clock that moves only when told.
final class TestClock: ShellClock, @unchecked Sendable {
    var instant: Instant

    init(_ instant: Instant) { self.instant = instant }

    func now() -> Instant { self.instant }
    func advance(milliseconds: Int64) { self.instant = self.instant.adding(milliseconds: milliseconds) }
}

/// A transport that keeps what it is given in the journal, and the timers started, which it
/// hands back when due only if `firesTimers` (else the test fires them).
final class RecordingTransport: ShellTransport, @unchecked Sendable {
    let journal: ShellJournal
    var firesTimers = false
    private(set) var timers: [(id: TimerID, at: Instant)] = []

    init(journal: ShellJournal) { self.journal = journal }

    func send(_ message: OutboundMessage, toExtension route: [UInt8]) {
        self.journal.append(.left(.sendToExtension(route: route, message)))
    }
    func send(_ message: ControlMessage, toControl client: [UInt8]) {
        self.journal.append(.left(.sendToControl(client: client, message)))
    }
    func serve(_ request: ShellControlRequest, client: [UInt8], requestID: String) {
        self.journal.append(.left(.serveControl(client: client, requestID: requestID, request)))
    }
    func launch(_ request: LaunchRequest) { self.journal.append(.left(.launch(request))) }
    func signal(_ launchID: String, _ signal: ProcessSignal) {
        self.journal.append(.left(.signal(launchID: launchID, signal)))
    }

    func startTimer(_ timer: TimerID, at: Instant) {
        self.journal.append(.left(.startTimer(timer, at: at)))
        self.timers.append((timer, at))
    }

    func dueTimers(at now: Instant) -> [TimerID] {
        guard self.firesTimers else { return [] }
        let due = self.timers.enumerated().filter { $0.element.at <= now }.sorted {
            ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
        }
        let ids = Set(due.map(\.offset))
        self.timers = self.timers.enumerated().filter { !ids.contains($0.offset) }.map(\.element)
        return due.map(\.element.id)
    }

    func log(_ record: EventRecord) { self.journal.append(.left(.event(record))) }
    func observe(_ observation: Observation) { self.journal.append(.left(.observed(observation))) }
    func written(_ changes: [WorldChange]) {}
    func stored(_ changes: [WorldChange]) { self.journal.append(.left(.persist(changes))) }
    func stopped() { self.journal.append(.left(.stopped)) }
    func unitLost(reason: String, events: Int) { self.journal.append(.unitLost(reason: reason, events: events)) }
    func retry(_ events: [HostEvent]) { self.journal.append(.retry(events)) }
}

typealias TestDriver = HostDriver<TestStore, TestClock, RecordingTransport>

extension TestDriver {
    /// A driver over memory: a `TestStore`, a `TestClock` at `now` and a `RecordingTransport`,
    /// sharing one journal.
    static func inMemory(_ machine: HostStateMachine, history: InMemoryHistory, now: Instant, undoesUnits: Bool = true)
        -> TestDriver
    {
        let journal = ShellJournal()
        return TestDriver(
            machine: machine, store: TestStore(history: history, journal: journal), clock: TestClock(now),
            transport: RecordingTransport(journal: journal),
            undoesUnits: undoesUnits)
    }
}
