import HashTreeCollections
import MsgHostProtocol

/// A message's way to the devices (SPEC §5) as the directory keeps it: stored once, then on
/// each member's device by that device's delivery rule (`Deliveries`); seen marks and the
/// expiry they start. Only the directory changes here. What the rest of the host must do —
/// a message arriving on a device now, with what that device shows — is returned as a step
/// for the machine, in the members' order.
extension World {
    /// A stored message's way to one member device.
    enum DeliveryStep {
        /// It arrives on `device` now (the machine carries out the arrival).
        case arriveNow(device: String)
        /// It was planned for later: what to store and the timer to start (none while held).
        case later([HostAction])
    }

    /// Plans `stored` (already stored) for every device of every member, by their rules: the
    /// sender's own devices at once, the others by their latency or hold.
    mutating func plan(_ stored: StoredMessage, now: Instant) -> [DeliveryStep] {
        self.memberDevices(of: stored.conversation).map { device in
            let rule = self.deliveries.rule(for: device.id, owner: device.owner, sender: stored.sender)
            guard !rule.isImmediate else { return .arriveNow(device: device.id) }
            let delivery = Deliveries.planned(
                id: self.takeSerial(), device: device.id, conversation: stored.conversation, messageID: stored.id,
                rule: rule, now: now)
            let timer: [HostAction] =
                rule.hold ? [] : [.startTimer(.delivery(id: delivery.id), at: Instant(milliseconds: delivery.dueAt))]
            return .later([.persist(self.applying([.deliveryPending(delivery)]))] + timer)
        }
    }

    /// A planned delivery is over (due, or released): it is forgotten, and its message
    /// arrives (the caller's next step).
    mutating func deliveryDone(_ delivery: PendingDelivery) -> HostAction {
        .persist(self.applying([.deliveryDone(id: delivery.id)]))
    }

    /// `delivery`: the device's rule changes; fields left out keep their value.
    mutating func changeDeliveryRule(_ body: DeliveryRequest) throws(WireError) -> [WorldChange] {
        _ = try self.device(body.device)
        var rule = self.deliveryRules[body.device] ?? DeliveryRule()
        if let latency = body.latencyMs { rule.latencyMs = try ControlRange.latencyMs.check(latency, "latencyMs") }
        if let hold = body.hold { rule.hold = hold }
        return self.applying([.deliveryRuleChanged(device: body.device, rule)])
    }

    // MARK: Expiry (`shouldExpire`)

    /// The device shows the conversation: its expiring messages from others, unseen until
    /// now, are seen, and their clocks start (`expiryMs`).
    mutating func markSeen(device deviceID: String, conversation: String, expiryMs: Int64, now: Instant)
        throws(HistoryUnreadable) -> [HostAction]
    {
        let owner = self.devices[deviceID]?.owner
        var actions: [HostAction] = []
        for var entry in try self.unseenExpiring(device: deviceID, conversation: conversation) {
            guard let stored = try self.message(entry.messageID), stored.sender != owner else { continue }
            entry.seenAt = now.milliseconds
            actions.append(
                .persist(self.applying([.transcriptEntryChanged(device: deviceID, conversation: conversation, entry)])))
            actions.append(
                .startTimer(
                    .expiry(device: deviceID, conversation: conversation, entry: entry.id),
                    at: now.adding(milliseconds: expiryMs)))
        }
        return actions
    }

    /// `keep`: the entry stays, expiring or not (as the user's Keep does).
    mutating func keep(_ entryID: Int, device: String, conversation: String) throws(WireError) -> [WorldChange] {
        let id = try ControlRange.entryID.check(entryID, "entry")
        _ = try self.device(device)
        guard var entry = try reading(self.entry(id, device: device, conversation: conversation)) else {
            throw .control(.notFound, "no entry \(entryID) in \(conversation) on \(device)")
        }
        entry.kept = true
        return self.applying([.transcriptEntryChanged(device: device, conversation: conversation, entry)])
    }

    /// An entry's expiry is due: removed, unless it was kept (or is gone). Returns the entry
    /// removed and its change, or nil.
    mutating func expire(_ entryID: Int, device: String, conversation: String) throws(HistoryUnreadable) -> (
        TranscriptEntry, HostAction
    )? {
        guard let entry = try self.entry(entryID, device: device, conversation: conversation), !entry.kept else {
            return nil
        }
        return (
            entry,
            .persist(
                self.applying([.transcriptEntryRemoved(device: device, conversation: conversation, entryID: entryID)]))
        )
    }

    /// What was under way when the daemon stopped, once it starts again: identifiers made
    /// lazily by an older version, the timers of deliveries not held, and the expiry of
    /// messages already seen (`expiryMs` after they were).
    mutating func restored(ids: inout some IDGenerator, expiryMs: Int64, now: Instant) throws(HistoryUnreadable)
        -> [HostAction]
    {
        var actions: [HostAction] = []
        let assigned = self.assignIdentifiers(ids: &ids)
        if !assigned.isEmpty { actions.append(.persist(assigned)) }
        for delivery in self.pendingDeliveries.values.sorted(by: { $0.id < $1.id }) where !delivery.held {
            actions.append(
                .startTimer(
                    .delivery(id: delivery.id), at: Instant(milliseconds: max(delivery.dueAt, now.milliseconds))))
        }
        for located in try self.seenExpiring() {
            guard let seenAt = located.entry.seenAt else { continue }
            let due = Instant(milliseconds: seenAt).adding(milliseconds: expiryMs)
            actions.append(
                .startTimer(
                    .expiry(device: located.device, conversation: located.conversation, entry: located.entry.id),
                    at: due))
        }
        return actions
    }
}
