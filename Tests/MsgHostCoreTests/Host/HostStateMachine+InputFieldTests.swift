import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the user's side of the input field (SPEC §4, PROTOCOL §4.6, §7): typed text and
/// the staged item leave the device only on `send` (the staged item first, then the text),
/// `send` with nothing there is invalidState, `cancel` drops only the staged item; the
/// instance that staged a message gets `didStartSending` on send and `didCancelSending` on
/// cancel (MSMessages only, and only while it is active).
@Suite struct HostStateMachineInputFieldTests {
    static let view = InputFieldRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation)

    static func field(_ h: HostHarness) -> InputField {
        h.machine.world.inputField(device: HostHarness.amberPhone, conversation: HostHarness.conversation)
    }

    static func stored(_ actions: [HostAction]) -> [StoredMessage] {
        actions.persisted.compactMap { if case .messageStored(let message) = $0 { message } else { nil } }
    }

    static func type(_ text: String, _ h: inout HostHarness) throws {
        let reply = try h.controlReply(
            .user(
                .typeText(
                    TypeTextRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation, text: text))
            ))
        #expect(reply.isOK)
    }

    /// Amber's app is open and has staged a message; returns the instance.
    static func staged(_ h: inout HostHarness, summary: String = "draft") throws -> String {
        let instance = try h.open(on: HostHarness.amberPhone)
        let message = MessageValue(url: "https://example.com/d", summaryText: summary)
        #expect(
            h.request(.insertMessage, MessageRequestBody(instance: instance, message: message), from: instance)
                .extensionReplies.first?.isOK == true)
        return instance
    }

    @Test func typedTextIsSentOnSendAndTheFieldIsEmptiedDurably() throws {
        var h = try HostHarness()
        try Self.type("hello", &h)
        #expect(Self.field(h).text == "hello")
        #expect(h.machine.world.storedMessages.isEmpty, "typing sends nothing")
        let (reply, actions) = try h.user(.user(.send(Self.view)))
        #expect(reply.isOK)
        #expect(Self.stored(actions).map(\.content) == [.text("hello")])
        #expect(Self.stored(actions).first?.app == nil)
        #expect(
            actions.persisted.contains(
                .inputFieldChanged(device: HostHarness.amberPhone, conversation: HostHarness.conversation, InputField())
            ))
        #expect(Self.field(h).isEmpty)
        let onBens = try #require(try h.transcript(HostHarness.benPhone).last)
        #expect(onBens.kind == "text" && onBens.text == "hello" && onBens.senderName == "Amber")
    }

    @Test func sendingAnEmptyFieldIsInvalidStateAndSendsNothing() throws {
        var h = try HostHarness()
        let (_, empty) = h.control(.user(.send(Self.view)))
        #expect(empty.controlReplies.first?.error?.isControl(.invalidState) == true)
        try Self.type("", &h)
        let (_, stillEmpty) = h.control(.user(.send(Self.view)))
        #expect(stillEmpty.controlReplies.first?.error?.isControl(.invalidState) == true)
        #expect(stillEmpty.persisted.isEmpty)
        #expect(h.machine.world.storedMessages.isEmpty)
    }

    @Test func cancellingWithNothingStagedIsInvalidState() throws {
        var h = try HostHarness()
        try Self.type("just text", &h)
        #expect(try h.controlReply(.user(.cancel(Self.view))).error?.isControl(.invalidState) == true)
        #expect(Self.field(h).text == "just text")
    }

    @Test func sendGoesOutStagedItemFirstThenTextAndTellsTheInstanceAfterwards() throws {
        var h = try HostHarness()
        let instance = try Self.staged(&h)
        try Self.type("and hi", &h)
        let (id, raw) = h.control(.user(.send(Self.view)))
        #expect(raw.controlReplies.isEmpty, "send is answered once didStartSending is acknowledged")
        let actions = h.settle(raw)
        #expect(actions.controlReplies.first { $0.header.replyTo == id }?.isOK == true)
        let stored = Self.stored(actions)
        #expect(stored.map(\.content.kindName) == ["message", "text"])
        #expect(
            stored.first?.app == HostHarness.app && stored.first?.senderInstall == h.installID(HostHarness.amberPhone))
        #expect(try h.transcript(HostHarness.benPhone).map(\.kind) == ["message", "text"])
        #expect(actions.callbackTypes(of: instance) == ["didStartSending"])
        let started = try #require(actions.callbacks.first).decodeBody(MessageCallbackBody.self)
        #expect(started.message.summaryText == "draft")
        #expect(started.message.isPending == false)
        #expect(
            started.message.senderParticipantIdentifier
                == h.identifier(of: HostHarness.amber, on: HostHarness.amberPhone))
        #expect(Self.field(h).isEmpty)
    }

    @Test func cancelDropsTheStagedMessageKeepsTheTextAndTellsTheInstance() throws {
        var h = try HostHarness()
        try Self.type("keep me", &h)
        let instance = try Self.staged(&h)
        let (reply, actions) = try h.user(.user(.cancel(Self.view)))
        #expect(reply.isOK)
        #expect(actions.callbackTypes(of: instance) == ["didCancelSending"])
        let cancelled = try #require(actions.callbacks.first).decodeBody(MessageCallbackBody.self)
        #expect(cancelled.message.summaryText == "draft")
        #expect(cancelled.message.isPending == true)
        #expect(Self.field(h) == InputField(text: "keep me"))
        #expect(h.machine.world.storedMessages.isEmpty)
        #expect(actions.events.contains { $0.kind == "cancelled" })
    }

    @Test func stagedTextAndStickersGetNoSendingCallbacks() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = h.request(.insertText, TextRequestBody(instance: instance, text: "staged"), from: instance)
        let (_, sent) = try h.user(.user(.send(Self.view)))
        #expect(Self.stored(sent).map(\.content) == [.text("staged")])
        #expect(sent.callbacks.isEmpty, "didStartSending is for MSMessages only")
        let parked = h.request(
            .insertSticker,
            StickerRequestBody(
                instance: instance, sticker: StickerValue(url: "file:///s.png", localizedDescription: "s")),
            from: instance)
        _ = try h.answerFiles(in: parked, [.accepted(HostHarness.storedFile("s"))])
        let (_, cancelled) = try h.user(.user(.cancel(Self.view)))
        #expect(cancelled.callbacks.isEmpty)
        #expect(Self.field(h).staged == nil)
    }

    @Test func aMessageStagedByAnAppThatHasSinceClosedIsStillSentWithoutCallbacks() throws {
        var h = try HostHarness()
        _ = try Self.staged(&h)
        #expect(try h.user(.user(.close(DeviceRequest(device: HostHarness.amberPhone)))).reply.isOK)
        let (reply, actions) = try h.user(.user(.send(Self.view)))
        #expect(reply.isOK)
        #expect(Self.stored(actions).map(\.content.kindName) == ["message"])
        #expect(actions.callbacks.isEmpty)
    }

    @Test func theInputFieldShowsTheStagedMessageAsPendingAsOfWhenItWasStaged() throws {
        var h = try HostHarness()
        let stagedAt = h.now
        _ = try Self.staged(&h)
        h.advance(milliseconds: 500)
        let result = try h.controlReply(.user(.inputField(Self.view))).result(InputFieldResult.self)
        let staged = try #require(result.staged)
        #expect(result.text == "")
        #expect(staged.kind == "message" && staged.message?.isPending == true)
        #expect(staged.rendered?.summaryText == "draft")
        #expect(staged.sentAt == stagedAt.milliseconds)
    }
}
