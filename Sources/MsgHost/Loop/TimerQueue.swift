import HeapModule
import MsgHostCore

/// The host's pending timers, earliest first. Timers are never cancelled (the state machine
/// ignores one that no longer applies), so this is only insert and pop.
///
/// A min-heap (swift-collections' `Heap`): every callback schedules its response timeout, so
/// under load thousands of timers wait at once, and a sorted array's insert (a scan and a
/// move) was 7 % of the loop's CPU in a send loop (docs/PERFORMANCE.md). Timers due at
/// the same instant fire in the order they were scheduled (`sequence` breaks the tie).
struct TimerQueue {
    private struct Entry: Comparable {
        let at: Instant
        let sequence: UInt64
        let id: TimerID

        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.at, lhs.sequence) < (rhs.at, rhs.sequence) }
        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.at == rhs.at && lhs.sequence == rhs.sequence }
    }

    private var heap = Heap<Entry>()
    private var scheduled: UInt64 = 0

    var count: Int { self.heap.count }

    mutating func schedule(_ id: TimerID, at: Instant) {
        self.heap.insert(Entry(at: at, sequence: self.scheduled, id: id))
        self.scheduled &+= 1
    }

    var nextDeadline: Instant? { self.heap.min?.at }

    /// Removes and returns the timers due at `now`, in deadline order.
    mutating func popDue(_ now: Instant) -> [TimerID] {
        var due: [TimerID] = []
        while let next = self.heap.min, next.at <= now { due.append(self.heap.removeMin().id) }
        return due
    }
}
