import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Delivery rules and deliveries under way (SPEC §5), on the part that owns them.
@Suite struct DeliveriesTests {
    static let t0 = Instant(milliseconds: 10_000)

    static func with(_ changes: [WorldChange]) -> Deliveries {
        var deliveries = Deliveries()
        for change in changes { deliveries.apply(change) }
        return deliveries
    }

    static func pending(_ id: Int, device: String = "ben-phone", message: String, held: Bool, dueAt: Int64 = 10_000)
        -> WorldChange
    {
        .deliveryPending(
            PendingDelivery(id: id, device: device, conversation: "ab", messageID: message, dueAt: dueAt, held: held))
    }

    @Test func aSendersOwnDevicesGetItAtOnceWhateverTheirRule() {
        let deliveries = Self.with([.deliveryRuleChanged(device: "amber-mac", DeliveryRule(latencyMs: 500, hold: true))]
        )
        #expect(deliveries.rule(for: "amber-mac", owner: "amber", sender: "amber").isImmediate)
        #expect(
            deliveries.rule(for: "amber-mac", owner: "amber", sender: "ben") == DeliveryRule(latencyMs: 500, hold: true)
        )
        #expect(deliveries.rule(for: "ben-phone", owner: "ben", sender: "amber").isImmediate, "no rule: at once")
    }

    @Test func anImmediateRuleIsNotKept() {
        let deliveries = Self.with([
            .deliveryRuleChanged(device: "ben-phone", DeliveryRule(latencyMs: 5)),
            .deliveryRuleChanged(device: "ben-phone", DeliveryRule()),
        ])
        #expect(deliveries.rules.isEmpty)
    }

    @Test func aDelayedDeliveryFallsDueAfterItsLatencySaturating() {
        let planned = Deliveries.planned(
            id: 1, device: "d", conversation: "c", messageID: "m", rule: DeliveryRule(latencyMs: 250), now: Self.t0)
        #expect(planned.dueAt == 10_250 && !planned.held)
        let far = Deliveries.planned(
            id: 2, device: "d", conversation: "c", messageID: "m", rule: DeliveryRule(latencyMs: .max), now: Self.t0)
        #expect(far.dueAt == .max, "time arithmetic saturates")
    }

    @Test func onlyAnUnheldDeliveryIsDueAndOnlyUntilItArrives() {
        var deliveries = Self.with([
            Self.pending(1, message: "m1", held: false), Self.pending(2, message: "m2", held: true),
        ])
        #expect(deliveries.due(1)?.messageID == "m1")
        #expect(deliveries.due(2) == nil, "held: released, never due")
        deliveries.apply(.deliveryDone(id: 1))
        #expect(deliveries.due(1) == nil)
    }

    @Test func releaseGoesInTheOrderSentReversedOrNamed() throws {
        let deliveries = Self.with([
            Self.pending(3, message: "m3", held: true), Self.pending(1, message: "m1", held: true),
            Self.pending(2, device: "amber-mac", message: "m2", held: true),
            Self.pending(4, message: "m4", held: false),
        ])
        #expect(
            try deliveries.releasable(device: "ben-phone", order: nil, messages: nil).map(\.messageID) == ["m1", "m3"])
        #expect(
            try deliveries.releasable(device: "ben-phone", order: "reverse", messages: nil).map(\.messageID) == [
                "m3", "m1",
            ])
        #expect(
            try deliveries.releasable(device: "ben-phone", order: nil, messages: ["m3", "m1"]).map(\.messageID) == [
                "m3", "m1",
            ])
        #expect(throws: WireError.control(.notFound, "")) {
            try deliveries.releasable(device: "ben-phone", order: nil, messages: ["m4"])
        }
        #expect(throws: WireError.control(.invalidRequest, "")) {
            try deliveries.releasable(device: "ben-phone", order: "random", messages: nil)
        }
    }

    @Test func settlingWaitsForUnheldDeliveriesDueByNowOnAManualClock() {
        let deliveries = Self.with([
            Self.pending(1, message: "m1", held: false, dueAt: 20_000),
            Self.pending(2, message: "m2", held: true, dueAt: 0),
        ])
        #expect(deliveries.hasUnheld(dueBy: nil), "the system clock waits for every delayed delivery")
        #expect(!deliveries.hasUnheld(dueBy: Self.t0), "a manual clock waits only for those due by now")
        #expect(deliveries.hasUnheld(dueBy: Instant(milliseconds: 20_000)))
        #expect(deliveries.depths == (held: 1, delayed: 1))
    }
}
