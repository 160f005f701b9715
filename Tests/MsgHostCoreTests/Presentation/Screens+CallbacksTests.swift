import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Sending an instance's callbacks: nothing goes before its process says hello; then one at a
/// time, in order, each with its response timer, carrying the causes it was queued with;
/// only the id in flight acknowledges it; an emptied queue lets the process idle.
@Suite struct ScreensCallbacksTests {
    static let t0 = Instant(milliseconds: 1_000_000)
    static let key = ProcessKey(device: "amber-phone", app: "app")

    private var screens = Screens()
    private var supervisor = Supervisor(
        apps: ["app": AppDescriptor(bundleID: "app", displayName: "App")], settings: HostSettings())
    private var outbox = Outbox(eventLogCapacity: 64)

    /// An instance of a launched process, not yet connected.
    private mutating func instance() {
        _ = self.supervisor.launch(
            Self.key, installID: "in", launchID: "l1", token: "token", outbox: &self.outbox, now: Self.t0)
        self.screens.add(
            Instance(
                id: "i1", launchID: "l1", device: "amber-phone", conversation: "ab", app: "app", installID: "in",
                context: .messages, style: .compact))
        self.supervisor.processes.adopt("i1", by: "l1")
    }

    private mutating func connect() throws {
        var ids = SequentialIDGenerator()
        let hello = InboundHello(id: "x1", body: HelloBody(app: "app"), launchID: "l1", signedWithAttachKey: false)
        _ = try self.supervisor.hello(
            hello, route: [7], attachInstall: nil, ids: &ids, outbox: &self.outbox, now: Self.t0)
    }

    /// Queues and sends as the machine does: over the connection the supervisor gives.
    private mutating func enqueue(_ types: [CallbackType], causes: Set<Int> = []) -> Screens.Pumped {
        let queued = self.screens.enqueue(types.map { ($0, OutboundBody.ok) }, on: "i1", causes: causes)
        #expect(queued)
        return self.pump()
    }

    private mutating func pump() -> Screens.Pumped {
        self.screens.pump("i1", over: self.supervisor.connection("l1"), outbox: &self.outbox, now: Self.t0)
    }

    private static func sent(_ pumped: Screens.Pumped) -> [String] {
        guard case .sent(let actions) = pumped else { return [] }
        return actions.compactMap {
            if case .sendToExtension(_, let message) = $0 { message.header.type } else { nil }
        }
    }

    @Test mutating func nothingGoesBeforeTheHelloThenOneAtATimeInOrder() throws {
        self.instance()
        #expect(
            self.enqueue([.willBecomeActive, .didBecomeActive], causes: [4]) == .waiting,
            "its process has not said hello")
        try self.connect()
        let first = self.pump()
        #expect(Self.sent(first) == ["willBecomeActive"])
        guard case .sent(let firstActions) = first else { return }
        #expect(
            firstActions.contains {
                if case .startTimer(.responseTimeout(launchID: "l1", _), let at) = $0 {
                    at == Self.t0.adding(milliseconds: HostSettings().responseTimeoutMs)
                } else {
                    false
                }
            })
        #expect(self.screens.causes(among: [4]) == [4], "the causes ride with the callbacks")
        #expect(self.pump() == .waiting, "one in flight")
        let process = try #require(self.supervisor.processes["l1"])
        let inFlight = try #require(self.screens["i1"]?.callbacks.inFlight)
        #expect(self.screens.instance(inFlight: inFlight.id, of: process)?.id == "i1")
        #expect(self.screens.acknowledge("not-in-flight", from: process) == nil)
        #expect(self.screens.acknowledge(inFlight.id, from: process)?.callback.type == .willBecomeActive)
        #expect(Self.sent(self.pump()) == ["didBecomeActive"])
    }

    @Test mutating func anEmptiedQueueLetsAnUnneededProcessIdle() throws {
        self.instance()
        try self.connect()
        self.screens["i1"]?.phase = .resigning
        #expect(self.pump() == .emptied(launchID: "l1"))
        #expect(self.screens["i1"]?.phase == .resigned, "its last callback was acknowledged")
        let process = try #require(self.supervisor.processes["l1"])
        #expect(!self.screens.needs(process), "a resigned instance with nothing queued needs no process")
        let idle = self.supervisor.goIdleIfUnneeded("l1", needed: false, now: Self.t0)
        #expect(idle.contains { if case .startTimer(.idle(launchID: "l1", _), _) = $0 { true } else { false } })
        #expect(self.supervisor.goIdleIfUnneeded("l1", needed: true, now: Self.t0).isEmpty)
    }
}
