import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The supervisor on its own: a launch waits for a hello signed with its token; ending a
/// process asks it first (notice, then SIGTERM, then SIGKILL) unless it never said hello;
/// an attached process is let go of, never signalled; crashes quarantine; shutdown stops.
@Suite struct SupervisorTests {
    static let t0 = Instant(milliseconds: 1_000_000)
    static let key = ProcessKey(device: "phone", app: "app")

    private var supervisor = Supervisor(
        apps: ["app": AppDescriptor(bundleID: "app", displayName: "App")], settings: HostSettings())
    private var outbox = Outbox(eventLogCapacity: 64)

    private mutating func launched(_ launchID: String = "l1") -> [HostAction] {
        self.supervisor.launch(
            Self.key, installID: "in", launchID: launchID, token: "token-\(launchID)", outbox: &self.outbox,
            now: Self.t0)
    }

    private func hello(launchID: String?, protocol version: Int = WireVersion.major, pid: Int? = nil) -> InboundHello {
        InboundHello(
            id: "x1", body: HelloBody(app: "app", protocol: version, pid: pid), launchID: launchID,
            signedWithAttachKey: false)
    }

    @Test mutating func aLaunchIsSpawnedTimedAndServesItsAppUntilItEnds() {
        let actions = self.launched()
        #expect(
            actions.contains(
                .launch(LaunchRequest(launchID: "l1", device: "phone", app: "app", installID: "in", token: "token-l1")))
        )
        #expect(
            actions.contains(
                .startTimer(
                    .launchTimeout(launchID: "l1"), at: Self.t0.adding(milliseconds: HostSettings().launchTimeoutMs))))
        #expect(self.supervisor.running(Self.key) == "l1")
        _ = self.supervisor.beginTermination("l1", reason: .idle, outbox: &self.outbox, now: Self.t0)
        #expect(self.supervisor.running(Self.key) == nil, "a process on its way out serves no more")
    }

    @Test mutating func onlyAHelloSignedWithAWaitingLaunchsTokenConnects() throws {
        var ids = SequentialIDGenerator()
        _ = self.launched()
        #expect(throws: WireError.self) {
            try self.supervisor.hello(
                self.hello(launchID: nil), route: [9], attachInstall: nil, ids: &ids, outbox: &self.outbox, now: Self.t0
            )
        }
        #expect(self.outbox.counters.byName["badTokens"] == 1)
        #expect(throws: WireError.self) {
            try self.supervisor.hello(
                self.hello(launchID: "l1", protocol: 99), route: [9], attachInstall: nil, ids: &ids,
                outbox: &self.outbox,
                now: Self.t0)
        }
        #expect(throws: WireError.self) {
            try self.supervisor.hello(
                self.hello(launchID: "l1", pid: 0), route: [9], attachInstall: nil, ids: &ids, outbox: &self.outbox,
                now: Self.t0)
        }
        let (process, actions) = try self.supervisor.hello(
            self.hello(launchID: "l1"), route: [9], attachInstall: nil, ids: &ids, outbox: &self.outbox, now: Self.t0)
        #expect(process.launchID == "l1" && self.supervisor.processes.process(route: [9])?.isConnected == true)
        #expect(actions.count == 2, "the reply and the event")
    }

    @Test mutating func aConnectedProcessIsAskedToLeaveThenSignalled() throws {
        var ids = SequentialIDGenerator()
        _ = self.launched()
        _ = try self.supervisor.hello(
            self.hello(launchID: "l1"), route: [9], attachInstall: nil, ids: &ids, outbox: &self.outbox, now: Self.t0)
        let ending = try #require(
            self.supervisor.beginTermination("l1", reason: .idle, outbox: &self.outbox, now: Self.t0))
        #expect(ending.failure.name == "extensionFailed")
        guard case .sendToExtension(let route, let notice) = ending.then.first else {
            Issue.record("the notice goes first")
            return
        }
        #expect(route == [9] && notice.header.type == "terminate")
        #expect(
            self.supervisor.beginTermination("l1", reason: .memory, outbox: &self.outbox, now: Self.t0) == nil,
            "ends once")
        let grace = Self.t0.adding(milliseconds: HostSettings().terminateGraceMs)
        #expect(
            self.supervisor.escalate("l1", .terminate, now: grace) == [
                .signal(launchID: "l1", .terminate),
                .startTimer(
                    .escalate(launchID: "l1", .kill), at: grace.adding(milliseconds: HostSettings().killGraceMs)),
            ])
        #expect(self.supervisor.processes["l1"]?.isUnderWay == true, "settle waits for its exit")
    }

    @Test mutating func aProcessThatNeverSaidHelloGetsSIGTERMStraightAway() throws {
        _ = self.launched()
        let ending = try #require(
            self.supervisor.beginTermination("l1", reason: .launchFailed, outbox: &self.outbox, now: Self.t0))
        #expect(ending.failure.name == "launchFailed")
        #expect(ending.then.first == .signal(launchID: "l1", .terminate))
        #expect(self.supervisor.forceKill("l1") == [.signal(launchID: "l1", .kill)])
    }

    @Test mutating func anAttachedProcessIsLetGoOfNeverSignalled() throws {
        var ids = SequentialIDGenerator()
        var app = AppDescriptor(bundleID: "app", displayName: "App")
        app.attachKey = "attach-secret"
        self.supervisor = Supervisor(apps: ["app": app], settings: HostSettings())
        var world = World()
        _ = try world.createPerson(handle: "amber", name: "Amber")
        _ = try world.createDevice(id: "phone", owner: "amber", platform: .ios17)
        _ = try world.install(app: "app", on: "phone", id: "in", at: Self.t0)
        let hello = InboundHello(
            id: "x1", body: HelloBody(app: "app", pid: 4242, attachDevice: "phone"), launchID: nil,
            signedWithAttachKey: true)
        let (process, _) = try self.supervisor.hello(
            hello, route: [5], attachInstall: world.install(device: "phone", app: "app"), ids: &ids,
            outbox: &self.outbox, now: Self.t0)
        #expect(process.attached && process.pid == 4242)
        #expect(self.supervisor.forceKill(process.launchID).isEmpty)
        _ = self.supervisor.beginTermination(process.launchID, reason: .idle, outbox: &self.outbox, now: Self.t0)
        #expect(self.supervisor.escalate(process.launchID, .terminate, now: Self.t0) == nil, "let go of, not signalled")
        #expect(self.supervisor.letGo(process.launchID) && self.supervisor.processes.ignoredRoutes.contains([5]))
    }

    @Test mutating func crashesWithinTheWindowQuarantineTheAppOnThatDevice() throws {
        var ids = SequentialIDGenerator()
        let settings = HostSettings()
        for index in 0..<settings.crashLimit {
            _ = self.launched("l\(index)")
            _ = try self.supervisor.hello(
                self.hello(launchID: "l\(index)"), route: [UInt8(index)], attachInstall: nil, ids: &ids,
                outbox: &self.outbox, now: Self.t0)
            let exited = try #require(
                self.supervisor.exited(
                    "l\(index)", status: "signal 11", needed: false, outbox: &self.outbox, now: Self.t0))
            #expect(exited.exit == .terminated(reason: .exitedByItself), "not needed: no crash")
            _ = self.supervisor.crashed(exited.process, outbox: &self.outbox, now: Self.t0)
        }
        #expect(throws: WireError.self) { try self.supervisor.requireNotQuarantined(device: "phone", app: "app") }
        #expect(!self.supervisor.lift(device: "phone", app: "app", outbox: &self.outbox, now: Self.t0).isEmpty)
        try self.supervisor.requireNotQuarantined(device: "phone", app: "app")
    }

    @Test mutating func shutdownEndsEveryProcessOnceAndStopsWhenNoneIsLeft() {
        _ = self.launched()
        #expect(self.supervisor.beginShutdown() == ["l1"])
        #expect(self.supervisor.beginShutdown() == nil)
        guard case .startTimer(.shutdownDeadline, _) = self.supervisor.shutdownUnderWay(now: Self.t0) else {
            Issue.record("a deadline")
            return
        }
        #expect(self.supervisor.shutdownDeadline() == [.signal(launchID: "l1", .kill)])
        let exited = self.supervisor.exited(
            "l1", status: "exit 0", needed: false, outbox: &self.outbox, now: Self.t0)
        #expect(exited.map { self.supervisor.afterExit($0, outbox: &self.outbox, now: Self.t0) } == [.stopped])
    }
}
