import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What waits for the shell to look at files: each under its own token, taken once, and the
/// causes it carries for the control requests waiting on it.
@Suite struct InspectionsTests {
    static func request(causes: Set<Int>) -> PendingRequest {
        PendingRequest(
            launchID: "l", instanceID: "i1", requestID: "x1", type: .sendText, content: .attachment, causes: causes)
    }

    @Test func eachParkedThingHasItsOwnTokenAndIsTakenOnce() {
        var inspections = Inspections()
        #expect(inspections.isEmpty)
        let first = inspections.park(.request(Self.request(causes: [1])))
        let second = inspections.park(
            .drawer(PendingDrawer(instanceID: "i2", candidates: [], rejected: [], causes: [2])))
        #expect(first != second && inspections.count == 2)
        guard case .drawer(let drawer)? = inspections.take(second) else {
            Issue.record("the drawer")
            return
        }
        #expect(drawer.instanceID == "i2")
        #expect(inspections.take(second) == nil, "taken once")
        #expect(inspections.take(99) == nil, "never given")
    }

    @Test func onlyTheCausesAskedAboutAreAnswered() {
        var inspections = Inspections()
        _ = inspections.park(.request(Self.request(causes: [1, 2])))
        _ = inspections.park(.drawer(PendingDrawer(instanceID: "i2", candidates: [], rejected: [], causes: [3])))
        #expect(inspections.causes(among: [2, 3, 7]) == [2, 3])
    }
}
