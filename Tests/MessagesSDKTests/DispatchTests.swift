import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// The SDK against an in-process host: callbacks reach the overrides in the host's order, on
/// the main thread, each acknowledged when its override returned.
@Suite(.serialized) struct DispatchTests {
    static let conversation = ConversationValue(
        localParticipantIdentifier: "7C1D2E3F-0000-4000-8000-000000000001",
        remoteParticipantIdentifiers: ["A4E05B6C-0000-4000-8000-000000000002"])

    /// A running extension with recording controllers, its host, and a way to stop it.
    struct Running {
        let host: FakeHost
        let recorder: Recorder
        let connection: HostConnection
        let exits: Locked<Int>
        let terminations: Locked<[String]>
        func stop() { self.connection.shutdown(lingerMs: 0) }
    }

    static func start(onTouch: @escaping @MainActor (RecordingController, JSONValue) -> Void = { _, _ in }) throws
        -> Running
    {
        try Self.start(making: { recorder in RecordingController(recorder, onTouch: onTouch) })
    }

    /// An extension whose controllers `make` makes, each given the recorder.
    static func start(making make: @escaping @MainActor @Sendable (Recorder) -> MSMessagesAppViewController) throws
        -> Running
    {
        let host = try FakeHost()
        let recorder = Recorder()
        let exits = Locked(0)
        let terminations = Locked<[String]>([])
        let environment = try host.environment
        let context = host.context
        let started = Background {
            try MSExtensionMain.start(
                environment: environment, context: context, makeController: { make(recorder) },
                willTerminate: { reason in terminations.withLock { $0.append(reason) } },
                exit: { exits.withLock { $0 += 1 } })
        }
        let hello = try host.answerHello()
        #expect(hello.app == "com.example.test" && hello.protocol == 1 && hello.sdk == MSExtensionMain.sdk)
        return Running(
            host: host, recorder: recorder, connection: try started.value(), exits: exits, terminations: terminations)
    }

    static func activation(_ style: PresentationStyle = .compact, selected: MessageValue? = nil) -> ActivationBody {
        var conversation = Self.conversation
        conversation.selectedMessage = selected
        return ActivationBody(
            instance: "i1", conversation: conversation, presentationStyle: style, presentationContext: .messages)
    }

    /// Sends a callback and expects its ack before anything else.
    @discardableResult
    static func call(_ host: FakeHost, _ type: CallbackType, _ body: some Encodable) throws -> Envelope {
        try host.expectAck(of: host.send(type.rawValue, body))
    }

    @Test func aWholeLifeInMessagesOrder() throws {
        let running = try Self.start()
        defer { running.stop() }
        let host = running.host
        let first = MessageValue(session: "S", summaryText: "first")
        let second = MessageValue(session: "S", summaryText: "second")
        let plain = InstanceBody(instance: "i1")
        try Self.call(host, .willBecomeActive, Self.activation())
        try Self.call(host, .didBecomeActive, Self.activation())
        try Self.call(host, .viewWillAppear, plain)
        try Self.call(host, .viewDidAppear, plain)
        try Self.call(host, .touch, TouchBody(instance: "i1", payload: .object(["x": .number(1)])))
        try Self.call(host, .willTransition, PresentationStyleBody(instance: "i1", presentationStyle: .expanded))
        try Self.call(
            host, .willSelect, MessageCallbackBody(instance: "i1", message: first, conversation: Self.conversation))
        var selecting = Self.conversation
        selecting.selectedMessage = first
        try Self.call(host, .didSelect, MessageCallbackBody(instance: "i1", message: first, conversation: selecting))
        try Self.call(host, .didTransition, PresentationStyleBody(instance: "i1", presentationStyle: .expanded))
        try Self.call(host, .willSelect, MessageCallbackBody(instance: "i1", message: second, conversation: selecting))
        try Self.call(host, .didReceive, MessageCallbackBody(instance: "i1", message: second, conversation: selecting))
        try Self.call(
            host, .didStartSending, MessageCallbackBody(instance: "i1", message: second, conversation: selecting))
        try Self.call(
            host, .didCancelSending, MessageCallbackBody(instance: "i1", message: second, conversation: selecting))
        for type in [CallbackType.viewWillDisappear, .viewDidDisappear] { try Self.call(host, type, plain) }
        try Self.call(host, .willResignActive, Self.activation())
        try Self.call(host, .didResignActive, Self.activation())
        #expect(
            running.recorder.calls == [
                "viewDidLoad", "willBecomeActive compact messages active=true", "didBecomeActive", "viewWillAppear",
                "viewDidAppear", "touch",
                "willTransition expanded from compact", "willSelect first selected=none",
                "didSelect first selected=first",
                "didTransition expanded now expanded", "willSelect second selected=first", "didReceive second",
                "didStartSending", "didCancelSending",
                "viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive",
            ])
        // The instance is gone: the next callback naming it gets a new controller.
        try Self.call(host, .willBecomeActive, Self.activation(.expanded))
        #expect(running.recorder.controllersMade == 2)
        #expect(running.recorder.calls.suffix(2) == ["viewDidLoad", "willBecomeActive expanded messages active=true"])
    }

    @Test func contentSizeIsAnsweredAndClamped() throws {
        let running = try Self.start()
        defer { running.stop() }
        let ack = try Self.call(
            running.host, .contentSizeThatFits,
            ContentSizeBody(instance: "t1", size: SizeValue(width: 300, height: 100)))
        #expect(try ack.decodeBody(ContentSizeResult.self).size == SizeValue(width: 150, height: 100))
        #expect(running.recorder.calls == ["viewDidLoad", "contentSizeThatFits 300x100"])
    }

    @Test func unknownCallbacksAreAnsweredOK() throws {
        let running = try Self.start()
        defer { running.stop() }
        try running.host.expectAck(of: running.host.send("didSomethingNew", ["instance": "i1", "future": "field"]))
        #expect(running.recorder.calls.isEmpty)
    }

    @Test func terminateCallsTheHookAnswersAndExits() throws {
        let running = try Self.start()
        defer { running.stop() }
        try Self.call(running.host, .terminate, TerminateBody(reason: "idle", graceMs: 1000))
        #expect(running.terminations.value == ["idle"])
        try running.host.expectSilence(ms: 100)
        #expect(running.exits.value == 1)
    }

    @Test func aMemoryWarningReachesEveryLiveControllerAndIsAnswered() throws {
        let running = try Self.start()
        defer { running.stop() }
        try Self.call(running.host, .willBecomeActive, Self.activation())
        try Self.call(
            running.host, .didReceiveMemoryWarning,
            MemoryWarningBody(residentBytes: 60 << 20, warningBytes: 48 << 20, limitBytes: 64 << 20))
        #expect(running.recorder.calls.last == "didReceiveMemoryWarning i1")
        #expect(running.exits.value == 0, "a warning is not the end")
    }

    @Test func aRefusedHelloIsReported() throws {
        let host = try FakeHost()
        let environment = try host.environment
        let context = host.context
        let started = Background {
            try MSExtensionMain.start(
                environment: environment, context: context, makeController: { MSMessagesAppViewController() },
                willTerminate: { _ in }, exit: {})
        }
        _ = try host.answerHello(refusing: .protocolError(.badToken, "no pending launch"))
        #expect(throws: LaunchError.self) { try started.value() }
    }
}
