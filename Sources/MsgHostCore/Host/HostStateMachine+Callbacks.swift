import MsgHostProtocol

extension HostStateMachine {
    /// Queues callbacks for an instance, in order, and sends the first if nothing is in
    /// flight. `waiter` is answered once every callback queued so far has been acknowledged.
    mutating func enqueue(_ callbacks: [(CallbackType, [UInt8])], on instanceID: String, waiter: Instance.Waiter?, now: Instant) -> [HostAction] {
        guard self.instances[instanceID] != nil else { return [] }
        self.instances[instanceID]!.queue += callbacks.map { Instance.QueuedCallback(type: $0.0, body: $0.1) }
        if let waiter { self.instances[instanceID]!.waiters.append(waiter) }
        return self.pump(instanceID, now: now)
    }

    /// Adds a waiter without queuing anything; answered at once if the instance is idle.
    mutating func addWaiter(_ waiter: Instance.Waiter, to instanceID: String, now: Instant) -> [HostAction] {
        guard self.instances[instanceID] != nil else {
            return [self.controlReply(to: waiter.client, requestID: waiter.requestID, body: waiter.result, now: now)]
        }
        self.instances[instanceID]!.waiters.append(waiter)
        return self.pump(instanceID, now: now)
    }

    /// Sends the next callback if none is in flight and the process is connected; when the
    /// queue is empty, answers the waiters and lets an unneeded process go idle.
    mutating func pump(_ instanceID: String, now: Instant) -> [HostAction] {
        guard var instance = self.instances[instanceID], instance.inFlight == nil else { return [] }
        if instance.queue.isEmpty {
            var actions: [HostAction] = instance.waiters.map {
                self.controlReply(to: $0.client, requestID: $0.requestID, body: $0.result, now: now)
            }
            instance.waiters = []
            if instance.phase == .resigning { instance.phase = .resigned }
            self.instances[instanceID] = instance
            actions += self.goIdleIfUnneeded(launchID: instance.launchID, now: now)
            return actions
        }
        guard let process = self.processes[instance.launchID], case .connected(let route) = process.state else { return [] }
        let callback = instance.queue.removeFirst()
        let (id, send) = self.extensionMessage(to: route, type: callback.type.rawValue, body: callback.body, key: process.token, now: now)
        instance.inFlight = .init(id: id, type: callback.type, sentAt: now)
        self.instances[instanceID] = instance
        return [send, .startTimer(.responseTimeout(launchID: process.launchID, callbackID: id), at: now.adding(milliseconds: self.settings.responseTimeoutMs))]
    }

    /// The extension acknowledged a callback (a `reply` whose `replyTo` is in flight).
    /// Returns nil if no instance of this process has that callback in flight.
    mutating func callbackAcknowledged(launchID: String, replyTo: String, status: ReplyStatus, now: Instant) -> [HostAction]? {
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
        return actions + self.pump(instanceID, now: now)
    }
}
