import MsgHostProtocol

extension HostStateMachine {
    /// Queues callbacks for an instance, in order, and sends the first if nothing is in flight.
    mutating func enqueue(_ callbacks: [(CallbackType, [UInt8])], on instanceID: String, now: Instant) -> [HostAction] {
        guard self.instances[instanceID] != nil else { return [] }
        self.instances[instanceID]!.queue += callbacks.map { Instance.QueuedCallback(type: $0.0, body: $0.1) }
        return self.pump(instanceID, now: now)
    }

    /// Answers a control request once none of `instances` has a callback queued or in flight
    /// (at once if none has).
    mutating func reply(to client: [UInt8], requestID: String, result: [UInt8], after instances: Set<String>, now: Instant) -> [HostAction] {
        let busy = instances.filter { self.instances[$0].map { !$0.isIdle } ?? false }
        guard !busy.isEmpty else { return [self.controlReply(to: client, requestID: requestID, body: result, now: now)] }
        self.waiters.append(Waiter(client: client, requestID: requestID, result: result, instances: busy))
        return []
    }

    /// An instance went idle or away: answer the waiters that waited only on it.
    mutating func instanceSettled(_ instanceID: String, failure: WireError? = nil, now: Instant) -> [HostAction] {
        var actions: [HostAction] = []
        var remaining: [Waiter] = []
        for var waiter in self.waiters {
            guard waiter.instances.contains(instanceID) else {
                remaining.append(waiter)
                continue
            }
            if let failure {
                actions.append(self.controlError(to: waiter.client, requestID: waiter.requestID, failure, now: now))
                continue
            }
            waiter.instances.remove(instanceID)
            if waiter.instances.isEmpty {
                actions.append(self.controlReply(to: waiter.client, requestID: waiter.requestID, body: waiter.result, now: now))
            } else {
                remaining.append(waiter)
            }
        }
        self.waiters = remaining
        return actions
    }

    /// Sends the next callback if none is in flight and the process is connected; when the
    /// queue is empty, answers the waiters and lets an unneeded process go idle.
    mutating func pump(_ instanceID: String, now: Instant) -> [HostAction] {
        guard var instance = self.instances[instanceID], instance.inFlight == nil else { return [] }
        if instance.queue.isEmpty {
            if instance.phase == .resigning { instance.phase = .resigned }
            self.instances[instanceID] = instance
            return self.instanceSettled(instanceID, now: now) + self.goIdleIfUnneeded(launchID: instance.launchID, now: now)
        }
        guard let process = self.processes[instance.launchID], case .connected(let route) = process.state else { return [] }
        let callback = instance.queue.removeFirst()
        let (id, send) = self.extensionMessage(to: route, type: callback.type.rawValue, body: callback.body, key: process.token, now: now)
        instance.inFlight = .init(id: id, type: callback.type, sentAt: now)
        self.instances[instanceID] = instance
        return [send, .startTimer(.responseTimeout(launchID: process.launchID, callbackID: id), at: now.adding(milliseconds: self.responseTimeout(process.app)))]
    }

    /// The extension acknowledged a callback (a `reply` whose `replyTo` is in flight).
    /// Returns nil if no instance of this process has that callback in flight.
    mutating func callbackAcknowledged(launchID: String, replyTo: String, status: ReplyStatus, body: [UInt8], now: Instant) -> [HostAction]? {
        guard let process = self.processes[launchID],
              let instanceID = process.instanceIDs.first(where: { self.instances[$0]?.inFlight?.id == replyTo }),
              let inFlight = self.instances[instanceID]?.inFlight
        else { return nil }
        self.instances[instanceID]!.inFlight = nil
        var actions: [HostAction] = []
        if let failure = status.failure {
            // The handler reported an error: Messages would log it and carry on.
            let instance = self.instances[instanceID]!
            actions.append(self.record(
                "callbackFailed", now: now, device: instance.device, app: instance.app, instance: instanceID,
                code: failure.code, name: inFlight.type.rawValue, detail: failure.description))
        }
        if inFlight.type == .contentSizeThatFits, status.isOK {
            actions += self.liveSizeAnswered(instanceID: instanceID, body: body, now: now)
        }
        return actions + self.pump(instanceID, now: now)
    }
}
