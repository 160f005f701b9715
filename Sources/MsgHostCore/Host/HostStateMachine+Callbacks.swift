import HashTreeCollections
import MsgHostProtocol

extension HostStateMachine {
    /// Queues callbacks for an instance, in order, and sends the first if nothing is in flight.
    mutating func enqueue(_ callbacks: [(CallbackType, OutboundBody)], on instanceID: String, now: Instant) -> [HostAction] {
        guard self.screens[instanceID] != nil else { return [] }
        let causes = self.sessions.activeCauses
        self.screens[instanceID]!.callbacks.append(callbacks.map { CallbackQueue.Callback(type: $0.0, body: $0.1, causes: causes) })
        return self.pump(instanceID, now: now)
    }

    /// Answers the control request being handled once every callback it caused, on any
    /// device, has been acknowledged (at once if it caused none). `instances` are the ones it
    /// acted on directly: losing one of them fails it.
    mutating func reply(to client: [UInt8], requestID: String, result: ControlResult, after instances: Set<String>, now: Instant) -> [HostAction] {
        self.reply(to: client, requestID: requestID, answer: .result(result), after: instances, now: now)
    }

    mutating func reply(to client: [UInt8], requestID: String, answer: Waiter.Answer, after instances: Set<String>, now: Instant) -> [HostAction] {
        let waiter = Waiter(client: client, requestID: requestID, answer: answer, causes: self.sessions.activeCauses, instances: instances)
        let kept = self.sessions.keep(waiter, outstanding: self.outstandingCauses(among: waiter.causes), unreported: self.unreportedLaunches(of: instances))
        return kept ? [] : [self.answer(waiter, now: now)]
    }

    /// The reply to a waiter whose consequences are all acknowledged.
    mutating func answer(_ waiter: Waiter, now: Instant) -> HostAction {
        switch waiter.answer {
        case .result(let result):
            return self.outbox.controlReply(to: waiter.client, requestID: waiter.requestID, .ok(result), now: now)
        case .stickerDrawer(let instanceID):
            switch self.drawerResult(instanceID) {
            case .success(let result): return self.outbox.controlReply(to: waiter.client, requestID: waiter.requestID, .ok(.stickerDrawer(result)), now: now)
            case .failure(let error): return self.outbox.controlError(to: waiter.client, requestID: waiter.requestID, error, now: now)
            }
        }
    }

    /// The instances among `ids` whose process was launched and said hello before the shell
    /// reported its spawn: a reply that acted on them waits for the report too, so that
    /// `status` right after it names the real process (never a pid an extension claimed).
    func unreportedLaunches(of ids: Set<String>) -> Set<String> {
        ids.filter { id in
            guard let instance = self.screens[id], let process = self.processes[instance.launchID] else { return false }
            return process.pid == nil && !process.attached
        }
    }

    /// The causes among `wanted` that a queued or in-flight callback, or a parked request,
    /// still carries.
    func outstandingCauses(among wanted: Set<Int>) -> Set<Int> {
        var causes = self.screens.causes(among: wanted)
        guard !wanted.isEmpty else { return causes }
        causes.formUnion(self.inspections.causes(among: wanted))
        return causes
    }

    /// Answers every waiter whose consequences are all acknowledged (called as each event
    /// finishes).
    mutating func answerWaiters(now: Instant) -> [HostAction] {
        let awaited = self.sessions.awaited
        let done = self.sessions.takeAnswerable(outstanding: self.outstandingCauses(among: awaited.causes), unreported: self.unreportedLaunches(of: awaited.instances))
        return done.map { self.answer($0, now: now) }
    }

    /// An instance is going away (its process is gone or being ended): the requests that acted
    /// on it directly and still had callbacks of theirs there fail with `failure`.
    mutating func instanceLost(_ instance: Instance, failure: WireError, now: Instant) -> [HostAction] {
        self.sessions.takeFailed(by: instance).map { self.outbox.controlError(to: $0.client, requestID: $0.requestID, failure, now: now) }
    }

    /// Sends the next callback if none is in flight and the process is connected; when the
    /// queue is empty, answers the waiters and lets an unneeded process go idle.
    mutating func pump(_ instanceID: String, now: Instant) -> [HostAction] {
        guard var instance = self.screens[instanceID], instance.callbacks.inFlight == nil else { return [] }
        guard let callback = instance.callbacks.next else {
            instance.queueEmptied()
            self.screens[instanceID] = instance
            return self.goIdleIfUnneeded(launchID: instance.launchID, now: now)
        }
        guard let process = self.processes[instance.launchID], case .connected(let route) = process.state else { return [] }
        let (id, send) = self.outbox.extensionMessage(to: route, type: callback.type.rawValue, body: callback.body, key: process.token, now: now)
        instance.sentNext(id: id, at: now)
        self.screens[instanceID] = instance
        return [send, .observed(.callbackSent(id: id, type: callback.type)),
                .startTimer(.responseTimeout(launchID: process.launchID, callbackID: id), at: now.adding(milliseconds: self.supervisor.responseTimeout(process.app)))]
    }

    /// The extension acknowledged a callback (a `reply` whose `replyTo` is in flight).
    /// Returns nil if no instance of this process has that callback in flight.
    mutating func callbackAcknowledged(launchID: String, _ reply: InboundReply, now: Instant) -> [HostAction]? {
        let (replyTo, status) = (reply.replyTo, reply.status)
        guard let process = self.processes[launchID],
              let instanceID = process.instanceIDs.first(where: { self.screens[$0]?.callbacks.isInFlight(replyTo) == true }),
              let inFlight = self.screens[instanceID]?.callbacks.acknowledge(replyTo)
        else { return nil }
        var actions: [HostAction] = [.observed(.callbackAcknowledged(id: replyTo, type: inFlight.type))]
        if let failure = status.failure {
            // The handler reported an error: Messages would log it and carry on.
            let instance = self.screens[instanceID]!
            actions.append(self.outbox.record(.callbackFailed, now: now, device: instance.device, app: instance.app, instance: instanceID,
                code: failure.code, name: inFlight.type.rawValue, detail: failure.description))
        }
        if inFlight.type == .contentSizeThatFits, status.isOK {
            actions += self.liveSizeAnswered(instanceID: instanceID, reply.size, now: now)
        }
        if inFlight.type == .stickers {
            actions += self.stickersAnswered(instanceID: instanceID, failure: status.failure, reply.stickers, now: now)
        }
        return actions + self.pump(instanceID, now: now)
    }
}

