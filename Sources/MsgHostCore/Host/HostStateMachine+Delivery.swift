import HashTreeCollections
import MsgHostProtocol

/// Messages on their way (SPEC §5): the directory plans each one device by device
/// (`World+Delivery`, `Deliveries`); here an arrival reaches what its device shows — seen
/// marks, live bubbles, `didReceive`.
extension HostStateMachine {
    /// Stores a message and starts its way to every device of every member.
    mutating func dispatch(
        _ content: MessageContent, app: String?, install: String?, from deviceID: String, conversation: String,
        now: Instant
    ) throws(HistoryUnreadable) -> (StoredMessage, [HostAction]) {
        let stored = StoredMessage(
            id: self.ids.makeUUID(), conversation: conversation, app: app,
            sender: self.world.devices[deviceID]?.owner ?? "", senderDevice: deviceID,
            senderInstall: install, sentAt: now.milliseconds, content: content)
        var actions: [HostAction] = [.persist(self.world.store(stored))]
        actions.append(
            self.outbox.record(
                .sent, now: now, device: deviceID, app: app, conversation: conversation,
                detail: "\(content.kindName) \(stored.id)"))
        for step in self.world.plan(stored, now: now) {
            switch step {
            case .arriveNow(let device): actions += try self.arrived(stored.id, on: device, now: now)
            case .later(let planned): actions += planned
            }
        }
        return (stored, actions)
    }

    /// A message arrives on a device: into its transcript (session rule, legacy fallback),
    /// then `didReceive` to the app's active instance there, seen marks and live bubbles.
    mutating func arrived(_ messageID: String, on deviceID: String, now: Instant) throws(HistoryUnreadable)
        -> [HostAction]
    {
        guard let stored = try self.world.message(messageID), let device = self.world.devices[deviceID] else {
            return []
        }
        let conversation = stored.conversation
        var actions: [HostAction] = [
            .persist(try self.world.arrive(messageID, on: deviceID, nilSummaryText: self.settings.nilSummaryText))
        ]
        actions.append(
            self.outbox.record(
                .arrived, now: now, device: deviceID, app: stored.app, conversation: conversation, detail: stored.id))
        if self.screens.showing[deviceID] == conversation {
            actions += try self.world.markSeen(
                device: deviceID, conversation: conversation, expiryMs: self.settings.expiryMs, now: now)
            actions += try self.reconcileLiveInstances(device: deviceID, conversation: conversation, now: now).actions
        }
        // didReceive (`Instance.receives`). Its cheapest condition first: a device gets none
        // for its owner's own messages, so the sender's devices cost no lookup or copy.
        if stored.sender != device.owner, let instanceID = self.screens.presented[deviceID],
            let instance = self.screens[instanceID],
            instance.receives(stored, deviceOwner: device.owner)
        {
            actions += self.enqueue(
                [try self.rendering.messageCallback(.didReceive, stored, to: instance)], on: instanceID, now: now)
        }
        return actions
    }

    /// A delivery's latency is over.
    mutating func deliveryDue(_ id: Int, now: Instant) throws(HistoryUnreadable) -> [HostAction] {
        guard let delivery = self.world.deliveries.due(id) else { return [] }
        return [self.world.deliveryDone(delivery)]
            + (try self.arrived(delivery.messageID, on: delivery.device, now: now))
    }

    /// An expiring message's time is up: gone from the transcript, unless kept.
    mutating func expiryDue(device: String, conversation: String, entryID: Int, now: Instant) throws(HistoryUnreadable)
        -> [HostAction]
    {
        guard let (entry, removed) = try self.world.expire(entryID, device: device, conversation: conversation) else {
            return []
        }
        return [
            removed,
            self.outbox.record(.expired, now: now, device: device, conversation: conversation, detail: entry.messageID),
        ]
            + (try self.reconcileLiveInstances(device: device, conversation: conversation, now: now)).actions
    }

    /// `delivery`, `release` and `held`: the user's control over how messages reach a device.
    mutating func deliveryCommand(_ request: DeliveryControlRequest, to: ControlRequestRef, now: Instant)
        throws(WireError) -> [HostAction]
    {
        switch request {
        case .delivery(let body):
            return self.ok(.empty, persisting: try self.world.changeDeliveryRule(body), to: to, now: now)
        case .release(let body):
            // Held messages arrive now, in the order asked for.
            _ = try self.world.device(body.device)
            let held = try self.world.deliveries.releasable(
                device: body.device, order: body.order, messages: body.messages)
            var actions: [HostAction] = []
            for delivery in held {
                actions.append(self.world.deliveryDone(delivery))
                actions += try reading(self.arrived(delivery.messageID, on: delivery.device, now: now))
            }
            let result = ControlResult.released(ReleaseResult(released: held.map(\.messageID)))
            return actions + self.reply(to: to, result, after: Set(self.waitingInstances()), now: now)
        case .held(let body):
            _ = try self.world.device(body.device)
            return self.ok(
                .held(HeldResult(messages: try reading(self.observer.heldMessages(device: body.device)))), to: to,
                now: now)
        }
    }
}
