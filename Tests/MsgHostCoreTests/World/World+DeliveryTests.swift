import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// A message's way to each device as the directory plans it (SPEC §5): the sender's devices
/// and devices with no rule at once, a delayed one planned with its timer, a held one with
/// none; seen marks start the clock only for others' expiring messages; a kept entry never
/// expires; a restart restarts the timers of what was under way.
@Suite struct WorldDeliveryTests {
    static let t0 = Instant(milliseconds: 10_000)

    static func message(_ id: String, expiring: Bool = false) -> StoredMessage {
        let value = MessageValue(
            summaryText: id, shouldExpire: expiring, layout: .template(TemplateLayoutValue(caption: id)))
        return StoredMessage(
            id: id, conversation: "ab", app: "app", sender: "amber", senderDevice: "amber-phone",
            senderInstall: "app@amber-phone",
            sentAt: t0.milliseconds, content: .app(value, image: nil, media: nil))
    }

    @Test func eachDeviceIsPlannedByItsRuleInTheMembersOrder() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        _ = try world.changeDeliveryRule(DeliveryRequest(device: "ben-phone", latencyMs: 500))
        _ = try world.changeDeliveryRule(DeliveryRequest(device: "ben-old", hold: true))
        let stored = Self.message("m1")
        _ = world.applying([.messageStored(stored)])
        var arrivingNow: [String] = []
        var timers: [TimerID] = []
        for step in world.plan(stored, now: Self.t0) {
            switch step {
            case .arriveNow(let device): arrivingNow.append(device)
            case .later(let actions):
                timers += actions.compactMap { if case .startTimer(let timer, _) = $0 { timer } else { nil } }
            }
        }
        #expect(arrivingNow == ["amber-phone"], "the sender's own device at once")
        #expect(world.pendingDeliveries.count == 2 && timers.count == 1, "the held device has no timer")
        let delayed = try #require(world.pendingDeliveries.values.first { !$0.held })
        #expect(delayed.device == "ben-phone" && delayed.dueAt == Self.t0.milliseconds + 500)
        _ = world.deliveryDone(delayed)
        #expect(world.pendingDeliveries.count == 1)
    }

    @Test func aRuleChangeIsRangeCheckedAndKeepsWhatItDoesNotName() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        _ = try world.changeDeliveryRule(DeliveryRequest(device: "ben-phone", latencyMs: 500))
        _ = try world.changeDeliveryRule(DeliveryRequest(device: "ben-phone", hold: true))
        #expect(world.deliveryRules["ben-phone"] == DeliveryRule(latencyMs: 500, hold: true))
        #expect(throws: WireError.self) {
            try world.changeDeliveryRule(DeliveryRequest(device: "ben-phone", latencyMs: -1))
        }
        #expect(throws: WireError.self) { try world.changeDeliveryRule(DeliveryRequest(device: "nobody", hold: true)) }
    }

    @Test func seeingStartsTheClockOfOthersExpiringMessagesOnceAndAKeptEntryStays() throws {
        var ids = SequentialIDGenerator()
        var world = try WorldTranscriptsTests.makeWorld()
        for (id, expiring) in [("e1", true), ("plain", false)] {
            try WorldTranscriptsTests.arrive(Self.message(id, expiring: expiring), in: &world)
            try WorldTranscriptsTests.arrive(Self.message(id, expiring: expiring), in: &world, on: "amber-phone")
        }
        let seen = try world.markSeen(device: "ben-phone", conversation: "ab", expiryMs: 1_000, now: Self.t0)
        #expect(seen.count == 2, "one change and one timer, for the expiring message only")
        #expect(
            seen.last
                == .startTimer(
                    .expiry(device: "ben-phone", conversation: "ab", entry: 1), at: Self.t0.adding(milliseconds: 1_000))
        )
        #expect(
            try world.markSeen(device: "ben-phone", conversation: "ab", expiryMs: 1_000, now: Self.t0).isEmpty,
            "seen once")
        #expect(
            try world.markSeen(device: "amber-phone", conversation: "ab", expiryMs: 1_000, now: Self.t0).isEmpty,
            "the sender's own messages never expire for them")
        #expect(
            try world.restored(ids: &ids, expiryMs: 1_000, now: Self.t0).contains(seen.last!),
            "a restart restarts the clock")
        var kept = try #require(try world.entry(1, device: "ben-phone", conversation: "ab"))
        kept.kept = true
        _ = world.applying([.transcriptEntryChanged(device: "ben-phone", conversation: "ab", kept)])
        #expect(try world.expire(1, device: "ben-phone", conversation: "ab") == nil)
        let plain = try #require(
            world.entries(device: "ben-phone", conversation: "ab").first { $0.messageID == "plain" })
        #expect(try world.expire(plain.id, device: "ben-phone", conversation: "ab")?.0.messageID == "plain")
        #expect(try world.entries(device: "ben-phone", conversation: "ab").map(\.messageID) == ["e1"])
    }
}

/// Keeping an entry, and the conversation a compose sheet sends to.
@Suite struct WorldKeepAndComposeTests {
    @Test func keepIsRangeCheckedAndNamesAMissingEntry() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        try WorldTranscriptsTests.arrive(WorldDeliveryTests.message("m1", expiring: true), in: &world)
        let entry = try #require(world.entries(device: "ben-phone", conversation: "ab").first)
        #expect(!(try world.keep(entry.id, device: "ben-phone", conversation: "ab")).isEmpty)
        #expect(try world.entry(entry.id, device: "ben-phone", conversation: "ab")?.kept == true)
        #expect(throws: WireError.self) { try world.keep(0, device: "ben-phone", conversation: "ab") }
        #expect(throws: WireError.self) { try world.keep(999, device: "ben-phone", conversation: "ab") }
    }

    @Test func aSheetGoesToTheConversationOfExactlyItsPeopleOrANewOne() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        #expect(try world.conversation(of: ["ben", "amber"], newID: { "new" }) == ("ab", []))
        _ = try world.createPerson(handle: "cleo", name: "Cleo")
        let (id, changes) = try world.conversation(of: ["amber", "cleo"], newID: { "new" })
        #expect(id == "new" && !changes.isEmpty && world.conversations["new"]?.members == ["amber", "cleo"])
    }
}
