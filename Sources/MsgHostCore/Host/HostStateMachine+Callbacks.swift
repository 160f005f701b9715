import HashTreeCollections
import MsgHostProtocol

/// Callbacks and the replies that wait for them: `Screens` sends each instance's callbacks
/// (`Screens+Callbacks`) over the connection the `Supervisor` gives, `ControlSessions` holds a
/// reply while what it caused is under way (`UnderWay`, read here from the parts that carry it).
extension HostStateMachine {
    /// Queues callbacks for an instance, carrying the causes being handled, and sends the first
    /// if nothing is in flight.
    mutating func enqueue(_ callbacks: [(CallbackType, OutboundBody)], on instanceID: String, now: Instant)
        -> [HostAction]
    {
        guard self.screens.enqueue(callbacks, on: instanceID, causes: self.sessions.activeCauses) else { return [] }
        return self.pump(instanceID, now: now)
    }

    /// Sends the instance's next callback if none is in flight and its process is connected;
    /// when its queue is empty, lets the process go idle if nothing else needs it.
    mutating func pump(_ instanceID: String, now: Instant) -> [HostAction] {
        let connection = self.screens[instanceID].flatMap { self.supervisor.connection($0.launchID) }
        switch self.screens.pump(instanceID, over: connection, outbox: &self.outbox, now: now) {
        case .sent(let actions): return actions
        case .waiting: return []
        case .emptied(let launchID): return self.goIdleIfUnneeded(launchID: launchID, now: now)
        }
    }

    /// Answers the control request being handled once every callback it caused, on any
    /// device, has been acknowledged (at once if it caused none). `instances` are the ones it
    /// acted on directly: losing one of them fails it.
    mutating func reply(
        to request: ControlRequestRef, _ result: ControlResult, after instances: Set<String>, now: Instant
    ) -> [HostAction] {
        self.reply(to: request, answer: .result(result), after: instances, now: now)
    }

    /// What `outcome` did, then the reply once the callbacks it queued were acknowledged.
    mutating func reply(to request: ControlRequestRef, _ result: ControlResult, after outcome: Outcome, now: Instant)
        -> [HostAction]
    {
        outcome.actions + self.reply(to: request, answer: .result(result), after: outcome.instances, now: now)
    }

    mutating func reply(
        to request: ControlRequestRef, answer: Waiter.Answer, after instances: Set<String>, now: Instant
    ) -> [HostAction] {
        let waiter = Waiter(
            client: request.client, requestID: request.requestID, answer: answer, causes: self.sessions.activeCauses,
            instances: instances)
        let underWay = self.underWay
        let kept = self.sessions.keep(
            waiter, outstanding: underWay.causes(among: waiter.causes),
            unreported: underWay.unreportedLaunches(of: waiter.instances))
        return kept ? [] : [self.answer(waiter, now: now)]
    }

    private var underWay: UnderWay {
        UnderWay(screens: self.screens, inspections: self.inspections, processes: self.processes)
    }

    /// Answers every waiter whose consequences are all acknowledged (as each event finishes).
    mutating func answerWaiters(now: Instant) -> [HostAction] {
        let underWay = self.underWay
        let awaited = self.sessions.awaited
        return self.sessions.takeAnswerable(
            outstanding: underWay.causes(among: awaited.causes),
            unreported: underWay.unreportedLaunches(of: awaited.instances)
        ).map { self.answer($0, now: now) }
    }

    /// A waiter's reply, now that it may go: its result, or what the sticker drawer it waited
    /// for shows.
    private mutating func answer(_ waiter: Waiter, now: Instant) -> HostAction {
        let body: Result<ControlResult, WireError> =
            switch waiter.answer {
            case .result(let result): .success(result)
            case .stickerDrawer(let instanceID):
                self.screens.drawerResult(instanceID, file: self.rendering.fileValue).map { .stickerDrawer($0) }
            }
        switch body {
        case .success(let result):
            return self.outbox.controlReply(to: waiter.client, requestID: waiter.requestID, .ok(result), now: now)
        case .failure(let error):
            return self.outbox.controlError(to: waiter.client, requestID: waiter.requestID, error, now: now)
        }
    }

    /// An instance is going away (its process is gone or being ended): the requests that acted
    /// on it directly and still had callbacks of theirs there fail with `failure`.
    mutating func instanceLost(_ instance: Instance, failure: WireError, now: Instant) -> [HostAction] {
        self.sessions.takeFailed(by: instance).map {
            self.outbox.controlError(to: $0.client, requestID: $0.requestID, failure, now: now)
        }
    }

    /// The extension acknowledged a callback (a `reply` whose `replyTo` is in flight), which
    /// may carry what the host asked for (a live bubble's size, the app's stickers). Nil if no
    /// instance of this process has that callback in flight.
    mutating func callbackAcknowledged(_ process: ExtensionProcess, _ reply: InboundReply, now: Instant)
        -> [HostAction]?
    {
        guard let (instance, inFlight) = self.screens.acknowledge(reply.replyTo, from: process) else { return nil }
        var actions: [HostAction] = [.observed(.callbackAcknowledged(id: reply.replyTo, type: inFlight.type))]
        if let failure = reply.status.failure {
            // The handler reported an error: Messages would log it and carry on.
            actions.append(
                self.outbox.record(
                    .callbackFailed, now: now, device: instance.device, app: instance.app, instance: instance.id,
                    code: failure.code, name: inFlight.type.rawValue, detail: failure.description))
        }
        if inFlight.type == .contentSizeThatFits, reply.status.isOK {
            actions += self.screens.liveSizeAnswered(
                instance.id, reply.size, offered: self.settings.liveBubbleSize.value, outbox: &self.outbox, now: now)
        }
        if inFlight.type == .stickers {
            actions += self.stickersAnswered(
                instanceID: instance.id, failure: reply.status.failure, reply.stickers, now: now)
        }
        return actions + self.pump(instance.id, now: now)
    }
}
