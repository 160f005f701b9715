/// Where the unit of events now beginning starts, for the shell to go back to if the unit's
/// changes cannot be stored (PROTOCOL.md §3.5, `storageUnavailable`).
///
/// The machine writes its changes through the store as it makes them, and the shell commits
/// them once per event, or once per burst of events (group commit); nothing an event leads
/// to leaves the daemon before that commit. When the commit fails, the store rolls the whole
/// batch back. The machine has already applied the changes to its directory, and made
/// instances, callbacks and replies that assume them, so the shell puts the machine back as
/// it was when the unit began (`HostStateMachine.restore`), and the machine agrees with the
/// store again: the unit never happened, and a later success never acknowledges on top of a
/// lost change. Then the shell asks the machine to answer the request whose change was lost.
///
/// Going back is an undo, not a copy: each part keeps, beside what it holds, the value each
/// thing it changed had when the unit began (`JournaledTable`, `Journaled`), so a unit costs
/// what it changes, however large the world, and so does its undo. A reload of the directory
/// from the store (as at start) was not chosen: it would put back the directory only, and
/// keep the instances, callbacks in flight, launches and control waiters the lost unit made,
/// pointing at messages that do not exist. The event log is rolled back by sequence number:
/// what the unit's events tell did not happen. (The windows of seen header ids are the
/// codec's, outside the machine: an id seen stays seen, since each request was answered, if
/// only with `storageUnavailable`.)
public struct HostCheckpoint: Hashable, Sendable {
    /// The first event sequence number of the unit.
    let nextEventSeq: Int
}
