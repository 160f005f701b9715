import MsgHostProtocol

/// What the machine does when the shell could not store what an event changed (PROTOCOL.md
/// §3.5, `storageUnavailable`).
///
/// The machine writes its changes through the store as it makes them, and the shell commits
/// them once per event, or once per burst of events (group commit); nothing an event leads
/// to leaves the daemon before that commit. When the commit fails, the store rolls the whole
/// batch back. The machine has already applied the changes to its directory, and made
/// instances, callbacks and replies that assume them, so the shell puts the machine back as
/// it was before the event (`restore`), and the machine agrees with the store again: the
/// event never happened, and a later success never acknowledges on top of a lost change.
/// Then the shell asks the machine to answer the request whose change was lost.
///
/// A checkpoint was chosen over reloading the directory from the store (as start does): a
/// reload would put back the directory only, and keep the instances, callbacks in flight,
/// launches and control waiters the lost event made, pointing at messages that do not exist.
/// The machine is a value, so a checkpoint is a copy that shares its storage until one side
/// changes. What grows with the world and its use — the directory's people, devices,
/// conversations, installs, participants and deliveries, the instances, the processes — is
/// held in persistent hash trees (swift-collections' `TreeDictionary`): a change after the
/// checkpoint copies only the path to what it changed, never the whole collection, so a unit
/// costs what it changes, however large the world, and a rollback is the old root put back.
/// The event log, which every message changes, is left out of the checkpoint, and `restore`
/// takes it from the current machine.
/// (The windows of seen header ids are the codec's, outside the machine: an id seen stays
/// seen, since each request was answered, if only with `storageUnavailable`.)
extension HostStateMachine {
    /// The machine as it was before an event, for the shell to `restore` if the event's
    /// changes cannot be stored.
    public struct Checkpoint: Sendable {
        fileprivate var machine: HostStateMachine
        fileprivate var nextEventSeq: Int
    }

    public func checkpoint() -> Checkpoint {
        var copy = self
        copy.outbox.events = EventLog(capacity: 1)
        return Checkpoint(machine: copy, nextEventSeq: self.outbox.events.nextSeq)
    }

    /// Puts the machine back as it was at `checkpoint`. Events recorded since are forgotten
    /// (they were never logged or pushed: what they tell did not happen).
    public mutating func restore(_ checkpoint: Checkpoint) {
        var restored = checkpoint.machine
        restored.outbox.events = self.outbox.events
        restored.outbox.events.rollBack(to: checkpoint.nextEventSeq)
        self = restored
    }

    /// Answers an extension's request whose change could not be stored. Nothing for a
    /// message that is not a request on a known connection (a hello, a reply).
    public mutating func extensionRequestNotStored(route: [UInt8], _ inbound: ExtensionInbound, reason: String, now: Instant) -> [HostAction] {
        guard case .request(let request) = inbound, let launchID = self.processes.launchID(route: route), let process = self.processes[launchID] else { return [] }
        // Logged as `requestRefused` whatever it asked (PROTOCOL.md §3.5).
        let refused = self.outbox.requestRefused(request.type, Self.notStored(reason), process: process, route: route, instance: nil, requestID: request.id, isSend: false, now: now)
        return self.finish(refused, now: now)
    }

    /// Answers a control request whose change could not be stored.
    public mutating func controlRequestNotStored(client: [UInt8], requestID: String?, reason: String, now: Instant) -> [HostAction] {
        self.finish([self.outbox.controlError(to: client, requestID: requestID, Self.notStored(reason), now: now)], now: now)
    }

    /// Answers a send whose files were looked at but whose message could not be stored; it
    /// consumes nothing (the touch is given back, as for a refused file).
    public mutating func filesNotStored(token: Int, reason: String, now: Instant) -> [HostAction] {
        guard case .request(let request)? = self.inspections.take(token), let process = self.processes[request.launchID],
              let route = process.route else { return [] }
        if let taken = request.touch { self.screens[request.instanceID]?.touch.giveBack(taken) }
        let actions = self.withCauses(request.causes) { machine in
            machine.outbox.requestRefused(request.type, Self.notStored(reason), process: process, route: route,
                                  instance: machine.screens[request.instanceID], requestID: request.requestID, now: now)
        }
        return self.finish(actions, now: now)
    }

    private static func notStored(_ reason: String) -> WireError {
        .host(.storageUnavailable, "the change could not be stored (\(reason)); nothing of this request was kept, it may be sent again")
    }
}
