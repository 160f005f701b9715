import MsgHostCore
import Testing

@testable import MsgHost

/// The loop's timers: due ones come out earliest first, ties in the order scheduled, later
/// ones stay; the next deadline is the earliest left.
@Suite struct TimerQueueTests {
    @Test func dueTimersComeOutEarliestFirstAndTiesInOrder() {
        var queue = TimerQueue()
        let base = Instant(milliseconds: 1_000)
        queue.schedule(.idle(launchID: "c", generation: 0), at: base.adding(milliseconds: 30))
        queue.schedule(.idle(launchID: "a", generation: 0), at: base.adding(milliseconds: 10))
        queue.schedule(.idle(launchID: "b1", generation: 0), at: base.adding(milliseconds: 20))
        queue.schedule(.idle(launchID: "b2", generation: 0), at: base.adding(milliseconds: 20))
        queue.schedule(.shutdownDeadline, at: base.adding(milliseconds: 50))
        #expect(queue.nextDeadline == base.adding(milliseconds: 10))
        #expect(
            queue.popDue(base.adding(milliseconds: 30)) == [
                .idle(launchID: "a", generation: 0), .idle(launchID: "b1", generation: 0),
                .idle(launchID: "b2", generation: 0), .idle(launchID: "c", generation: 0),
            ])
        #expect(queue.popDue(base.adding(milliseconds: 49)).isEmpty)
        #expect(queue.nextDeadline == base.adding(milliseconds: 50))
        #expect(queue.popDue(base.adding(milliseconds: 50)) == [.shutdownDeadline])
        #expect(queue.nextDeadline == nil)
    }

    /// Many timers at once (every callback schedules its response timeout): order holds.
    @Test func thousandsOfTimersStayOrdered() {
        var queue = TimerQueue()
        var generator = SystemRandomNumberGenerator()
        var expected: [(Int64, Int)] = []
        for n in 0..<5_000 {
            let at = Int64.random(in: 0..<1_000, using: &generator)
            expected.append((at, n))
            queue.schedule(.delivery(id: n), at: Instant(milliseconds: at))
        }
        let order = expected.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { TimerID.delivery(id: $0.1) }
        #expect(queue.popDue(Instant(milliseconds: 1_000)) == order)
        #expect(queue.count == 0)
    }
}
