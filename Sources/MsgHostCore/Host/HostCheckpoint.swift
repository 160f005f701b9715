/// The machine as it was before an event, for the shell to put back if the event's changes
/// cannot be stored (PROTOCOL.md §3.5, `storageUnavailable`).
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
public struct HostCheckpoint: Sendable {
    private var machine: HostStateMachine
    private var nextEventSeq: Int

    init(_ machine: HostStateMachine) {
        // One copy, changed in place: a copy of the machine retains each of its parts, and
        // copying it twice (into a local, then into the property) was 1.5 % of a send.
        self.machine = machine
        self.machine.outbox.events = EventLog(capacity: 1)
        self.nextEventSeq = machine.outbox.events.nextSeq
    }

    /// Puts `machine` back as it was here. Events recorded since are forgotten (they were
    /// never logged or pushed: what they tell did not happen).
    func restore(_ machine: inout HostStateMachine) {
        var restored = self.machine
        restored.outbox.events = machine.outbox.events
        restored.outbox.events.rollBack(to: self.nextEventSeq)
        machine = restored
    }
}
