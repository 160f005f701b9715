import HashTreeCollections
import MsgHostProtocol

/// The extension processes' lives (SPEC §6): a launch when an app is needed, the hello that
/// connects it (signed with its launch token, or in attach mode with the app's attach key), its
/// idle timer, its end (the `terminate` notice, SIGTERM after the grace, SIGKILL after the
/// next; an attached process is asked and let go of, never signalled), its exit, crashes
/// counted into quarantine, memory limits, and shutdown.
///
/// The instances a process serves are the screens' (`Screens`): whether a process is still
/// needed comes in as a value the machine asks them for, never by reading them here. Ending a
/// process ends its instances too, which the machine does with the screens and the waiting
/// control clients: the supervisor says which process went and with what error (`Ending`,
/// `Exited`), and the machine does that between announcing it and what follows, so the events
/// keep their order.
struct Supervisor: Sendable {
    var processes = ProcessTable()
    /// SIGTERM or SIGINT came: every process is ending, and no new request is taken.
    @Journaled private(set) var isStopping = false
    let apps: [String: AppDescriptor]
    let settings: HostSettings

    /// The unit ends: kept, or undone (puts the processes back as when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.processes.closeUnit(undoing: undoing)
        self.$isStopping.closeUnit(undoing: undoing)
    }

    init(apps: [String: AppDescriptor], settings: HostSettings) {
        self.apps = apps
        self.settings = settings
    }

    func launchTimeout(_ app: String) -> Int64 { self.apps[app]?.launchTimeoutMs ?? self.settings.launchTimeoutMs }
    func responseTimeout(_ app: String) -> Int64 {
        self.apps[app]?.responseTimeoutMs ?? self.settings.responseTimeoutMs
    }

    // MARK: Launch and hello

    /// The process that serves `key` and is not on its way out, if there is one.
    func running(_ key: ProcessKey) -> String? {
        guard let launchID = self.processes.serving(key), let process = self.processes[launchID],
            process.isLaunching || process.isConnected
        else { return nil }
        return launchID
    }

    /// Launches a process for `key`: the shell spawns it, and it has until the launch timeout
    /// to say hello signed with `token`.
    mutating func launch(
        _ key: ProcessKey, installID: String, launchID: String, token: String,
        screen: ScreenGeometry = DeviceModel.default.namedScreen, outbox: inout Outbox, now: Instant
    ) -> [HostAction] {
        self.processes.insert(
            ExtensionProcess(
                launchID: launchID, device: key.device, app: key.app, installID: installID,
                token: SigningKey(Array(token.utf8)), role: key.role, now: now))
        outbox.count(.launches)
        return [
            .launch(
                LaunchRequest(
                    launchID: launchID, device: key.device, app: key.app, installID: installID, token: token,
                    role: key.role, screen: screen)),
            .startTimer(.launchTimeout(launchID: launchID), at: now.adding(milliseconds: self.launchTimeout(key.app))),
            outbox.record(.launching, now: now, device: key.device, app: key.app),
        ]
    }

    /// The shell spawned it: its pid is the one `status` names from now on.
    mutating func started(_ launchID: String, pid: Int, outbox: inout Outbox, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID] else { return [] }
        self.processes[launchID]?.pid = pid
        return [outbox.record(.launched, now: now, device: process.device, app: process.app, pid: pid)]
    }

    /// A new connection's hello: a launch waiting for it connects, or (attach mode) a process
    /// started by hand is taken on. Returns the process, the reply and the event; throws the
    /// refusal (the connection is then ignored). `attachInstall` is the install of the hello's
    /// app on the device it names to attach to, if there is one (the machine reads the world).
    mutating func hello(
        _ inbound: InboundHello, route: [UInt8], attachInstall: Install?, ids: inout some IDGenerator,
        outbox: inout Outbox, now: Instant
    ) throws(WireError) -> (ExtensionProcess, [HostAction]) {
        let hello = inbound.body
        if let pid = hello.pid, !(1...Int(Int32.max)).contains(pid) {
            throw .protocolError(.invalidBody, "pid must be from 1 to \(Int32.max); got \(pid)")
        }
        guard hello.protocol == WireVersion.major else {
            throw .protocolError(
                .unsupportedVersion, "hello.protocol is \(hello.protocol); this daemon speaks \(WireVersion.major)")
        }
        let process: ExtensionProcess
        let event: HostAction
        if let device = hello.attachDevice {
            process = try self.attach(
                inbound, device: device, route: route, install: attachInstall, ids: &ids, outbox: &outbox, now: now)
            event = outbox.record(
                .attached, now: now, device: device, app: hello.app, pid: hello.pid, detail: hello.sdk)
        } else {
            guard let launchID = inbound.launchID, let launched = self.processes[launchID], launched.isLaunching,
                launched.app == hello.app
            else {
                outbox.count(.badTokens)
                throw .protocolError(
                    .badToken, "no launch of \(hello.app) is waiting for a hello signed with that token")
            }
            self.processes.connect(launchID, route: route)
            process = launched
            // A launched process's pid is the one the shell spawned (`started`), never the one
            // its hello claims: that is informative only, and a wrong one would make `status`
            // name another process — for a tool that signals what `status` says, a dangerous one.
            event = outbox.record(
                .connected, now: now, device: process.device, app: process.app, pid: process.pid, detail: hello.sdk)
        }
        let (_, reply) = outbox.extensionMessage(
            to: route, type: ReplyType.name, replyTo: inbound.id, body: .encoding(OKReply(HelloResult())),
            key: process.token, now: now)
        return (process, [reply, event])
    }

    /// Attach mode (SPEC §6): an extension started by hand, for a debugger, signs its hello
    /// with the app's attach key and names the device it serves; `install` is the app's there.
    private mutating func attach(
        _ inbound: InboundHello, device: String, route: [UInt8], install: Install?, ids: inout some IDGenerator,
        outbox: inout Outbox, now: Instant
    ) throws(WireError) -> ExtensionProcess {
        let hello = inbound.body
        guard let app = self.apps[hello.app], let key = app.attachKey else {
            throw .protocolError(.badToken, "\(hello.app) does not allow attaching (no attach key in its manifest)")
        }
        guard inbound.signedWithAttachKey else {
            outbox.count(.badTokens)
            throw .protocolError(.badToken, "the hello is not signed with \(hello.app)'s attach key")
        }
        guard let install else {
            throw .protocolError(.invalidBody, "attachDevice: \(hello.app) is not installed on \"\(device)\"")
        }
        if let running = self.processes.serving(ProcessKey(device: device, app: hello.app)),
            let process = self.processes[running]
        {
            throw .protocolError(
                .invalidBody,
                "\(hello.app) already runs on \(device) (\(process.stateName), pid \(process.pid.map(String.init) ?? "?")); attach when it does not"
            )
        }
        let process = ExtensionProcess(
            attachedAs: ids.makeUUID(), device: device, app: hello.app, installID: install.id,
            key: SigningKey(Array(key.utf8)),
            route: route, pid: hello.pid, now: now)
        self.processes.insert(process)
        return process
    }

    // MARK: Idle and ending

    /// Starts the idle timer once a connected process is no longer `needed` (`Screens.needs`).
    mutating func goIdleIfUnneeded(_ launchID: String, needed: Bool, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID], process.isConnected, !needed else { return [] }
        self.processes[launchID]?.idleGeneration += 1
        return [
            .startTimer(
                .idle(launchID: launchID, generation: process.idleGeneration + 1),
                at: now.adding(milliseconds: self.settings.idleGraceMs))
        ]
    }

    /// Whether an idle timer is the process's latest and the process still idles.
    func isIdleTimerCurrent(_ launchID: String, generation: Int) -> Bool {
        guard let process = self.processes[launchID] else { return false }
        return process.idleGeneration == generation && process.isConnected
    }

    /// A process's end as it begins: `announced` first, then the machine ends its instances
    /// with `failure`, then `then` (the notice and its grace, or SIGTERM and its grace).
    struct Ending {
        var process: ExtensionProcess
        var failure: WireError
        var announced: HostAction
        var then: [HostAction]
    }

    mutating func beginTermination(
        _ launchID: String, reason: TerminationReason, notify: Bool = true, outbox: inout Outbox, now: Instant
    ) -> Ending? {
        guard let process = self.processes[launchID], self.processes.beginTerminating(launchID, reason: reason) else {
            return nil
        }
        let announced = outbox.record(
            .terminating, now: now, device: process.device, app: process.app, pid: process.pid, detail: reason.rawValue)
        let failure: WireError =
            if process.isLaunching {
                .control(
                    .launchFailed,
                    "\(process.app) on \(process.device) did not start: \(reason == .launchFailed ? "no hello within \(self.launchTimeout(process.app)) ms" : reason.rawValue)"
                )
            } else {
                .control(
                    .extensionFailed, "\(process.app) on \(process.device) is being terminated (\(reason.rawValue))")
            }
        // Remembered while it terminates, so that a late request naming one is told it
        // resigned (§4.5), not that it never existed. (On exit the process is gone with them.)
        self.processes.retireInstances(of: launchID)
        var then: [HostAction] = []
        if !notify && !process.attached {
            // Ended unwarned: the caller's SIGKILL follows (an attached process, which cannot
            // be signalled, is asked to leave instead).
            self.processes[launchID]?.expectExit()
        } else if let route = process.route {
            let body = OutboundBody.encoding(
                TerminateBody(reason: reason.rawValue, graceMs: self.settings.terminateGraceMs))
            let (id, send) = outbox.extensionMessage(
                to: route, type: CallbackType.terminate.rawValue, body: body, key: process.token, now: now)
            self.processes[launchID]?.noticeSent(id: id)
            then = [
                send,
                .startTimer(
                    .escalate(launchID: launchID, .terminate),
                    at: now.adding(milliseconds: self.settings.terminateGraceMs)),
            ]
        } else {
            // Never said hello: nothing to tell. Straight to SIGTERM.
            self.processes[launchID]?.expectExit()
            then = [
                .signal(launchID: launchID, .terminate),
                .startTimer(
                    .escalate(launchID: launchID, .kill), at: now.adding(milliseconds: self.settings.killGraceMs)),
            ]
        }
        return Ending(process: process, failure: failure, announced: announced, then: then)
    }

    /// A launched process that must go at once (it broke a rule that makes talking to it
    /// pointless): SIGKILL now. An attached one is only let go of.
    mutating func forceKill(_ launchID: String) -> [HostAction] {
        guard self.processes[launchID]?.attached == false else { return [] }
        self.processes[launchID]?.expectExit()
        return [.signal(launchID: launchID, .kill)]
    }

    /// What an escalation timer does: the next signal, or, for an attached process (asked,
    /// not forced), nil: it is let go of.
    mutating func escalate(_ launchID: String, _ signal: ProcessSignal, now: Instant) -> [HostAction]? {
        guard let process = self.processes[launchID] else { return [] }
        guard !process.attached else { return nil }
        self.processes[launchID]?.expectExit()
        let next: [HostAction] =
            signal == .terminate
            ? [
                .startTimer(
                    .escalate(launchID: launchID, .kill), at: now.adding(milliseconds: self.settings.killGraceMs))
            ] : []
        return [.signal(launchID: launchID, signal)] + next
    }

    // MARK: Exit

    /// A process that exited: `announced` first, then the machine ends its instances with
    /// `failure`, then `afterExit`.
    struct Exited {
        var process: ExtensionProcess
        var exit: ProcessExit
        var failure: WireError
        var announced: HostAction
    }

    /// `needed`: an instance of it had not resigned or had callbacks under way (`Screens.needs`),
    /// so that an exit it was not asked for is a crash.
    mutating func exited(_ launchID: String, status: String, needed: Bool, outbox: inout Outbox, now: Instant)
        -> Exited?
    {
        guard let process = self.processes[launchID], let (_, exit) = self.processes.remove(launchID, needed: needed)
        else { return nil }
        let announced = outbox.record(
            exit.event, now: now, device: process.device, app: process.app, name: exit.reason, pid: process.pid,
            detail: exit.detail(status: status))
        let failure: WireError =
            exit == .launchFailed
            ? .control(.launchFailed, "\(process.app) on \(process.device) exited before saying hello (\(status))")
            : .control(.extensionFailed, "\(process.app) on \(process.device) exited (\(status))")
        return Exited(process: process, exit: exit, failure: failure, announced: announced)
    }

    /// After an exit: a crash counts toward quarantine, and the last exit of a shutdown ends it.
    mutating func afterExit(_ exited: Exited, outbox: inout Outbox, now: Instant) -> [HostAction] {
        (exited.exit == .crashed ? self.crashed(exited.process, outbox: &outbox, now: now) : [])
            + (self.isStopping && self.processes.isEmpty ? [.stopped] : [])
    }

    /// An attached process that is gone (it acknowledged `terminate`, or never answered it) is
    /// not ours to reap: its connection is ignored from now on, and it is forgotten as if it
    /// had exited. False when it is no attached process.
    mutating func letGo(_ launchID: String) -> Bool {
        guard let process = self.processes[launchID], process.attached else { return false }
        if let route = process.route { self.processes.ignore(route: route) }
        return true
    }

    // MARK: Memory

    /// A sample of a process's resident memory against its app's lines (`MemoryThresholds`):
    /// the warning it leads to (once per crossing, to a process that can hear it), or `kill`
    /// with its event. Attached processes and those already ending are only measured.
    mutating func memoryMeasured(_ launchID: String, bytes: Int, outbox: inout Outbox, now: Instant) -> (
        actions: [HostAction], kill: Bool
    ) {
        guard let process = self.processes[launchID] else { return ([], false) }
        guard let app = self.apps[process.app], !process.attached, !process.isTerminating else {
            self.processes[launchID]?.memory.bytes = bytes
            return ([], false)
        }
        let lines = MemoryThresholds(app)
        guard
            let verdict = self.processes[launchID]?.memory.measured(bytes, lines: lines, canHear: process.route != nil)
        else { return ([], false) }
        switch verdict {
        case .none, .rearm:
            return ([], false)
        case .warn:
            guard let route = process.route, let warning = lines.warningBytes else { return ([], false) }
            let detail =
                "\(bytes) bytes resident; warned above \(warning)\(lines.limitBytes.map { ", killed above \($0)" } ?? "")"
            return (
                self.warn(
                    process, route: route,
                    MemoryWarningBody(residentBytes: bytes, warningBytes: warning, limitBytes: lines.limitBytes),
                    detail: detail, outbox: &outbox, now: now), false
            )
        case .kill:
            return (
                [
                    outbox.record(
                        .memoryExceeded, now: now, device: process.device, app: process.app, pid: process.pid,
                        detail: "\(bytes) bytes resident; the limit is \(lines.limitBytes ?? 0)")
                ], true
            )
        }
    }

    /// `memoryPressure` `warning`: the process is warned whatever it holds, as iOS warns
    /// every app when the whole system runs short. The body's `warningBytes` is the app's soft
    /// line, or the last sample when it has none (the line it was warned at). It must be
    /// connected and not ending, else `invalidState`: nobody could hear it.
    mutating func warnAsked(_ launchID: String, outbox: inout Outbox, now: Instant) throws(WireError) -> [HostAction] {
        guard let process = self.processes[launchID], let route = process.route, !process.isTerminating else {
            throw .control(
                .invalidState,
                "the process is not connected (launching, or on its way out): nobody can hear a memory warning")
        }
        let lines = self.apps[process.app].map(MemoryThresholds.init)
        let bytes = process.memory.bytes ?? 0
        let body = MemoryWarningBody(
            residentBytes: bytes, warningBytes: lines?.warningBytes ?? bytes, limitBytes: lines?.limitBytes)
        return self.warn(
            process, route: route, body,
            detail: "\(bytes) bytes resident; memoryPressure warning from a control client", outbox: &outbox, now: now)
    }

    /// Sends `didReceiveMemoryWarning` and records the `memoryWarning` event; its reply is
    /// matched by `warningID` (`answered`).
    private mutating func warn(
        _ process: ExtensionProcess, route: [UInt8], _ body: MemoryWarningBody, detail: String, outbox: inout Outbox,
        now: Instant
    ) -> [HostAction] {
        let (id, send) = outbox.extensionMessage(
            to: route, type: CallbackType.didReceiveMemoryWarning.rawValue, body: OutboundBody.encoding(body),
            key: process.token, now: now)
        self.processes[process.launchID]?.memory.warningID = id
        let event = outbox.record(
            .memoryWarning, now: now, device: process.device, app: process.app, pid: process.pid, detail: detail)
        return [event, send, .observed(.callbackSent(id: id, type: .didReceiveMemoryWarning))]
    }

    // MARK: Crashes and quarantine

    /// An exit while connected and needed is a crash; too many within the window quarantine
    /// the app on that device.
    mutating func crashed(_ process: ExtensionProcess, outbox: inout Outbox, now: Instant) -> [HostAction] {
        let (recent, quarantinedNow) = self.processes.recordCrash(
            process.key, at: now, windowMs: self.settings.crashWindowMs, limit: self.settings.crashLimit)
        guard quarantinedNow else { return [] }
        return [
            outbox.record(
                .quarantined, now: now, device: process.device, app: process.app,
                detail: "\(recent) crashes within \(self.settings.crashWindowMs) ms; msghostctl reset lifts it")
        ]
    }

    func requireNotQuarantined(device: String, app: String, role: ProcessRole = .extension) throws(WireError) {
        guard !self.processes.isQuarantined(ProcessKey(device: device, app: app, role: role)) else {
            let what = role == .parentApp ? "\(app)'s parent app" : app
            throw .control(
                .quarantined, "\(what) crashed too often on \(device) and is quarantined there; `reset` lifts it")
        }
    }

    /// `reset`: lifts the quarantine of the app's extension and of its parent app on `device`.
    mutating func lift(device: String, app: String, outbox: inout Outbox, now: Instant) -> [HostAction] {
        let liftedParent = self.processes.lift(ProcessKey(device: device, app: app, role: .parentApp))
        guard self.processes.lift(ProcessKey(device: device, app: app)) || liftedParent else { return [] }
        return [outbox.record(.quarantineLifted, now: now, device: device, app: app)]
    }

    // MARK: Shutdown

    /// Shutdown begins (once): the processes to end, in order; nil if it had begun already.
    mutating func beginShutdown() -> [String]? {
        guard !self.isStopping else { return nil }
        self.isStopping = true
        return self.processes.launchIDs
    }

    /// Once every process was asked to end: stopped now if none is left, else a deadline
    /// after which whatever is left is killed.
    func shutdownUnderWay(now: Instant) -> HostAction {
        if self.processes.isEmpty { return .stopped }
        return .startTimer(
            .shutdownDeadline,
            at: now.adding(milliseconds: self.settings.terminateGraceMs).adding(milliseconds: self.settings.killGraceMs)
        )
    }

    /// The shutdown's deadline: SIGKILL to whatever is left.
    func shutdownDeadline() -> [HostAction] {
        self.isStopping ? self.processes.launchIDs.map { .signal(launchID: $0, .kill) } : []
    }
}
