import MsgHostCore

/// The host's pending timers, earliest first. Timers are never cancelled (the state machine
/// ignores one that no longer applies), so this is only insert and pop.
struct TimerQueue {
    private var timers: [(at: Instant, id: TimerID)] = []

    mutating func schedule(_ id: TimerID, at: Instant) {
        let index = self.timers.firstIndex { $0.at > at } ?? self.timers.endIndex
        self.timers.insert((at, id), at: index)
    }

    var nextDeadline: Instant? { self.timers.first?.at }

    /// Removes and returns the timers due at `now`, in deadline order.
    mutating func popDue(_ now: Instant) -> [TimerID] {
        let due = self.timers.prefix { $0.at <= now }
        self.timers.removeFirst(due.count)
        return due.map(\.id)
    }
}
