import MsgHostProtocol

/// Processes as the rest of the host meets them: the `Supervisor` owns their lives; here their
/// ends reach the instances they served (views, waiting control clients, parent apps), and
/// the timers are routed.
extension HostStateMachine {
    /// The process that serves `app` on `device`, launching one if none is running or the
    /// running one is on its way out.
    mutating func processServing(
        device: String, app: String, installID: String, role: ProcessRole = .extension, now: Instant
    ) -> (String, [HostAction]) {
        let key = ProcessKey(device: device, app: app, role: role)
        if let launchID = self.supervisor.running(key) { return (launchID, []) }
        let launchID = self.ids.makeUUID()
        let screen = ((try? self.world.device(device))?.model ?? .default).namedScreen
        return (
            launchID,
            self.supervisor.launch(
                key, installID: installID, launchID: launchID, token: self.ids.makeToken(), screen: screen,
                outbox: &self.outbox, now: now)
        )
    }

    /// The process ended, or could not be spawned at all.
    mutating func handleProcessExited(launchID: String, status: String, now: Instant) -> [HostAction] {
        guard
            let exited = self.supervisor.exited(
                launchID, status: status, needed: self.isNeeded(launchID), outbox: &self.outbox, now: now)
        else { return [] }
        return [exited.announced] + self.dropInstances(of: exited.process, failingWith: exited.failure, now: now)
            + self.supervisor.afterExit(exited, outbox: &self.outbox, now: now)
    }

    /// Forgets a process's instances, failing whoever waited on them.
    private mutating func dropInstances(of process: ExtensionProcess, failingWith error: WireError, now: Instant)
        -> [HostAction]
    {
        var actions: [HostAction] = []
        for instanceID in process.instanceIDs {
            guard let instance = self.screens[instanceID] else { continue }
            actions += self.screens.clearView(of: instance, outbox: &self.outbox, now: now)
            if process.role == .parentApp {
                actions += self.parentApps.instanceLost(instanceID, outbox: &self.outbox, now: now)
            }
            self.screens.remove(instanceID)
            actions += self.instanceLost(instance, failure: error, now: now)
        }
        return actions
    }

    /// Schedules the idle timer once the process has no active instance and nothing in flight.
    mutating func goIdleIfUnneeded(launchID: String, now: Instant) -> [HostAction] {
        self.supervisor.goIdleIfUnneeded(launchID, needed: self.isNeeded(launchID), now: now)
    }

    /// Whether an instance of the process is active or has callbacks to deliver (`Screens.needs`).
    private func isNeeded(_ launchID: String) -> Bool {
        self.processes[launchID].map(self.screens.needs) ?? false
    }

    /// Ends a process (`Supervisor.beginTermination`). Its instances are failed now: nobody may
    /// wait on a process that is going.
    mutating func beginTermination(launchID: String, reason: TerminationReason, notify: Bool = true, now: Instant)
        -> [HostAction]
    {
        guard
            let ending = self.supervisor.beginTermination(
                launchID, reason: reason, notify: notify, outbox: &self.outbox, now: now)
        else { return [] }
        return [ending.announced] + self.dropInstances(of: ending.process, failingWith: ending.failure, now: now)
            + ending.then
    }

    /// Ends whatever serves `app` on `device` (after an uninstall).
    mutating func endProcess(forDevice device: String, app: String, reason: TerminationReason, now: Instant)
        -> [HostAction]
    {
        var actions = self.parentAppGone(device: device, app: app, now: now)
        for role in [ProcessRole.extension, .parentApp] {
            guard let launchID = self.processes.serving(ProcessKey(device: device, app: app, role: role)) else {
                continue
            }
            actions += self.beginTermination(launchID: launchID, reason: reason, now: now)
        }
        return actions
    }

    /// Kills a process at once (it broke a rule that makes talking to it pointless), after a
    /// `terminate` notice it will hardly read, or (`notify` false) with none at all.
    mutating func kill(launchID: String, reason: TerminationReason, notify: Bool = true, now: Instant) -> [HostAction] {
        guard self.processes[launchID] != nil else { return [] }
        return self.beginTermination(launchID: launchID, reason: reason, notify: notify, now: now)
            + self.supervisor.forceKill(launchID)
    }

    /// An attached process is gone (it acknowledged `terminate`, or never answered it): it is
    /// let go of (`Supervisor.letGo`) and forgotten as if it had exited.
    mutating func forgetAttached(_ launchID: String, now: Instant) -> [HostAction] {
        guard self.supervisor.letGo(launchID) else { return [] }
        return self.handleProcessExited(launchID: launchID, status: "detached", now: now)
    }

    // MARK: Timers

    mutating func handleTimer(_ timer: TimerID, now: Instant) throws(HistoryUnreadable) -> [HostAction] {
        switch timer {
        case .launchTimeout(let launchID):
            guard let event = self.supervisor.launchTimedOut(launchID, outbox: &self.outbox, now: now) else {
                return []
            }
            return [event] + self.kill(launchID: launchID, reason: .launchFailed, now: now)
        case .responseTimeout(let launchID, let callbackID):
            guard let process = self.processes[launchID],
                let instance = self.screens.instance(inFlight: callbackID, of: process),
                let (process, event) = self.supervisor.unresponsive(
                    launchID, instance: instance, outbox: &self.outbox, now: now)
            else { return [] }
            return [event] + self.kill(launchID: launchID, reason: .unresponsive, now: now)
                + self.supervisor.crashed(process, outbox: &self.outbox, now: now)
        case .idle(let launchID, let generation):
            guard self.supervisor.isIdleTimerCurrent(launchID, generation: generation) else { return [] }
            return self.beginTermination(launchID: launchID, reason: .idle, now: now)
        case .escalate(let launchID, let signal):
            // Asked, not forced: an attached process that did not leave is let go of.
            return self.supervisor.escalate(launchID, signal, now: now) ?? self.forgetAttached(launchID, now: now)
        case .delivery(let id):
            return try self.deliveryDue(id, now: now)
        case .expiry(let device, let conversation, let entry):
            return try self.expiryDue(device: device, conversation: conversation, entryID: entry, now: now)
        case .shutdownDeadline:
            return self.supervisor.shutdownDeadline()
        }
    }

    /// SIGTERM or SIGINT: stop every extension, refuse new control requests, then `.stopped`.
    mutating func handleShutdown(now: Instant) -> [HostAction] {
        guard let running = self.supervisor.beginShutdown() else { return [] }
        var actions: [HostAction] = [self.outbox.record(.stopping, now: now)]
        for launchID in running {
            actions += self.beginTermination(launchID: launchID, reason: .daemonStopping, now: now)
        }
        return actions + [self.supervisor.shutdownUnderWay(now: now)]
    }

    /// Memory limits (SPEC §6): the shell measured a process's resident memory.
    public mutating func memoryMeasured(launchID: String, bytes: Int, now: Instant) -> [HostAction] {
        let (actions, kill) = self.supervisor.memoryMeasured(launchID, bytes: bytes, outbox: &self.outbox, now: now)
        return self.finish(actions + (kill ? self.kill(launchID: launchID, reason: .memory, now: now) : []), now: now)
    }
}
