import Testing

@testable import MsgHostCore

/// Time arithmetic saturates at the ends of Int64 instead of trapping (no outside value can
/// bring the daemon down through a timer).
@Suite struct InstantTests {
    @Test func addingSaturatesAtBothEnds() {
        #expect(Instant(milliseconds: .max - 1).adding(milliseconds: 10) == .distantFuture)
        #expect(Instant(milliseconds: 1_000).adding(milliseconds: .max) == .distantFuture)
        #expect(Instant(milliseconds: .min + 1).adding(milliseconds: -10).milliseconds == .min)
        #expect(Instant(milliseconds: 5).adding(milliseconds: -3).milliseconds == 2)
    }

    @Test func differencesSaturate() {
        #expect(Instant(milliseconds: .max).milliseconds(since: Instant(milliseconds: -1)) == .max)
        #expect(Instant(milliseconds: .min).milliseconds(since: Instant(milliseconds: 1)) == .min)
        #expect(Instant(milliseconds: 10).milliseconds(since: Instant(milliseconds: 4)) == 6)
    }
}
