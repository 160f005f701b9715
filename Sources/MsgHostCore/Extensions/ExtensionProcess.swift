import MsgHostProtocol

/// One extension process: it serves one install on one device.
///
/// Its life is a state machine, and what is true only in one state lives in that state:
///
///     launching ──hello──▶ connected ──▶ terminating ──exit──▶ exited
///         │                                  ▲
///         └──────(no hello, not needed)──────┘          (any state ──exit──▶ exited)
///
/// A process is connected only after a hello on its route; the `terminate` notice and the
/// knowledge that its exit is imminent exist only while it terminates; its exit says what it
/// was reported as, from the state it left (`ProcessExit`). Transitions that do not apply to
/// the state it is in change nothing and say so, so a late timer or a stale reply cannot move
/// a process backwards.
struct ExtensionProcess: Sendable {
    enum State: Sendable, Equatable {
        /// Spawned (or being spawned); waiting for its hello.
        case launching(since: Instant)
        /// Said hello from this ZeroMQ routing id.
        case connected(route: [UInt8])
        /// Being ended.
        case terminating(Termination)
        /// Gone, reported as this.
        case exited(ProcessExit)
    }

    /// A process on its way out.
    struct Termination: Sendable, Equatable {
        /// What the exit will be reported as.
        var reason: TerminationReason
        /// Its connection, if it had said hello: it still reaches the process until it exits.
        var route: [UInt8]?
        /// The id of the `terminate` notice sent and not yet answered.
        var noticeID: String?
        /// Its end is imminent (signalled, or it acknowledged the notice): `settle` waits for
        /// its exit.
        var exitExpected = false
    }

    /// Resident memory and the warning it led to (SPEC §6, memory limits).
    struct Memory: Sendable, Equatable {
        /// Resident memory at the last sample.
        var bytes: Int?
        /// Warned (`didReceiveMemoryWarning`) since it was last at or below the soft line.
        var warned = false
        /// The id of the last `didReceiveMemoryWarning` sent and not yet answered.
        var warningID: String?

        /// A sample of `bytes` against the app's `lines`: what to do (`MemoryThresholds`), the
        /// watch updated for it. A warning is remembered as soon as it is decided (once per
        /// crossing); a process that cannot hear one yet (no hello) is not warned, and is at
        /// its first sample after its hello.
        mutating func measured(_ bytes: Int, lines: MemoryThresholds, canHear: Bool) -> MemoryThresholds.Verdict {
            self.bytes = bytes
            let verdict = lines.judge(bytes: bytes, warned: self.warned)
            switch verdict {
            case .none, .kill: break
            case .rearm: self.warned = false
            case .warn:
                guard canHear, lines.warningBytes != nil else { return .none }
                self.warned = true
            }
            return verdict
        }
    }

    let launchID: String
    let device: String
    let app: String
    let installID: String
    /// The launch token (or attach key) it signs with, its HMAC key schedule prepared.
    let token: SigningKey
    /// The extension, or the app's parent app (PROTOCOL.md §4.10).
    let role: ProcessRole
    /// Started by hand and attached with the app's attach key: asked, never forced, to exit.
    let attached: Bool
    let launchedAt: Instant
    private(set) var state: State
    /// Its process id: the one the shell spawned, or, attached, the one its hello gave.
    var pid: Int?
    var memory = Memory()
    var instanceIDs: [String] = []
    /// Instances it served that are gone (resigned, then dropped when it began to terminate).
    var retiredInstanceIDs: Set<String> = []
    /// Bumped whenever the process becomes busy again, so a stale idle timer does nothing.
    var idleGeneration = 0

    /// A process the host launches: it waits for its hello.
    init(
        launchID: String, device: String, app: String, installID: String, token: SigningKey,
        role: ProcessRole = .extension, now: Instant
    ) {
        self.launchID = launchID
        self.device = device
        self.app = app
        self.installID = installID
        self.token = token
        self.role = role
        self.attached = false
        self.launchedAt = now
        self.state = .launching(since: now)
    }

    /// A process started by hand that said hello on `route`, signed with the app's attach key.
    init(
        attachedAs launchID: String, device: String, app: String, installID: String, key: SigningKey, route: [UInt8],
        pid: Int?, now: Instant
    ) {
        self.launchID = launchID
        self.device = device
        self.app = app
        self.installID = installID
        self.token = key
        self.role = .extension
        self.attached = true
        self.launchedAt = now
        self.state = .connected(route: route)
        self.pid = pid
    }

    /// What it serves: its (device, app) and role.
    var key: ProcessKey { ProcessKey(device: self.device, app: self.app, role: self.role) }

    var route: [UInt8]? {
        switch self.state {
        case .launching, .exited: nil
        case .connected(let route): route
        case .terminating(let termination): termination.route
        }
    }

    var isLaunching: Bool { if case .launching = self.state { true } else { false } }
    var isConnected: Bool { if case .connected = self.state { true } else { false } }
    var isTerminating: Bool { if case .terminating = self.state { true } else { false } }

    /// The `terminate` notice it has not answered yet.
    var terminateNoticeID: String? {
        if case .terminating(let termination) = self.state { termination.noticeID } else { nil }
    }

    /// Whether something it must still do is awaited: a hello, an answer to its notice, or an
    /// imminent exit (`settle` waits for these).
    var isUnderWay: Bool {
        switch self.state {
        case .launching: true
        case .connected, .exited: false
        case .terminating(let termination): termination.exitExpected || termination.noticeID != nil
        }
    }

    var stateName: String {
        switch self.state {
        case .launching: "launching"
        case .connected: "running"
        case .terminating: "terminating"
        case .exited: "exited"
        }
    }

    // MARK: Transitions

    /// It said hello on `route`. Only a launching process can.
    mutating func connect(route: [UInt8]) -> Bool {
        guard self.isLaunching else { return false }
        self.state = .connected(route: route)
        return true
    }

    /// It is to be ended for `reason`. Not again once terminating, nor once gone.
    mutating func beginTerminating(reason: TerminationReason) -> Bool {
        switch self.state {
        case .launching, .connected:
            self.state = .terminating(Termination(reason: reason, route: self.route))
            return true
        case .terminating, .exited:
            return false
        }
    }

    /// The `terminate` notice `id` was sent to it.
    mutating func noticeSent(id: String) {
        guard case .terminating(var termination) = self.state else { return }
        termination.noticeID = id
        self.state = .terminating(termination)
    }

    /// A reply to `id`: if it answers the `terminate` notice, the process exits now (true).
    mutating func noticeAnswered(_ id: String) -> Bool {
        guard case .terminating(var termination) = self.state, termination.noticeID == id else { return false }
        termination.noticeID = nil
        termination.exitExpected = true
        self.state = .terminating(termination)
        return true
    }

    /// It was signalled: its exit is imminent.
    mutating func expectExit() {
        guard case .terminating(var termination) = self.state else { return }
        termination.exitExpected = true
        self.state = .terminating(termination)
    }

    /// It ended; `needed` when an instance of it had not resigned or had callbacks under way.
    /// What its exit is reported as follows from the state it left.
    mutating func exit(needed: Bool) -> ProcessExit {
        let exit: ProcessExit =
            switch self.state {
            case .launching: .launchFailed
            case .connected: needed ? .crashed : .terminated(reason: .exitedByItself)
            case .terminating(let termination): .terminated(reason: termination.reason)
            case .exited(let exit): exit
            }
        self.state = .exited(exit)
        return exit
    }
}
