import HashTreeCollections
import MsgHostProtocol

/// Supervision (SPEC §6): crash quarantine, memory limits, `settle`, and pushing events to
/// the control clients that follow them.
extension HostStateMachine {
    /// Runs one event's step and finishes its actions: pushes new events to subscribers and
    /// answers `settle` requests once nothing is in flight. Every public event function ends
    /// here. A step that could not read the store ends where the read failed, and the event's
    /// answer is that failure alone: the shell undoes the unit and answers `storageUnavailable`.
    mutating func finish(now: Instant, _ step: (inout HostStateMachine) throws(HistoryUnreadable) -> [HostAction])
        -> [HostAction]
    {
        let actions: [HostAction]
        do {
            actions = try step(&self)
        } catch {
            return [.historyUnreadable(reason: error.reason)]
        }
        return self.finish(actions, now: now)
    }

    /// Finishes the actions of a step that reads no history (see `finish(now:_:)`).
    mutating func finish(_ actions: [HostAction], now: Instant) -> [HostAction] {
        var actions = actions
        if !self.sessions.waiters.isEmpty { actions += self.answerWaiters(now: now) }
        if !self.sessions.subscribers.isEmpty {
            for case .event(let record) in actions {
                for subscriber in self.sessions.subscribers {
                    actions.append(
                        self.outbox.controlPush(
                            to: subscriber.client, replyTo: subscriber.requestID, record: record, now: now))
                }
            }
        }
        if !self.sessions.settleWaiters.isEmpty && self.isSettled(now: now) {
            for waiter in self.sessions.takeSettleWaiters() {
                actions.append(
                    self.outbox.controlReply(
                        to: waiter.client, requestID: waiter.requestID, .ok(.clock(ClockResult(now: now.milliseconds))),
                        now: now))
            }
        }
        return actions
    }

    /// Nothing in flight (PROTOCOL.md §7, "Settled"): no callback unacknowledged or queued,
    /// no launch waiting for its hello, no file being looked at, no `terminate` notice
    /// unanswered, no process whose exit is imminent (signalled, or it answered the notice),
    /// and no delivery on its way that will arrive without further input: on the system clock
    /// every delayed one, on the manual clock those due by now (later ones wait for
    /// `advanceClock`). Held deliveries wait for `release` and are not waited for.
    func isSettled(now: Instant) -> Bool {
        self.screens.isIdle && self.inspections.isEmpty && !self.processes.isUnderWay
            && !self.world.deliveries.hasUnheld(dueBy: self.settings.manualClock ? now : nil)
    }

    // MARK: Quarantine

    func requireNotQuarantined(device: String, app: String, role: ProcessRole = .extension) throws(WireError) {
        try self.supervisor.requireNotQuarantined(device: device, app: app, role: role)
    }

    // MARK: Control

    mutating func supervise(_ request: SupervisionRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        switch request {
        case .settle:
            self.sessions.waitForSettle(to)
            return []  // answered by finish() once settled (perhaps at once)
        case .advanceClock(let body):
            guard self.settings.manualClock else {
                throw .control(
                    .unavailable, "the daemon runs on the system clock; start it with --clock manual to advance time")
            }
            _ = try ControlRange.advanceClockMs.check(body.milliseconds, "milliseconds")
            let later = now.adding(milliseconds: body.milliseconds)
            return [.advanceClock(milliseconds: body.milliseconds)]
                + self.ok(.clock(ClockResult(now: later.milliseconds)), to: to, now: later)
        case .reset(let body):
            _ = try self.world.device(body.device)
            try self.requireApp(body.app)
            return self.supervisor.lift(device: body.device, app: body.app, outbox: &self.outbox, now: now)
                + self.ok(.empty, to: to, now: now)
        case .memoryPressure(let body):
            _ = try self.world.device(body.device)
            try self.requireApp(body.app)
            guard ["warning", "critical"].contains(body.level) else {
                throw .control(.invalidRequest, "level must be \"warning\" or \"critical\", not \"\(body.level)\"")
            }
            guard
                let launchID = self.supervisor.running(ProcessKey(device: body.device, app: body.app, role: .extension))
            else {
                throw .control(.invalidState, "no process of \(body.app) runs on \(body.device)")
            }
            if body.level == "warning" {
                return try self.supervisor.warnAsked(launchID, outbox: &self.outbox, now: now)
                    + self.ok(.empty, to: to, now: now)
            }
            // As iOS ends an extension to take its memory back: unwarned, whatever it shows.
            return self.kill(launchID: launchID, reason: .memoryPressure, notify: false, now: now)
                + self.ok(.empty, to: to, now: now)
        case .subscribe(let body):
            if let after = body.after { _ = try ControlRange.eventSequence.check(after, "after") }
            self.sessions.subscribe(to)
            let backlog = body.after.map { self.outbox.events.after($0) } ?? []
            return self.ok(.empty, to: to, now: now)
                + backlog.map { self.outbox.controlPush(to: to.client, replyTo: to.requestID, record: $0, now: now) }
        }
    }
}
