import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the per-instance callback queue (SPEC §3, PROTOCOL §4.3): callbacks go one at a
/// time, the next only after the extension acknowledged the previous; cold start is
/// willBecomeActive → didBecomeActive → viewWillAppear → viewDidAppear and close is
/// viewWillDisappear → viewDidDisappear → willResignActive → didResignActive; the control
/// request that caused them is answered only after the last acknowledgement.
@Suite struct HostStateMachineCallbacksTests {
    static let coldStart = ["willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear"]
    static let resign = ["viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive"]

    @Test func helloWithTheLaunchTokenIsAnsweredOkSignedThenTheFirstCallbackOnly() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        let actions = h.hello(id: "hello-1")

        let replyFrames = try #require(actions.extensionFrames.first)
        let reply = try ReceivedFrames(replyFrames)
        #expect(reply.header.type == "reply")
        #expect(reply.header.replyTo == "hello-1")
        #expect(reply.verify(key: h.token))
        #expect(reply.envelope.isOK)
        #expect(try reply.envelope.decodeBody(HelloResult.self).protocol == 1)

        #expect(actions.callbacks.map(\.header.type) == ["willBecomeActive"])
        #expect(actions.controlReplies.filter { $0.header.replyTo == openID }.isEmpty)
        let callback = try #require(actions.extensionFrames.last)
        #expect(try ReceivedFrames(callback).verify(key: h.token), "callbacks are signed with the launch token")
        let launchID = h.launchID
        #expect(actions.timers.contains { if case .responseTimeout(launchID, _) = $0.0 { true } else { false } })
    }

    @Test func coldStartCallbacksGoOneAtATimeAndOpenIsAnsweredAfterTheLastAck() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        _ = h.processStarted()
        var pending = h.hello().callbacks
        var seen: [String] = []
        while let callback = pending.first {
            #expect(pending.count == 1)
            seen.append(callback.header.type)
            let next = h.ack(callback)
            let openReplies = next.controlReplies.filter { $0.header.replyTo == openID }
            if seen.count < 4 {
                #expect(openReplies.isEmpty, "open answered after only \(seen)")
            } else {
                let reply = try #require(openReplies.first)
                let result = try reply.result(OpenResult.self)
                #expect(result.instance == callback.instance)
                #expect(result.presentationStyle == .compact)
            }
            pending = next.callbacks
        }
        #expect(seen == Self.coldStart)
    }

    @Test func activationCallbacksCarryTheInstallScopedConversation() throws {
        var h = try HostHarness()
        _ = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        let hello = h.hello()
        let first = try #require(hello.callbacks.first)
        let body = try first.decodeBody(ActivationBody.self)
        #expect(body.presentationStyle == .compact)
        #expect(body.presentationContext == .messages)
        #expect(body.conversation.selectedMessage == nil)
        let install = try #require(h.machine.world.install(device: HostHarness.amberPhone, app: HostHarness.app))
        let scoped = try #require(h.machine.world.participants[install.id])
        #expect(body.conversation.localParticipantIdentifier == scoped[HostHarness.amber])
        #expect(body.conversation.remoteParticipantIdentifiers == [scoped[HostHarness.ben]!])
    }

    @Test func aSecondCallbackWaitsWhileOneIsUnacknowledged() throws {
        var h = try HostHarness()
        _ = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        let hello = h.hello()
        let first = try #require(hello.callbacks.first)
        // A request in between is answered, but sends no further callback.
        let unrelated = h.fromExtension("insertText", ["instance": first.instance ?? "", "text": "x"])
        #expect(unrelated.callbacks.isEmpty)
        let next = h.ack(first)
        #expect(next.callbacks.map(\.header.type) == ["didBecomeActive"])
    }

    @Test func closeSendsTheResignSequenceInOrderAndAnswersAfterTheLastAck() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let (closeID, closing) = h.control(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        #expect(closing.controlReplies.isEmpty)
        var pending = closing.callbacks
        var seen: [String] = []
        var closeReplies: [ControlMessage] = []
        while let callback = pending.first {
            #expect(pending.count == 1)
            #expect(closeReplies.isEmpty, "close answered before \(callback.header.type)")
            seen.append(callback.header.type)
            let next = h.ack(callback)
            closeReplies += next.controlReplies.filter { $0.header.replyTo == closeID }
            pending = next.callbacks
        }
        #expect(seen == Self.resign)
        #expect(closeReplies.count == 1)
        #expect(closeReplies.first?.isOK == true)
    }

    @Test func aReplyToNoCallbackInFlightIsCountedNotAnswered() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let actions = h.fromExtension("reply", ["status": "ok"], replyTo: "h999")
        #expect(actions.extensionFrames.isEmpty)
        #expect(h.machine.outbox.counters.byName["unexpectedReplies"] == 1)
        #expect(actions.events.last?.code == ProtocolErrorCode.unexpectedReply.rawValue)
    }

    @Test func anErrorReplyToACallbackIsRecordedAndTheQueueMovesOn() throws {
        var h = try HostHarness()
        _ = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        let hello = h.hello()
        let first = try #require(hello.callbacks.first)
        let failure = ErrorReply(.messages(.unknown, "handler threw"))
        let next = h.fromExtension("reply", failure, replyTo: first.header.id)
        #expect(next.events.contains { $0.kind == "callbackFailed" && $0.name == "willBecomeActive" })
        #expect(next.callbacks.map(\.header.type) == ["didBecomeActive"])
    }
}
