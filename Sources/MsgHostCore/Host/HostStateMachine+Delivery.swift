import HashTreeCollections
import MsgHostProtocol

extension HostStateMachine {
    /// Stores a message and starts its way to every device of every member: the sender's own
    /// devices at once, the others by their delivery rule.
    mutating func dispatch(_ content: MessageContent, app: String?, install: String?, from deviceID: String, conversation: String, now: Instant) -> (StoredMessage, [HostAction]) {
        let sender = self.world.devices[deviceID]?.owner ?? ""
        let stored = StoredMessage(
            id: self.ids.makeUUID(), conversation: conversation, app: app, sender: sender, senderDevice: deviceID,
            senderInstall: install, sentAt: now.milliseconds, content: content)
        var actions: [HostAction] = [.persist(self.world.applying([.messageStored(stored)]))]
        actions.append(self.outbox.record(.sent, now: now, device: deviceID, app: app, conversation: conversation, detail: "\(content.kindName) \(stored.id)"))
        for device in self.world.memberDevices(of: conversation) {
            let rule = self.world.deliveries.rule(for: device.id, owner: device.owner, sender: sender)
            if rule.isImmediate {
                actions += self.arrived(stored.id, on: device.id, now: now)
                continue
            }
            let delivery = Deliveries.planned(id: self.world.takeSerial(), device: device.id, conversation: conversation, messageID: stored.id, rule: rule, now: now)
            actions.append(.persist(self.world.applying([.deliveryPending(delivery)])))
            if !rule.hold { actions.append(.startTimer(.delivery(id: delivery.id), at: Instant(milliseconds: delivery.dueAt))) }
        }
        return (stored, actions)
    }

    /// A message arrives on a device: into its transcript (session rule, legacy fallback),
    /// then `didReceive` to the app's active instance there, seen marks and live bubbles.
    mutating func arrived(_ messageID: String, on deviceID: String, now: Instant) -> [HostAction] {
        guard let stored = self.world.message(messageID), let device = self.world.devices[deviceID] else { return [] }
        let conversation = stored.conversation
        var actions: [HostAction] = [.persist(self.world.arrive(messageID, on: deviceID, nilSummaryText: self.settings.nilSummaryText))]
        actions.append(self.outbox.record(.arrived, now: now, device: deviceID, app: stored.app, conversation: conversation, detail: stored.id))
        if self.screens.showing[deviceID] == conversation {
            actions += self.markSeen(device: deviceID, conversation: conversation, now: now)
            actions += self.reconcileLiveInstances(device: deviceID, conversation: conversation, now: now).actions
        }
        // didReceive (`Instance.receives`). Its cheapest condition first: a device gets none
        // for its owner's own messages, so the sender's devices cost no lookup or copy.
        if stored.sender != device.owner, let instanceID = self.screens.presented[deviceID], let instance = self.screens[instanceID],
           instance.receives(stored, deviceOwner: device.owner) {
            actions += self.enqueue([self.rendering.messageCallback(.didReceive, stored, to: instance)], on: instanceID, now: now)
        }
        return actions
    }

    /// A delivery's latency is over.
    mutating func deliveryDue(_ id: Int, now: Instant) -> [HostAction] {
        guard let delivery = self.world.deliveries.due(id) else { return [] }
        return [.persist(self.world.applying([.deliveryDone(id: id)]))] + self.arrived(delivery.messageID, on: delivery.device, now: now)
    }

    /// `release`: held messages for a device arrive now, in the order asked for.
    mutating func release(_ request: ReleaseRequest, now: Instant) throws(WireError) -> ([String], [HostAction]) {
        _ = try self.world.device(request.device)
        let held = try self.world.deliveries.releasable(device: request.device, order: request.order, messages: request.messages)
        var actions: [HostAction] = []
        for delivery in held {
            actions.append(.persist(self.world.applying([.deliveryDone(id: delivery.id)])))
            actions += self.arrived(delivery.messageID, on: delivery.device, now: now)
        }
        return (held.map(\.messageID), actions)
    }

    // MARK: Expiry

    /// Marks the expiring messages of a conversation seen on a device, starting their clocks.
    mutating func markSeen(device deviceID: String, conversation: String, now: Instant) -> [HostAction] {
        let owner = self.world.devices[deviceID]?.owner
        var actions: [HostAction] = []
        for var entry in self.world.unseenExpiring(device: deviceID, conversation: conversation) {
            guard let stored = self.world.message(entry.messageID), stored.sender != owner else { continue }
            entry.seenAt = now.milliseconds
            actions.append(.persist(self.world.applying([.transcriptEntryChanged(device: deviceID, conversation: conversation, entry)])))
            actions.append(.startTimer(.expiry(device: deviceID, conversation: conversation, entry: entry.id), at: now.adding(milliseconds: self.settings.expiryMs)))
        }
        return actions
    }

    mutating func expiryDue(device: String, conversation: String, entryID: Int, now: Instant) -> [HostAction] {
        guard let entry = self.world.entry(entryID, device: device, conversation: conversation), !entry.kept else { return [] }
        var actions: [HostAction] = [.persist(self.world.applying([.transcriptEntryRemoved(device: device, conversation: conversation, entryID: entryID)]))]
        actions.append(self.outbox.record(.expired, now: now, device: device, conversation: conversation, detail: entry.messageID))
        actions += self.reconcileLiveInstances(device: device, conversation: conversation, now: now).actions
        return actions
    }

    /// Timers for what was pending when the daemon stopped: deliveries not held, and the
    /// expiry of messages already seen. Call once after a restart.
    mutating func handleRestored(now: Instant) -> [HostAction] {
        var actions: [HostAction] = []
        // State written when identifiers were made lazily (before views became pure).
        let assigned = self.world.assignIdentifiers(ids: self.ids)
        if !assigned.isEmpty { actions.append(.persist(assigned)) }
        for delivery in self.world.pendingDeliveries.values.sorted(by: { $0.id < $1.id }) where !delivery.held {
            actions.append(.startTimer(.delivery(id: delivery.id), at: Instant(milliseconds: max(delivery.dueAt, now.milliseconds))))
        }
        for located in self.world.seenExpiring() {
            guard let seenAt = located.entry.seenAt else { continue }
            let due = Instant(milliseconds: seenAt).adding(milliseconds: self.settings.expiryMs)
            actions.append(.startTimer(.expiry(device: located.device, conversation: located.conversation, entry: located.entry.id), at: due))
        }
        return actions
    }
}

extension HostStateMachine {
    /// `delivery`, `release` and `held`: the user's control over how messages reach a device.
    mutating func deliveryCommand(_ request: DeliveryControlRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .delivery(let body):
            _ = try self.world.device(body.device)
            var rule = self.world.deliveryRules[body.device] ?? DeliveryRule()
            if let latency = body.latencyMs { rule.latencyMs = try ControlRange.latencyMs.check(latency, "latencyMs") }
            if let hold = body.hold { rule.hold = hold }
            return self.ok(.empty, persisting: self.world.applying([.deliveryRuleChanged(device: body.device, rule)]), to: to, now: now)
        case .release(let body):
            let (released, actions) = try self.release(body, now: now)
            let affected = Set(self.waitingInstances())
            return actions + self.reply(to: to.client, requestID: to.requestID, result: .released(ReleaseResult(released: released)), after: affected, now: now)
        case .held(let body):
            _ = try self.world.device(body.device)
            return self.ok(.held(HeldResult(messages: self.observer.heldMessages(device: body.device))), to: to, now: now)
        }
    }
}
