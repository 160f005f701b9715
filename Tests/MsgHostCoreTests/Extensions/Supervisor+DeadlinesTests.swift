import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The deadlines a process can miss, and the replies that answer the supervisor: a launch
/// timeout counts only while still launching; a response timeout only while that callback is
/// in flight; the notice's reply is a goodbye, the memory warning's is heard once.
@Suite struct SupervisorDeadlinesTests {
    static let t0 = Instant(milliseconds: 1_000_000)

    @Test func aMissedDeadlineIsLoggedOnlyWhileItStillStands() throws {
        var ids = SequentialIDGenerator()
        var supervisor = Supervisor(
            apps: ["app": AppDescriptor(bundleID: "app", displayName: "App")], settings: HostSettings())
        var outbox = Outbox(eventLogCapacity: 16)
        _ = supervisor.launch(
            ScreensCallbacksTests.key, installID: "in", launchID: "l1", token: "t", outbox: &outbox, now: Self.t0)
        #expect(supervisor.launchTimedOut("l1", outbox: &outbox, now: Self.t0) != nil)
        #expect(supervisor.launchTimedOut("nobody", outbox: &outbox, now: Self.t0) == nil)
        let hello = InboundHello(id: "x1", body: HelloBody(app: "app"), launchID: "l1", signedWithAttachKey: false)
        _ = try supervisor.hello(hello, route: [7], attachInstall: nil, ids: &ids, outbox: &outbox, now: Self.t0)
        #expect(supervisor.launchTimedOut("l1", outbox: &outbox, now: Self.t0) == nil, "it said hello in time")

        var screens = Screens()
        screens.add(
            Instance(
                id: "i1", launchID: "l1", device: "amber-phone", conversation: "ab", app: "app", installID: "in",
                context: .messages, style: .compact))
        supervisor.processes.adopt("i1", by: "l1")
        let queued = screens.enqueue([(.touch, .ok)], on: "i1", causes: [])
        #expect(queued)
        _ = screens.pump("i1", over: supervisor.connection("l1"), outbox: &outbox, now: Self.t0)
        let inFlight = try #require(screens["i1"]?.callbacks.inFlight)
        let process = try #require(supervisor.processes["l1"])
        #expect(screens.instance(inFlight: "other", of: process) == nil, "no instance has it in flight: no timeout")
        let instance = try #require(screens.instance(inFlight: inFlight.id, of: process))
        #expect(supervisor.unresponsive("gone", instance: instance, outbox: &outbox, now: Self.t0) == nil)
        #expect(supervisor.unresponsive("l1", instance: instance, outbox: &outbox, now: Self.t0)?.0.launchID == "l1")
        #expect(outbox.events.records.filter { $0.kind == "launchTimedOut" || $0.kind == "unresponsive" }.count == 2)
    }

    @Test func theNoticeAndTheMemoryWarningAreTheSupervisors() throws {
        var ids = SequentialIDGenerator()
        var supervisor = Supervisor(
            apps: ["app": AppDescriptor(bundleID: "app", displayName: "App")], settings: HostSettings())
        var outbox = Outbox(eventLogCapacity: 16)
        _ = supervisor.launch(
            ScreensCallbacksTests.key, installID: "in", launchID: "l1", token: "t", outbox: &outbox, now: Self.t0)
        let hello = InboundHello(id: "x1", body: HelloBody(app: "app"), launchID: "l1", signedWithAttachKey: false)
        _ = try supervisor.hello(hello, route: [7], attachInstall: nil, ids: &ids, outbox: &outbox, now: Self.t0)
        supervisor.processes["l1"]?.memory.warningID = "h5"
        let process = try #require(supervisor.processes["l1"])
        guard case .memoryWarning = supervisor.answered("h5", by: process) else {
            Issue.record("the warning was heard")
            return
        }
        #expect(
            supervisor.answered("h5", by: process) == nil && supervisor.answered("h6", by: process) == nil,
            "heard once; others are callbacks'")
        let ending = try #require(supervisor.beginTermination("l1", reason: .idle, outbox: &outbox, now: Self.t0))
        guard case .sendToExtension(_, let notice) = ending.then.first else {
            Issue.record("the notice goes first")
            return
        }
        guard case .goodbye(attached: false) = supervisor.answered(notice.header.id, by: process) else {
            Issue.record("a goodbye")
            return
        }
    }
}
