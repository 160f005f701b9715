import MsgHostCore

/// Events whose changes are committed together, with what they lead to held back until then
/// (`HostDriver`).
public struct CommitUnit: Sendable {
    /// Where the machine goes back to if the unit is lost: taken before the unit's first
    /// event (nil when the driver's caller keeps the machine's units, `undoesUnits`).
    var checkpoint: HostCheckpoint?
    /// The events of the unit, in order; the first may have run steps at once.
    public internal(set) var events: [HostEvent]
    /// Whether a change was written into the store's batch.
    public internal(set) var dirty = false
    /// What leaves once the unit is committed, in order.
    public internal(set) var deferred: [HostAction] = []
    /// Set when the machine could not read the store (`.historyUnreadable`): the unit is
    /// undone as it closes, as a unit whose commit failed.
    var unreadable: String?
    /// Timers that fired inside the unit (nested in its events): used up with it.
    var timers: [TimerID] = []
}

/// Why a unit was undone when the machine could not read the store.
struct StoreUnreadable: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the store could not be read (\(self.reason))" }
}
