import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What the host says: every message has a header id of its own, events go into the log
/// numbered, and an error reply counts as one.
@Suite struct OutboxTests {
    @Test func everyMessageHasAHeaderIDOfItsOwn() {
        var outbox = Outbox(eventLogCapacity: 8)
        let now = Instant(milliseconds: 1_000)
        let (first, _) = outbox.extensionMessage(to: [1], type: "touch", body: .ok, key: nil, now: now)
        let reply = outbox.controlReply(to: [2], requestID: "r1", .ok(.empty), now: now)
        let (third, _) = outbox.extensionMessage(to: [1], type: "touch", body: .ok, key: nil, now: now)
        guard case .sendToControl(_, let message) = reply else {
            Issue.record("a control reply goes to control")
            return
        }
        #expect([first, message.header.id, third] == ["h1", "h2", "h3"])
        #expect(message.header.replyTo == "r1" && message.header.time == 1_000)
    }

    @Test func eventsAreLoggedInOrderAndReturnedAsActions() {
        var outbox = Outbox(eventLogCapacity: 8)
        let first = outbox.record(.opened, now: Instant(milliseconds: 5), device: "phone", detail: "compact")
        _ = outbox.record(.closed, now: Instant(milliseconds: 6), device: "phone")
        guard case .event(let record) = first else {
            Issue.record("record returns an event action")
            return
        }
        #expect(record.seq == 1 && record.kind == "opened" && record.detail == "compact")
        #expect(outbox.events.records.map(\.kind) == ["opened", "closed"])
    }

    @Test func anErrorReplyIsCountedAndAPushNamesTheSubscription() {
        var outbox = Outbox(eventLogCapacity: 8)
        _ = outbox.controlError(
            to: [2], requestID: nil, .control(.notFound, "no such thing"), now: Instant(milliseconds: 0))
        #expect(outbox.counters.byName["controlErrors"] == 1)
        let record = EventRecord(seq: 4, time: 0, kind: "touch")
        guard
            case .sendToControl(_, let push) = outbox.controlPush(
                to: [2], replyTo: "sub", record: record, now: Instant(milliseconds: 0))
        else {
            Issue.record("a push goes to control")
            return
        }
        #expect(push.header.type == "event" && push.header.replyTo == "sub")
    }
}
