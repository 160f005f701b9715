@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// What the host owes control clients: waiters taken in order when done, `settle` requests
/// answered together, followers capped with the oldest let go first, fresh causes.
@Suite struct ControlSessionsTests {
    static func waiter(_ id: String, causes: Set<Int>) -> Waiter {
        Waiter(client: [1], requestID: id, answer: .result(.empty), causes: causes, instances: [])
    }

    @Test func waitersAreTakenInOrderWhenDoneAndTheOthersKept() {
        var sessions = ControlSessions()
        for (id, cause) in [("a", 1), ("b", 2), ("c", 3)] { sessions.wait(Self.waiter(id, causes: [cause])) }
        let done = sessions.takeWaiters { $0.causes != [2] }
        #expect(done.map(\.requestID) == ["a", "c"])
        #expect(sessions.waiters.map(\.requestID) == ["b"])
    }

    @Test func settleRequestsAreAnsweredTogetherOnce() {
        var sessions = ControlSessions()
        sessions.waitForSettle(ControlRequestRef(client: [1], requestID: "s1"))
        sessions.waitForSettle(ControlRequestRef(client: [2], requestID: "s2"))
        #expect(sessions.takeSettleWaiters().map(\.requestID) == ["s1", "s2"])
        #expect(sessions.takeSettleWaiters().isEmpty)
    }

    @Test func followersAreCappedAndTheOldestGoesFirst() {
        var sessions = ControlSessions()
        for n in 0...ControlSessions.maxSubscribers { sessions.subscribe(ControlRequestRef(client: [UInt8(n)], requestID: "f\(n)")) }
        #expect(sessions.subscribers.count == ControlSessions.maxSubscribers)
        #expect(sessions.subscribers.first?.requestID == "f1", "f0, the oldest, was let go")
        sessions.subscribe(ControlRequestRef(client: [5], requestID: "again"))
        #expect(sessions.subscribers.count == ControlSessions.maxSubscribers, "a client follows once")
        #expect(sessions.subscribers.last == ControlRequestRef(client: [5], requestID: "again"))
    }

    @Test func everyControlRequestGetsItsOwnCause() {
        var sessions = ControlSessions()
        let first = sessions.newCause()
        #expect(sessions.newCause() == first + 1)
    }
}
