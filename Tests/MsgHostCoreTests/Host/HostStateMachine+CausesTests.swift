import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What a control reply waits for (PROTOCOL.md §7, "Settled"): every callback the request
/// caused, transitively through the extension's requests, and nothing it did not cause; and
/// touches arming sends when they reach the view (§4.5).
@Suite struct HostStateMachineCausesTests {
    @Test func aTouchWaitsForTheCallbacksOfTheSendItsHandlerMade() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let (id, touched) = h.control(.user(.touch(TouchRequest(device: HostHarness.amberPhone))))
        let touch = try #require(touched.callbacks.first)
        #expect(touched.controlReplies.isEmpty)
        // The handler sends before it returns: the send's `didStartSending` is queued behind
        // the touch and carries the touch's cause.
        let sent = h.send(instance: instance)
        #expect(sent.extensionReplies.first?.isOK == true)
        let acked = h.ack(touch)
        #expect(acked.controlReplies.isEmpty, "didStartSending, caused by the touch, is not acknowledged yet")
        let started = try #require(acked.callbacks.first)
        #expect(started.header.type == CallbackType.didStartSending.rawValue)
        let done = h.ack(started)
        #expect(done.controlReplies.map(\.header.replyTo) == [id])
    }

    @Test func aReplyDoesNotWaitForCallbacksItDidNotCause() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let (_, first) = h.control(.user(.touch(TouchRequest(device: HostHarness.amberPhone))))
        #expect(first.callbacks.count == 1, "the first touch is in flight, unacknowledged")
        // `transcript` causes no callback: it is answered at once, busy extension or not.
        let reply = try h.controlReply(
            .observation(
                .transcript(TranscriptRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation))))
        #expect(reply.isOK)
    }

    @Test func touchesQueuedBehindABusyHandlerEachArmOneSend() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let (_, first) = h.control(.user(.touch(TouchRequest(device: HostHarness.amberPhone))))
        let (_, second) = h.control(.user(.touch(TouchRequest(device: HostHarness.amberPhone))))
        #expect(second.callbacks.isEmpty, "queued behind the first")
        #expect(h.send(instance: instance).extensionReplies.first?.isOK == true)
        #expect(
            h.send(instance: instance).extensionReplies.first?.error?.isMessages(.sendWithoutRecentInteraction) == true,
            "the second touch has not reached the view yet")
        let next = h.ack(try #require(first.callbacks.first))
        let secondTouch = try #require(next.callbacks.first { $0.header.type == CallbackType.touch.rawValue })
        #expect(
            h.send(instance: instance).extensionReplies.first?.isOK == true,
            "the second touch armed a send when it was delivered")
        _ = h.ack(secondTouch)
    }

    @Test func aRequestNamingAResignedInstanceIsNotVisible() throws {
        var settings = HostSettings()
        settings.idleGraceMs = 10
        var h = try HostHarness(settings: settings)
        let instance = try h.openConnected()
        let (_, closed) = h.control(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        let resigned = h.ackAll(from: closed).actions
        let idle = try #require(resigned.timers.first { if case .idle = $0.0 { true } else { false } })
        let terminating = h.fire(idle.0, at: idle.1)
        #expect(terminating.callbacks.map(\.header.type) == [CallbackType.terminate.rawValue])
        let late = h.fromExtension(RequestType.sendText.rawValue, TextRequestBody(instance: instance, text: "bye"))
        #expect(late.extensionReplies.first?.error?.isMessages(.sendWhileNotVisible) == true)
        let stranger = h.fromExtension(RequestType.sendText.rawValue, TextRequestBody(instance: "i404", text: "bye"))
        #expect(stranger.extensionReplies.first?.error?.isProtocol(.unknownInstance) == true)
    }

    @Test func advanceClockOutsideItsRangeIsInvalidAndNothingTraps() throws {
        var settings = HostSettings()
        settings.manualClock = true
        var h = try HostHarness(settings: settings)
        for value in [Int64.max, -1, ControlRange.advanceClockMs.range.upperBound + 1] {
            let reply = try h.controlReply(.supervision(.advanceClock(AdvanceClockRequest(milliseconds: value))))
            #expect(reply.error?.isControl(.invalidRequest) == true)
            #expect(reply.error?.description.contains("milliseconds") == true)
        }
        let ok = try h.controlReply(
            .supervision(.advanceClock(AdvanceClockRequest(milliseconds: ControlRange.advanceClockMs.range.upperBound)))
        )
        #expect(ok.isOK)
    }

    /// An extension can say hello before the shell reports its spawn. Its hello's pid is not
    /// taken (it is the extension's word), and `open` waits for the report, so that `status`
    /// right after it names the process the daemon started.
    @Test func openWaitsForTheSpawnReportAndStatusNeverShowsTheHellosPid() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        let hello = h.hello()  // claims pid 777
        let acked = h.ackAll(from: hello).actions
        #expect(!acked.controlReplies.contains { $0.header.replyTo == openID }, "the spawn is not reported yet")
        let status = try h.controlReply(.observation(.status)).result(StatusResult.self)
        #expect(status.extensions.first?.pid == nil, "not the pid the hello claimed")
        let started = h.processStarted(pid: 4_321)
        #expect(started.controlReplies.contains { $0.header.replyTo == openID && $0.isOK })
        #expect(try h.controlReply(.observation(.status)).result(StatusResult.self).extensions.first?.pid == 4_321)
    }
}
