import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// The manual clock moves only when told, until it is released (the daemon is stopping):
/// then it runs by itself from where it stood.
@Suite struct ManualClockTests {
    @Test func itMovesOnlyWhenToldUntilReleased() {
        let clock = ManualClock(start: Instant(milliseconds: 1_000))
        #expect(!clock.followsRealTime)
        usleep(30_000)
        #expect(clock.now() == Instant(milliseconds: 1_000))
        clock.advance(milliseconds: 500)
        #expect(clock.now() == Instant(milliseconds: 1_500))

        clock.release()
        #expect(clock.followsRealTime)
        usleep(50_000)
        let later = clock.now().milliseconds(since: Instant(milliseconds: 1_500))
        #expect(later >= 50 && later < 5_000, "\(later) ms")
        clock.release()  // again: no jump back
        #expect(clock.now().milliseconds(since: Instant(milliseconds: 1_500)) >= later)
    }
}
