import MsgHostProtocol

extension HostStateMachine {
    // MARK: Launch

    /// The process that serves `app` on `device`, launching one if none is running or the
    /// running one is on its way out.
    mutating func processServing(device: String, app: String, installID: String, role: ProcessRole = .extension, now: Instant) -> (String, [HostAction]) {
        if let launchID = self.processes.serving(ProcessKey(device: device, app: app, role: role)), let process = self.processes[launchID] {
            if process.isLaunching || process.isConnected { return (launchID, []) }
        }
        let launchID = self.ids.makeUUID()
        let token = self.ids.makeToken()
        self.processes.insert(ExtensionProcess(launchID: launchID, device: device, app: app, installID: installID, token: SigningKey(Array(token.utf8)), role: role, now: now))
        self.count(.launches)
        return (launchID, [
            .launch(LaunchRequest(launchID: launchID, device: device, app: app, installID: installID, token: token, role: role)),
            .startTimer(.launchTimeout(launchID: launchID), at: now.adding(milliseconds: self.launchTimeout(app))),
            self.record(.launching, now: now, device: device, app: app),
        ])
    }

    /// The shell spawned the process.
    mutating func handleProcessStarted(launchID: String, pid: Int, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID] else { return [] }
        self.processes[launchID]!.pid = pid
        return [self.record(.launched, now: now, device: process.device, app: process.app, pid: pid)]
    }

    /// The process ended, or could not be spawned at all (`pid` nil).
    mutating func handleProcessExited(launchID: String, status: String, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID] else { return [] }
        let needed = process.instanceIDs.contains { self.screens[$0].map { $0.phase != .resigned || !$0.isIdle } ?? false }
        guard let (_, exit) = self.processes.remove(launchID, needed: needed) else { return [] }
        var actions: [HostAction] = []
        actions.append(self.record(exit.event, now: now, device: process.device, app: process.app, name: exit.reason, pid: process.pid, detail: exit.detail(status: status)))
        let error: WireError = exit == .launchFailed
            ? .control(.launchFailed, "\(process.app) on \(process.device) exited before saying hello (\(status))")
            : .control(.extensionFailed, "\(process.app) on \(process.device) exited (\(status))")
        actions += self.dropInstances(of: process, failingWith: error, now: now)
        if exit == .crashed { actions += self.crashed(process, now: now) }
        if self.isStopping && self.processes.isEmpty { actions.append(.stopped) }
        return actions
    }

    /// Forgets a process's instances, failing whoever waited on them.
    private mutating func dropInstances(of process: ExtensionProcess, failingWith error: WireError, now: Instant) -> [HostAction] {
        var actions: [HostAction] = []
        for instanceID in process.instanceIDs {
            guard let instance = self.screens[instanceID] else { continue }
            actions += self.clearView(of: instance, now: now)
            if process.role == .parentApp { actions += self.parentAppInstanceLost(instanceID, now: now) }
            self.screens.remove(instanceID)
            actions += self.instanceLost(instance, failure: error, now: now)
        }
        return actions
    }

    // MARK: Termination

    /// Schedules the idle timer once the process has no active instance and nothing in flight.
    mutating func goIdleIfUnneeded(launchID: String, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID], process.isConnected else { return [] }
        let busy = process.instanceIDs.contains { id in
            guard let instance = self.screens[id] else { return false }
            return instance.phase != .resigned || !instance.isIdle
        }
        guard !busy else { return [] }
        self.processes[launchID]!.idleGeneration += 1
        let generation = self.processes[launchID]!.idleGeneration
        return [.startTimer(.idle(launchID: launchID, generation: generation), at: now.adding(milliseconds: self.settings.idleGraceMs))]
    }

    /// Ends a process: `terminate` notice if it can hear it, SIGTERM after the grace, SIGKILL
    /// after the next. Its instances are failed now: nobody may wait on a process that is going.
    mutating func beginTermination(launchID: String, reason: String, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID], self.processes.beginTerminating(launchID, reason: reason) else { return [] }
        var actions: [HostAction] = []
        let route = process.route
        actions.append(self.record(.terminating, now: now, device: process.device, app: process.app, pid: process.pid, detail: reason))
        let failure: WireError = if process.isLaunching {
            .control(.launchFailed, "\(process.app) on \(process.device) did not start: \(reason == "launchFailed" ? "no hello within \(self.launchTimeout(process.app)) ms" : reason)")
        } else {
            .control(.extensionFailed, "\(process.app) on \(process.device) is being terminated (\(reason))")
        }
        actions += self.dropInstances(of: process, failingWith: failure, now: now)
        // Remembered while it terminates, so that a late request naming one is told it
        // resigned (§4.5), not that it never existed. (On exit the process is gone with them.)
        self.processes.retireInstances(of: launchID)
        if let route {
            let body = OutboundBody.encoding(TerminateBody(reason: reason, graceMs: self.settings.terminateGraceMs))
            let (id, send) = self.extensionMessage(to: route, type: CallbackType.terminate.rawValue, body: body, key: process.token, now: now)
            self.processes[launchID]?.noticeSent(id: id)
            actions.append(send)
            actions.append(.startTimer(.escalate(launchID: launchID, .terminate), at: now.adding(milliseconds: self.settings.terminateGraceMs)))
        } else {
            // Never said hello: nothing to tell. Straight to SIGTERM.
            self.processes[launchID]?.expectExit()
            actions.append(.signal(launchID: launchID, .terminate))
            actions.append(.startTimer(.escalate(launchID: launchID, .kill), at: now.adding(milliseconds: self.settings.killGraceMs)))
        }
        return actions
    }

    /// Ends whatever serves `app` on `device` (after an uninstall).
    mutating func endProcess(forDevice device: String, app: String, reason: String, now: Instant) -> [HostAction] {
        var actions = self.parentAppGone(device: device, app: app, now: now)
        for role in [ProcessRole.extension, .parentApp] {
            guard let launchID = self.processes.serving(ProcessKey(device: device, app: app, role: role)) else { continue }
            actions += self.beginTermination(launchID: launchID, reason: reason, now: now)
        }
        return actions
    }

    /// Kills a process at once (it broke a rule that makes talking to it pointless).
    mutating func kill(launchID: String, reason: String, now: Instant) -> [HostAction] {
        guard self.processes[launchID] != nil else { return [] }
        var actions = self.beginTermination(launchID: launchID, reason: reason, now: now)
        if self.processes[launchID]?.attached == false {
            actions.append(.signal(launchID: launchID, .kill))
            self.processes[launchID]?.expectExit()
        }
        return actions
    }

    // MARK: Timers

    mutating func handleTimer(_ timer: TimerID, now: Instant) -> [HostAction] {
        switch timer {
        case .launchTimeout(let launchID):
            guard let process = self.processes[launchID], process.isLaunching else { return [] }
            return [self.record(.launchTimedOut, now: now, device: process.device, app: process.app, pid: process.pid,
                                detail: "no hello within \(self.launchTimeout(process.app)) ms")]
                + self.kill(launchID: launchID, reason: "launchFailed", now: now)
        case .responseTimeout(let launchID, let callbackID):
            guard let process = self.processes[launchID],
                  let instanceID = process.instanceIDs.first(where: { self.screens[$0]?.callbacks.isInFlight(callbackID) == true }),
                  let instance = self.screens[instanceID]
            else { return [] }
            return [self.record(.unresponsive, now: now, device: process.device, app: process.app, instance: instanceID, pid: process.pid,
                                detail: "\(instance.callbacks.inFlight?.type.rawValue ?? "a callback") not acknowledged within \(self.responseTimeout(process.app)) ms")]
                + self.kill(launchID: launchID, reason: "unresponsive", now: now)
                + self.crashed(process, now: now)
        case .idle(let launchID, let generation):
            guard let process = self.processes[launchID], process.idleGeneration == generation, process.isConnected else { return [] }
            return self.beginTermination(launchID: launchID, reason: "idle", now: now)
        case .escalate(let launchID, let signal):
            guard let process = self.processes[launchID] else { return [] }
            if process.attached {
                // Asked, not forced: an attached process that did not leave is let go of.
                return self.forgetAttached(launchID, now: now)
            }
            self.processes[launchID]?.expectExit()
            var actions: [HostAction] = [.signal(launchID: launchID, signal)]
            if signal == .terminate {
                actions.append(.startTimer(.escalate(launchID: launchID, .kill), at: now.adding(milliseconds: self.settings.killGraceMs)))
            }
            return actions
        case .delivery(let id):
            return self.deliveryDue(id, now: now)
        case .expiry(let device, let conversation, let entry):
            return self.expiryDue(device: device, conversation: conversation, entryID: entry, now: now)
        case .shutdownDeadline:
            guard self.isStopping else { return [] }
            return self.processes.launchIDs.map { .signal(launchID: $0, .kill) }
        }
    }

    // MARK: Shutdown

    /// SIGTERM or SIGINT: stop every extension, refuse new control requests, then `.stopped`.
    mutating func handleShutdown(now: Instant) -> [HostAction] {
        guard !self.isStopping else { return [] }
        self.isStopping = true
        var actions: [HostAction] = [self.record(.stopping, now: now)]
        for launchID in self.processes.launchIDs {
            actions += self.beginTermination(launchID: launchID, reason: "daemonStopping", now: now)
        }
        if self.processes.isEmpty {
            actions.append(.stopped)
        } else {
            let deadline = now.adding(milliseconds: self.settings.terminateGraceMs).adding(milliseconds: self.settings.killGraceMs)
            actions.append(.startTimer(.shutdownDeadline, at: deadline))
        }
        return actions
    }
}

extension HostStateMachine {
    func launchTimeout(_ app: String) -> Int64 { self.apps[app]?.launchTimeoutMs ?? self.settings.launchTimeoutMs }
    func responseTimeout(_ app: String) -> Int64 { self.apps[app]?.responseTimeoutMs ?? self.settings.responseTimeoutMs }

    /// An attached process is gone (it acknowledged `terminate`, or never answered it): it is
    /// not ours to reap, so it is forgotten and its connection ignored from now on.
    mutating func forgetAttached(_ launchID: String, now: Instant) -> [HostAction] {
        guard let process = self.processes[launchID], process.attached else { return [] }
        if let route = process.route { self.processes.ignore(route: route) }
        return self.handleProcessExited(launchID: launchID, status: "detached", now: now)
    }
}
