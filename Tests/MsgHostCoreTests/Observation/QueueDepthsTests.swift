import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The gauges name every queue, read from the part that holds it.
@Suite struct QueueDepthsTests {
    @Test func everyQueueIsReadFromItsPart() {
        var screens = Screens()
        screens.add(ScreensTests.instance("i1"))
        screens["i1"]?.callbacks.append([.init(type: .touch, body: .ok), .init(type: .touch, body: .ok)])
        var sessions = ControlSessions()
        sessions.waitForSettle(ControlRequestRef(client: [1], requestID: "s"))
        let depths = QueueDepths.read(
            screens: screens, deliveries: Deliveries(), inspections: Inspections(), sessions: sessions)
        #expect(
            depths.map(\.queue) == [
                "callbacks_queued", "callbacks_in_flight", "held_deliveries", "delayed_deliveries", "parked_requests",
                "control_waiters", "event_followers",
            ])
        #expect(depths.map(\.depth) == [2, 0, 0, 0, 0, 1, 0])
    }
}
