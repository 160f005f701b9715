import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The control requests that look at the daemon itself (PROTOCOL.md §7.1) as the machine
/// handles them, and what it tells the shell's wire tap and metrics.
@Suite struct HostStateMachineObservationTests {
    @Test func wireTapMetricsAndFileAreHandedToTheShellAfterTheirBodiesAreChecked() throws {
        var h = try HostHarness()
        let (tapID, tap) = h.control(.observation(.wireTap))
        #expect(tap == [.serveControl(client: h.client, requestID: tapID, .wireTap)])
        let (metricsID, metrics) = h.control(.observation(.metrics))
        #expect(metrics == [.serveControl(client: h.client, requestID: metricsID, .metrics)])
        let url = "file:///var/lib/msghost/files/\(String(repeating: "a", count: 64)).png"
        let (fileID, file) = h.control(.observation(.file(FileRequest(url: url))))
        #expect(file == [.serveControl(client: h.client, requestID: fileID, .file(url: url))])

        let missing = try h.controlThroughCodec("file", "{}")
        #expect(missing.error?.isControl(.invalidRequest) == true && missing.error?.description.contains("url") == true)
        let long = try h.controlReply(
            .observation(.file(FileRequest(url: "file:///" + String(repeating: "x", count: 4096)))))
        #expect(long.error?.isControl(.invalidRequest) == true && long.error?.description.contains("4,096") == true)
    }

    @Test func heldListsWhatReleaseWouldDeliverInArrivalOrder() throws {
        var h = try HostHarness()
        #expect(
            try h.controlReply(.delivery(.delivery(DeliveryRequest(device: HostHarness.benPhone, hold: true)))).isOK)
        let (first, _) = try h.dispatch(MessageValue(summaryText: "one"))
        h.advance(milliseconds: 10)
        let (second, _) = try h.dispatch(.text("two"), app: nil)
        let held = try h.controlReply(.delivery(.held(DeviceRequest(device: HostHarness.benPhone)))).result(
            HeldResult.self)
        #expect(held.messages.map(\.id) == [first.id, second.id])
        #expect(held.messages.map(\.kind) == ["message", "text"])
        #expect(held.messages[1].text == "two" && held.messages[0].text == nil)
        #expect(
            held.messages.allSatisfy { $0.sender == HostHarness.amber && $0.conversation == HostHarness.conversation })
        #expect(held.messages[1].sentAt == held.messages[0].sentAt + 10)

        // Nothing is held for the sender's own phone; an unknown device is notFound.
        #expect(
            try h.controlReply(.delivery(.held(DeviceRequest(device: HostHarness.amberPhone)))).result(HeldResult.self)
                .messages.isEmpty)
        #expect(
            try h.controlReply(.delivery(.held(DeviceRequest(device: "nokia")))).error?.isControl(.notFound) == true)
        // Released, they are no longer held.
        _ = try h.user(.delivery(.release(ReleaseRequest(device: HostHarness.benPhone))))
        #expect(
            try h.controlReply(.delivery(.held(DeviceRequest(device: HostHarness.benPhone)))).result(HeldResult.self)
                .messages.isEmpty)
    }

    @Test func callbacksAreObservedWhenSentAndWhenAcknowledged() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        #expect(!opened.launches.isEmpty)
        _ = h.processStarted()
        let hello = h.hello()
        let callback = try #require(hello.callbacks.first)
        #expect(hello.contains(.observed(.callbackSent(id: callback.header.id, type: .willBecomeActive))))
        let acked = h.ack(callback)
        #expect(acked.contains(.observed(.callbackAcknowledged(id: callback.header.id, type: .willBecomeActive))))
        // The peer of the connection is known once its hello is accepted.
        #expect(h.machine.peer(route: h.route)?.device == HostHarness.amberPhone)
        #expect(h.machine.peer(route: Array("nobody".utf8)) == nil)
    }

    @Test func aRefusedMessageLeavesItsReasonForTheTapOnce() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.machine.takeRefusal()
        _ = h.send(instance: instance)  // refused by Messages' rules (no touch), not by the protocol
        let none = h.machine.takeRefusal()
        #expect(none == nil)
        _ = h.fromExtension(
            RequestType.sendMessage.rawValue, MessageRequestBody(instance: instance, message: MessageValue()),
            key: Array("wrong".utf8))
        let refusal = h.machine.takeRefusal()
        #expect(refusal?.isProtocol(.badSignature) == true)
        let again = h.machine.takeRefusal()
        #expect(again == nil, "taken once")
        _ = h.fromExtension(ReplyType.name, ["status": "ok"], replyTo: "h-none")
        let unexpected = h.machine.takeRefusal()
        #expect(unexpected?.isProtocol(.unexpectedReply) == true)
    }

    @Test func queueDepthsCountHeldDeliveriesAndWaitingCallbacks() throws {
        var h = try HostHarness()
        #expect(
            try h.controlReply(.delivery(.delivery(DeliveryRequest(device: HostHarness.benPhone, hold: true)))).isOK)
        _ = try h.dispatch(MessageValue(summaryText: "one"))
        let depths = Dictionary(uniqueKeysWithValues: h.machine.queueDepths().map { ($0.queue, $0.depth) })
        #expect(depths["held_deliveries"] == 1 && depths["delayed_deliveries"] == 0)
        #expect(depths["callbacks_queued"] == 0 && depths["callbacks_in_flight"] == 0)
    }
}
