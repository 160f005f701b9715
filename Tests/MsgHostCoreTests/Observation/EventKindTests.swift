import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Event kinds and counters are typed in the core and plain names on the wire; the routine
/// ones (logged at debug) are exactly the per-touch and per-send events, and the view changes
/// an app may make on every touch.
@Suite struct EventKindTests {
    @Test func routineEventsAreThoseEveryTouchAndSendMakes() {
        #expect(
            Set(EventKind.allCases.filter(\.isRoutine)) == [
                .touch, .sent, .arrived, .staged, .transition, .viewChanged,
            ])
    }

    @Test func aRecordedEventCarriesItsKindsName() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let touched = h.touch()
        #expect(touched.events.map(\.kind).contains("touch"))
        #expect(Set(touched.events.map(\.kind)).isSubset(of: Set(EventKind.allCases.map(\.rawValue))))
    }
}

/// `Counter.index` is each counter's place in `allCases` (the machine counts into an array).
@Suite struct CounterTests {
    @Test func everyCounterHasItsOwnPlace() {
        #expect(Counter.allCases.map(Counter.index) == Array(Counter.allCases.indices))
    }
}
