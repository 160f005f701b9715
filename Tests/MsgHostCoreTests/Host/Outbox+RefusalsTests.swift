import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Every refusal is counted, told and logged the same way: a protocol error signed for the
/// connection, a refused hello unsigned, a refused send as a send with Apple's code (a lost
/// one as a request when asked), a reply to nothing never answered.
@Suite struct OutboxRefusalsTests {
    static let now = Instant(milliseconds: 2_000)
    static let process = ExtensionProcess(
        launchID: "l1", device: "phone", app: "app", installID: "in", token: SigningKey(Array("t".utf8)), now: now)

    static func replies(_ actions: [HostAction]) -> [OutboundMessage] {
        actions.compactMap { if case .sendToExtension(_, let message) = $0 { message } else { nil } }
    }

    @Test func eachRefusalIsCountedToldAndLogged() {
        var outbox = Outbox(eventLogCapacity: 16)
        let unknown = WireError.protocolError(.unknownType, "no such type")
        let told = outbox.protocolError(unknown, replyTo: "x1", process: Self.process, route: [1], now: Self.now)
        #expect(Self.replies(told).map(\.header.replyTo) == ["x1"] && Self.replies(told).first?.key != nil)
        let refused = outbox.connectionRefused(unknown, replyTo: "x2", route: [2], now: Self.now)
        #expect(Self.replies(refused).first?.key == nil, "a refused hello has no key to sign with")
        let send = outbox.requestRefused(
            .sendMessage, .messages(.sendWithoutRecentInteraction), process: Self.process, route: [1], instance: nil,
            requestID: "x3", now: Self.now)
        let lost = outbox.requestRefused(
            .sendMessage, .host(.storageUnavailable, "disk"), process: Self.process, route: [1], instance: nil,
            requestID: "x4", isSend: false, now: Self.now)
        #expect(Self.replies(send + lost).count == 2)
        #expect(
            outbox.unexpectedReply("h9", from: Self.process, now: Self.now)
                != .observed(.callbackSent(id: "", type: .touch)))
        #expect(
            outbox.events.records.map(\.kind) == [
                "protocolError", "connectionRefused", "sendRefused", "requestRefused", "protocolError",
            ])
        #expect(
            outbox.events.records[2].name == "sendWithoutRecentInteraction"
                && outbox.events.records[2].detail?.hasPrefix("sendMessage: ") == true)
        for (counter, count) in [
            ("protocolErrors", 1), ("refusedConnections", 1), ("sendsRefused", 1), ("requestsRefused", 1),
            ("unexpectedReplies", 1),
        ] {
            #expect(outbox.counters.byName[counter] == count, "\(counter)")
        }
        #expect(outbox.lastRefusal?.name == "unexpectedReply")
    }
}
