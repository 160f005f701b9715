import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down what the host does with extension frames (PROTOCOL §3.3, §4.2, §4.4, §4.5): hello
/// must come first and be signed with a pending launch's token (refusals are unsigned and the
/// connection is ignored after); established connections must sign every message and never
/// repeat a header id; direct send obeys 11 → 10 → 9 with one send per touch, and a good send
/// is persisted before it is acknowledged, with `didStartSending` after the reply.
@Suite struct HostStateMachineExtensionsTests {
    static let open = OpenRequest(
        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app)

    // MARK: hello

    @Test func helloWithAWrongTokenIsBadTokenUnsignedAndTheRouteIsIgnoredAfter() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        let actions = h.hello(key: Array("not-the-token".utf8), id: "hello-1")
        let frames = try #require(actions.extensionFrames.first)
        #expect(frames[1].isEmpty, "a refused hello is answered with an empty signature frame")
        let reply = try ReceivedFrames(frames).envelope
        #expect(reply.header.replyTo == "hello-1")
        #expect(reply.error?.isProtocol(.badToken) == true)
        #expect(actions.callbacks.isEmpty)

        let later = h.hello()
        #expect(later.isEmpty, "an ignored route gets no answer, even with the right token")
        #expect(h.machine.outbox.counters.byName["droppedFrames"] == 1)
        #expect(h.machine.outbox.counters.byName["badTokens"] == 1)
    }

    @Test(arguments: [0, -1, Int.min, Int(Int32.max) + 1, Int.max])
    func aHelloWithAPidOutOfRangeIsInvalidBody(pid: Int) throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        let hello = h.fromExtension(
            RequestType.hello.rawValue, HelloBody(app: HostHarness.app, pid: pid, sdk: "tests/1"), id: "hello-pid")
        let reply = try #require(hello.extensionReplies.first)
        #expect(reply.header.replyTo == "hello-pid")
        #expect(reply.error?.isProtocol(.invalidBody) == true && reply.error?.description.contains("pid") == true)
    }

    @Test func theRightTokenStillWorksFromAnotherRouteAfterABadOne() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        _ = h.hello(key: Array("not-the-token".utf8))
        h.route = Array("extension-2".utf8)
        let retry = h.hello()
        #expect(retry.extensionReplies.first?.isOK == true)
    }

    @Test func aFirstMessageOtherThanHelloIsHelloRequiredAndTheRouteIsIgnored() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        let actions = h.fromExtension(
            "sendMessage", MessageRequestBody(instance: "i1", message: MessageValue()), id: "first")
        let frames = try #require(actions.extensionFrames.first)
        #expect(frames[1].isEmpty)
        let reply = try ReceivedFrames(frames).envelope
        #expect(reply.header.replyTo == "first")
        #expect(reply.error?.isProtocol(.helloRequired) == true)
        let later = h.hello()
        #expect(later.isEmpty)
        #expect(h.machine.outbox.counters.byName["droppedFrames"] == 1)
    }

    @Test func aTokenIsGoodForOneHello() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        _ = h.hello()
        h.route = Array("extension-2".utf8)
        let second = h.hello()
        #expect(second.extensionReplies.first?.error?.isProtocol(.badToken) == true)
    }

    // MARK: Established connections

    @Test func aBadSignatureIsBadSignatureSignedWithTheToken() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let actions = h.fromExtension(
            "sendMessage", MessageRequestBody(instance: instance, message: MessageValue()), id: "forged",
            key: Array("wrong".utf8))
        let frames = try #require(actions.extensionFrames.first)
        let reply = try ReceivedFrames(frames)
        #expect(reply.verify(key: h.token))
        #expect(reply.header.replyTo == "forged")
        #expect(reply.envelope.error?.isProtocol(.badSignature) == true)
        #expect(h.machine.outbox.counters.byName["badSignatures"] == 1)
        #expect(actions.persisted.isEmpty)
    }

    @Test func aReplayedHeaderIDIsReplayedMessage() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let body = MessageRequestBody(instance: instance, message: MessageValue())
        let first = h.fromExtension("sendMessage", body, id: "same")
        #expect(first.extensionReplies.first?.error?.isMessages(.sendWithoutRecentInteraction) == true)
        let again = h.fromExtension("sendMessage", body, id: "same")
        #expect(again.extensionReplies.first?.error?.isProtocol(.replayedMessage) == true)
    }

    @Test func theHelloIDCannotBeReused() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        _ = h.hello(id: "hello-1")
        let again = h.fromExtension("dismiss", InstanceBody(instance: "i1"), id: "hello-1")
        #expect(again.extensionReplies.first?.error?.isProtocol(.replayedMessage) == true)
    }

    @Test func anUnknownTypeIsUnknownType() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let actions = h.fromExtension("teleport", ["instance": "i1"])
        let reply = try #require(actions.extensionReplies.first)
        #expect(reply.error?.isProtocol(.unknownType) == true)
        #expect(reply.error?.description.contains("teleport") == true)
    }

    @Test func anUnknownInstanceIsUnknownInstance() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        _ = h.touch()
        let reply = try h.sendReply(instance: "i999")
        #expect(reply.error?.isProtocol(.unknownInstance) == true)
    }

    @Test func insertTextStagesItInTheInputFieldAndSendsNothing() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let actions = h.fromExtension("insertText", ["instance": instance, "text": "hello"])
        let reply = try #require(actions.extensionReplies.first)
        #expect(reply.error == nil)
        let field = h.machine.world.inputField(device: HostHarness.amberPhone, conversation: HostHarness.conversation)
        #expect(field.staged?.content == .text("hello"))
        #expect(h.machine.world.storedMessages.isEmpty, "nothing leaves the device before the user taps Send")
    }

    @Test func requestingTheTranscriptStyleIsRefusedAndOtherStylesTransition() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let refused = h.fromExtension(
            "requestPresentationStyle", ["instance": instance, "presentationStyle": "transcript"])
        #expect(refused.extensionReplies.first?.error?.description.contains("transcript") == true)
        let accepted = h.fromExtension(
            "requestPresentationStyle", ["instance": instance, "presentationStyle": "expanded"])
        #expect(accepted.toExtension.map(\.header.type) == ["willTransition", "reply"])
    }

    // MARK: Direct send

    @Test func sendingBeforeATouchIsSendWithoutRecentInteraction() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let actions = h.send(instance: instance)
        let error = try #require(actions.extensionReplies.first?.error)
        #expect(error.isMessages(.sendWithoutRecentInteraction))
        #expect(error.code == 9)
        #expect(error.name == "sendWithoutRecentInteraction")
        #expect(actions.persisted.isEmpty)
        #expect(actions.callbacks.isEmpty)
    }

    @Test func aTouchedSendIsPersistedThenAcknowledgedThenDidStartSending() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.touch()
        let sent = MessageValue(
            url: "myapp://x", session: "S", summaryText: "hi", isPending: true, senderParticipantIdentifier: "FORGED")
        let actions = h.send(sent, instance: instance)

        let persistAt = try #require(actions.firstIndex { if case .persist = $0 { true } else { false } })
        let replyAt = try #require(actions.firstIndex { if case .sendToExtension = $0 { true } else { false } })
        #expect(persistAt < replyAt, "the send must be durable before it is acknowledged")
        guard case .messageStored(let stored) = actions.persisted.first else {
            Issue.record("the first change should be the stored message, got \(actions.persisted)")
            return
        }
        #expect(stored.sender == HostHarness.amber)
        #expect(stored.message?.url == nil)

        let envelopes = actions.toExtension
        #expect(envelopes.map(\.header.type) == ["reply", "didStartSending"])
        let reply = try envelopes[0].decodeBody(SendMessageResult.self).message
        let install = try #require(h.machine.world.install(device: HostHarness.amberPhone, app: HostHarness.app))
        #expect(reply.senderParticipantIdentifier == h.machine.world.participants[install.id]?[HostHarness.amber])
        #expect(reply.isPending == false)
        #expect(reply.url == nil)
        #expect(reply.session == "S")
        let didStart = try envelopes[1].decodeBody(MessageCallbackBody.self)
        #expect(didStart.instance == instance)
        #expect(didStart.message == reply)

        for device in [HostHarness.amberPhone, HostHarness.benPhone] {
            #expect(
                try h.machine.world.transcript(device: device, conversation: HostHarness.conversation).map(\.id) == [
                    stored.id
                ])
        }
    }

    @Test func oneTouchAllowsOneSend() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.touch()
        let first = h.send(instance: instance)
        #expect(first.extensionReplies.first?.isOK == true)
        _ = h.ackAll(from: first)
        let second = h.send(instance: instance)
        #expect(second.extensionReplies.first?.error?.isMessages(.sendWithoutRecentInteraction) == true)
        #expect(second.persisted.isEmpty)
    }

    @Test func aTouchOlderThanTheWindowIsNotRecent() throws {
        var settings = HostSettings()
        settings.interactionWindowMs = 100
        var h = try HostHarness(settings: settings)
        let instance = try h.openConnected()
        _ = h.touch()
        h.advance(milliseconds: 100)
        let stale = h.send(instance: instance)
        #expect(
            stale.extensionReplies.first?.error?.isMessages(.sendWithoutRecentInteraction) == true,
            "exactly the window old is not younger than it")
        _ = h.touch()
        h.advance(milliseconds: 99)
        let fresh = h.send(instance: instance)
        #expect(fresh.extensionReplies.first?.isOK == true)
    }

    @Test func aRefusedSendConsumesNothing() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.touch()
        let tooLong = MessageValue(url: "https://x/" + String(repeating: "a", count: 5_000))
        let refused = h.send(tooLong, instance: instance)
        #expect(refused.extensionReplies.first?.error?.isMessages(.urlExceedsMaxSize) == true)
        let next = h.send(instance: instance)
        #expect(next.extensionReplies.first?.isOK == true)
    }

    @Test func sendingOnceTheInstanceStartedToResignIsSendWhileNotVisible() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.touch()
        let (_, closing) = h.control(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        #expect(closing.callbacks.first?.header.type == "viewWillDisappear")
        let actions = h.send(instance: instance)
        let error = try #require(actions.extensionReplies.first?.error)
        #expect(error.isMessages(.sendWhileNotVisible))
        #expect(error.code == 10)
    }

    @Test func sendingFromAMediaContextAppIsAPIUnavailableEvenWhenTouched() throws {
        var h = try HostHarness()
        let instance = try h.openConnected(app: HostHarness.mediaApp)
        let untouchedSend = h.send(instance: instance)
        let untouched = try #require(untouchedSend.extensionReplies.first?.error)
        #expect(untouched.isMessages(.apiUnavailableInPresentationContext), "11 comes before 9")
        _ = h.touch()
        let touchedSend = h.send(instance: instance)
        let touched = try #require(touchedSend.extensionReplies.first?.error)
        #expect(touched.code == 11)
    }
}
