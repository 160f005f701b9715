import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What the host owes control clients: waiters taken in order when done, `settle` requests
/// answered together, followers capped with the oldest let go first, fresh causes.
@Suite struct ControlSessionsTests {
    static func waiter(_ id: String, causes: Set<Int>, instances: Set<String> = []) -> Waiter {
        Waiter(client: [1], requestID: id, answer: .result(.empty), causes: causes, instances: instances)
    }

    @Test func aWaiterIsKeptOnlyWhileWhatItCausedIsUnderWay() {
        var sessions = ControlSessions()
        let now = sessions.keep(Self.waiter("now", causes: [1]), outstanding: [2], unreported: [])
        let a = sessions.keep(Self.waiter("a", causes: [1]), outstanding: [1], unreported: [])
        let b = sessions.keep(Self.waiter("b", causes: [2], instances: ["i1"]), outstanding: [], unreported: ["i1"])
        #expect(!now, "nothing of its own under way")
        #expect(a && b, "b waits for a launch not reported yet")
        #expect(sessions.waiters.map(\.requestID) == ["a", "b"])
        #expect(sessions.awaited.causes == [1, 2] && sessions.awaited.instances == ["i1"])
    }

    @Test func waitersAreTakenInOrderWhenDoneAndTheOthersKept() {
        var sessions = ControlSessions()
        for (id, cause) in [("a", 1), ("b", 2), ("c", 3)] {
            _ = sessions.keep(Self.waiter(id, causes: [cause]), outstanding: [cause], unreported: [])
        }
        let done = sessions.takeAnswerable(outstanding: [2], unreported: [])
        #expect(done.map(\.requestID) == ["a", "c"])
        #expect(sessions.waiters.map(\.requestID) == ["b"])
    }

    @Test func losingAnInstanceFailsOnlyTheRequestsWhoseCallbacksItStillCarried() {
        var sessions = ControlSessions()
        _ = sessions.keep(Self.waiter("acted", causes: [1], instances: ["i1"]), outstanding: [1], unreported: [])
        _ = sessions.keep(Self.waiter("elsewhere", causes: [1], instances: ["i2"]), outstanding: [1], unreported: [])
        var instance = Instance(
            id: "i1", launchID: "l", device: "d", conversation: "c", app: "a", installID: "in", context: .messages,
            style: .compact)
        let none = sessions.takeFailed(by: instance)
        #expect(none.isEmpty, "no callback of theirs is there")
        instance.callbacks.append([CallbackQueue.Callback(type: .touch, body: .ok, causes: [1])])
        let failed = sessions.takeFailed(by: instance)
        #expect(failed.map(\.requestID) == ["acted"])
        #expect(sessions.waiters.map(\.requestID) == ["elsewhere"])
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
        for n in 0...ControlSessions.maxSubscribers {
            sessions.subscribe(ControlRequestRef(client: [UInt8(n)], requestID: "f\(n)"))
        }
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

/// What holds a reply back, read from the parts: a callback or a parked request carrying
/// one of its causes, or a launch of an instance it acted on that the shell has not reported.
@Suite struct ControlSessionsRepliesTests {
    @Test func aReplyWaitsForItsCausesAndItsUnreportedLaunches() {
        var screens = Screens()
        screens.add(ScreensTests.instance("i1"))
        screens["i1"]?.callbacks.append([CallbackQueue.Callback(type: .touch, body: .ok, causes: [1])])
        var supervisor = Supervisor(
            apps: ["app": AppDescriptor(bundleID: "app", displayName: "App")], settings: HostSettings())
        var outbox = Outbox(eventLogCapacity: 8)
        _ = supervisor.launch(
            ProcessKey(device: "amber-phone", app: "app"), installID: "in", launchID: "l", token: "t", outbox: &outbox,
            now: Instant(milliseconds: 0))
        var inspections = Inspections()
        _ = inspections.park(.drawer(PendingDrawer(instanceID: "i9", candidates: [], rejected: [], causes: [2])))
        let underWay = UnderWay(screens: screens, inspections: inspections, processes: supervisor.processes)
        #expect(underWay.causes(among: [1, 2, 3]) == [1, 2])
        #expect(underWay.unreportedLaunches(of: ["i1", "gone"]) == ["i1"], "launched, and no pid reported yet")

        // As the machine asks: what is under way holds a waiter back.
        func kept(_ waiter: Waiter, _ sessions: inout ControlSessions) -> Bool {
            sessions.keep(
                waiter, outstanding: underWay.causes(among: waiter.causes),
                unreported: underWay.unreportedLaunches(of: waiter.instances))
        }
        var sessions = ControlSessions()
        #expect(!kept(ControlSessionsTests.waiter("free", causes: [3]), &sessions))
        #expect(kept(ControlSessionsTests.waiter("held", causes: [2]), &sessions))
        #expect(kept(ControlSessionsTests.waiter("launch", causes: [], instances: ["i1"]), &sessions))
        let later = UnderWay(screens: Screens(), inspections: Inspections(), processes: ProcessTable())
        let awaited = sessions.awaited
        #expect(
            sessions.takeAnswerable(
                outstanding: later.causes(among: awaited.causes),
                unreported: later.unreportedLaunches(of: awaited.instances)
            ).map(\.requestID) == ["held", "launch"])
    }
}
