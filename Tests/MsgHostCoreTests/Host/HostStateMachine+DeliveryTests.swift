import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down delivery (SPEC §5, PROTOCOL §7): the sender's own devices get a message at once,
/// others after their latency (a persisted pending delivery and a timer) or when released, in
/// sent, reverse or named order; `didReceive` goes only to the receiving device's active main
/// instance of the same app, never for one's own messages; expiring messages from others start
/// their clock when seen and go when it runs out unless kept; `restored` restarts the timers.
@Suite struct HostStateMachineDeliveryTests {
    static func ids(_ h: HostHarness, _ device: String, in conversation: String = HostHarness.conversation) throws
        -> [String]
    {
        try h.machine.world.entries(device: device, conversation: conversation).map(\.messageID)
    }

    static func rule(_ h: inout HostHarness, _ device: String, latencyMs: Int64? = nil, hold: Bool? = nil) throws {
        #expect(
            try h.controlReply(.delivery(.delivery(DeliveryRequest(device: device, latencyMs: latencyMs, hold: hold))))
                .isOK)
    }

    static func release(_ h: inout HostHarness, order: String? = nil, messages: [String]? = nil) throws -> (
        reply: ControlMessage, actions: [HostAction]
    ) {
        try h.user(.delivery(.release(ReleaseRequest(device: HostHarness.benPhone, order: order, messages: messages))))
    }

    /// Amber sends three messages, 10 ms apart, while Ben's phone holds them.
    static func threeHeld(_ h: inout HostHarness) throws -> [String] {
        try Self.rule(&h, HostHarness.benPhone, hold: true)
        var sent: [String] = []
        for index in 0..<3 {
            let (stored, actions) = try h.dispatch(MessageValue(summaryText: "m\(index)"))
            #expect(actions.timers.isEmpty, "a held delivery waits for release, not for a timer")
            sent.append(stored.id)
            h.advance(milliseconds: 10)
        }
        #expect(try Self.ids(h, HostHarness.benPhone).isEmpty)
        return sent
    }

    // MARK: Latency

    @Test func theSendersDevicesGetItAtOnceAndOthersAfterTheirLatency() throws {
        var h = try HostHarness()
        try h.addDevice("amber-ipad", owner: HostHarness.amber, platform: .ios17)
        try Self.rule(&h, "amber-ipad", latencyMs: 500, hold: true)
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 300)
        let sentAt = h.now
        let (stored, actions) = try h.dispatch(MessageValue(summaryText: "hi"))
        #expect(try Self.ids(h, HostHarness.amberPhone) == [stored.id])
        #expect(try Self.ids(h, "amber-ipad") == [stored.id], "the sender's own devices ignore their delivery rule")
        #expect(try Self.ids(h, HostHarness.benPhone).isEmpty)

        let pending = try #require(h.machine.world.pendingDeliveries.values.first)
        #expect(h.machine.world.pendingDeliveries.count == 1)
        #expect(
            pending
                == PendingDelivery(
                    id: pending.id, device: HostHarness.benPhone, conversation: HostHarness.conversation,
                    messageID: stored.id, dueAt: sentAt.milliseconds + 300, held: false))
        #expect(actions.persisted.contains(.deliveryPending(pending)))
        #expect(actions.timers.map(\.0) == [.delivery(id: pending.id)])
        #expect(actions.timers.first?.1 == sentAt.adding(milliseconds: 300))

        #expect(h.fire(.delivery(id: pending.id + 100), at: sentAt.adding(milliseconds: 300)).isEmpty)
        let arrived = h.fire(.delivery(id: pending.id), at: sentAt.adding(milliseconds: 300))
        #expect(arrived.persisted.first == .deliveryDone(id: pending.id))
        #expect(try Self.ids(h, HostHarness.benPhone) == [stored.id])
        #expect(h.machine.world.pendingDeliveries.isEmpty)
        #expect(h.fire(.delivery(id: pending.id), at: h.now).isEmpty, "a delivery arrives once")
    }

    @Test func aTimerForAHeldDeliveryDoesNothing() throws {
        var h = try HostHarness()
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 50, hold: true)
        _ = try h.dispatch(MessageValue(summaryText: "hi"))
        let held = try #require(h.machine.world.pendingDeliveries.values.first)
        #expect(held.held)
        #expect(h.fire(.delivery(id: held.id), at: h.now.adding(milliseconds: 50)).isEmpty)
        #expect(try Self.ids(h, HostHarness.benPhone).isEmpty)
    }

    // MARK: Hold and release

    struct ReleaseCase: Sendable, CustomTestStringConvertible {
        var order: String?
        var named: [Int]?
        var expected: [Int]
        var testDescription: String {
            "order \(self.order ?? "-"), messages \(self.named.map { "\($0)" } ?? "-") → \(self.expected)"
        }
    }

    @Test(arguments: [
        ReleaseCase(order: nil, named: nil, expected: [0, 1, 2]),
        ReleaseCase(order: "sent", named: nil, expected: [0, 1, 2]),
        ReleaseCase(order: "reverse", named: nil, expected: [2, 1, 0]),
        ReleaseCase(order: nil, named: [2, 0, 1], expected: [2, 0, 1]),
        ReleaseCase(order: nil, named: [1], expected: [1, 0, 2]),
    ])
    func heldMessagesArriveInTheOrderAskedFor(_ release: ReleaseCase) throws {
        var h = try HostHarness()
        let sent = try Self.threeHeld(&h)
        let (reply, _) = try Self.release(&h, order: release.order, messages: release.named?.map { sent[$0] })
        let expected = release.expected.map { sent[$0] }
        #expect(try reply.result(ReleaseResult.self).released == expected)
        #expect(try Self.ids(h, HostHarness.benPhone) == expected)
        #expect(h.machine.world.pendingDeliveries.isEmpty)
        #expect(try Self.release(&h).reply.result(ReleaseResult.self).released == [], "nothing is left to release")
    }

    @Test func releasingAnUnknownMessageIsNotFoundAndABadOrderInvalidRequest() throws {
        var h = try HostHarness()
        let sent = try Self.threeHeld(&h)
        let unknown = try h.controlReply(
            .delivery(.release(ReleaseRequest(device: HostHarness.benPhone, messages: [sent[0], "no-such-message"]))))
        #expect(unknown.error?.isControl(.notFound) == true)
        #expect(unknown.error?.description.contains("no-such-message") == true)
        let badOrder = try h.controlReply(
            .delivery(.release(ReleaseRequest(device: HostHarness.benPhone, order: "sideways"))))
        #expect(badOrder.error?.isControl(.invalidRequest) == true)
        let otherDevice = try h.controlReply(
            .delivery(.release(ReleaseRequest(device: HostHarness.amberPhone, messages: [sent[0]]))))
        #expect(otherDevice.error?.isControl(.notFound) == true, "held for Ben, not for Amber")
        #expect(
            try h.controlReply(.delivery(.release(ReleaseRequest(device: "nokia")))).error?.isControl(.notFound) == true
        )
        #expect(try Self.ids(h, HostHarness.benPhone).isEmpty)
        #expect(h.machine.world.pendingDeliveries.count == 3, "a refused release releases nothing")
    }

    @Test
    func sentOrderIsTheOrderTheMessagesWereSentInWhateverTheirLatency() throws {
        var h = try HostHarness()
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 1_000, hold: true)
        let (first, _) = try h.dispatch(MessageValue(summaryText: "first"))
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 0)
        h.advance(milliseconds: 10)
        let (second, _) = try h.dispatch(MessageValue(summaryText: "second"))
        let (reply, _) = try Self.release(&h, order: "sent")
        #expect(try reply.result(ReleaseResult.self).released == [first.id, second.id])
    }

    @Test(arguments: ["sent", "reverse"])
    func theGroupRaceEndsWithTheReplyReleasedLastAndTheOtherCollapsed(order: String) throws {
        var h = try HostHarness()
        try h.addCleo()
        let question = MessageValue(session: "S", summaryText: "Sauce or sprinkles?")
        _ = try h.dispatch(question, from: HostHarness.benPhone, in: HostHarness.group)
        try Self.rule(&h, HostHarness.benPhone, hold: true)
        _ = try h.dispatch(
            MessageValue(session: "S", summaryText: "sauce"), from: HostHarness.amberPhone, in: HostHarness.group)
        _ = try h.dispatch(
            MessageValue(session: "S", summaryText: "sprinkles"), from: HostHarness.cleoPhone, in: HostHarness.group)
        #expect(try h.transcript(HostHarness.benPhone, in: HostHarness.group).map(\.kind) == ["message"])
        _ = try Self.release(&h, order: order)
        let entries = try h.transcript(HostHarness.benPhone, in: HostHarness.group)
        let (earlier, later) = order == "sent" ? ("sauce", "Cleo") : ("sprinkles", "Amber")
        #expect(entries.map(\.kind) == ["summary", "summary", "message"])
        #expect(entries.map(\.text) == ["Sauce or sprinkles?", earlier, nil])
        #expect(entries.last?.senderName == later)
    }

    // MARK: didReceive

    @Test func didReceiveGoesToTheReceivingDevicesActiveInstanceOfThatApp() throws {
        var h = try HostHarness()
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 100)
        let instance = try h.open(on: HostHarness.benPhone)
        let (_, sent) = try h.dispatch(MessageValue(summaryText: "for you"))
        #expect(sent.callbacks.isEmpty, "not before it arrives")
        let pending = try #require(h.machine.world.pendingDeliveries.values.first)
        let arrived = h.settle(h.fire(.delivery(id: pending.id), at: h.now.adding(milliseconds: 100)))
        #expect(arrived.callbackTypes(of: instance) == ["didReceive"])
        let received = try #require(arrived.callbacks.first).decodeBody(MessageCallbackBody.self)
        #expect(received.message.summaryText == "for you")
        #expect(
            received.message.senderParticipantIdentifier
                == h.identifier(of: HostHarness.amber, on: HostHarness.benPhone))
        #expect(
            received.conversation.localParticipantIdentifier
                == h.identifier(of: HostHarness.ben, on: HostHarness.benPhone))
    }

    @Test func noDidReceiveForTextOtherAppsOwnMessagesOrAnotherConversation() throws {
        var h = try HostHarness()
        try h.addCleo()
        try h.addDevice("ben-ipad", platform: .ios17)
        let amberInstance = try h.open(on: HostHarness.amberPhone)
        let benInstance = try h.open(on: HostHarness.benPhone)
        var actions = try h.dispatch(.text("plain"), app: nil).1
        actions += try h.dispatch(MessageValue(summaryText: "media"), app: HostHarness.mediaApp).1
        actions += try h.dispatch(MessageValue(summaryText: "from Amber"), from: HostHarness.amberPhone).1
        actions += try h.dispatch(MessageValue(summaryText: "from Ben's iPad"), from: "ben-ipad").1
        actions += try h.dispatch(
            MessageValue(summaryText: "elsewhere"), from: HostHarness.cleoPhone, in: HostHarness.group
        ).1
        func received(by instance: String) throws -> [String?] {
            try actions.callbacks.filter { $0.instance == instance }.map {
                #expect($0.header.type == "didReceive")
                return try $0.decodeBody(MessageCallbackBody.self).message.summaryText
            }
        }
        // Each gets the other's app message in this conversation, and nothing else: never
        // one's own (from any of one's devices), text, another app's, or another conversation's.
        #expect(try received(by: amberInstance) == ["from Ben's iPad"])
        #expect(try received(by: benInstance) == ["from Amber"])
    }

    @Test func noDidReceiveOnceTheAppIsClosed() throws {
        var h = try HostHarness()
        _ = try h.open(on: HostHarness.benPhone)
        #expect(try h.user(.user(.close(DeviceRequest(device: HostHarness.benPhone)))).reply.isOK)
        #expect(try h.dispatch(MessageValue(summaryText: "late")).1.callbacks.isEmpty)
    }

    // MARK: Expiry

    static func expiring() throws -> HostHarness {
        var settings = HostSettings()
        settings.expiryMs = 1_000
        return try HostHarness(settings: settings)
    }

    static func entries(_ h: HostHarness, _ device: String) throws -> [TranscriptEntry] {
        try h.machine.world.entries(device: device, conversation: HostHarness.conversation)
    }

    @Test func showingAConversationStartsTheClockOfExpiringMessagesFromOthersOnly() throws {
        var h = try Self.expiring()
        let (gone, _) = try h.dispatch(MessageValue(summaryText: "gone soon", shouldExpire: true))
        let (stays, _) = try h.dispatch(MessageValue(summaryText: "stays"))
        h.advance(milliseconds: 5)
        let seenAt = h.now
        let shown = try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let bens = try Self.entries(h, HostHarness.benPhone)
        #expect(bens.map(\.seenAt) == [seenAt.milliseconds, nil])
        #expect(
            shown.persisted.contains(
                .transcriptEntryChanged(device: HostHarness.benPhone, conversation: HostHarness.conversation, bens[0])))
        #expect(
            shown.timers.map(\.0) == [
                .expiry(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: bens[0].id)
            ])
        #expect(shown.timers.first?.1 == seenAt.adding(milliseconds: 1_000))
        #expect(
            try h.show(HostHarness.conversation, on: HostHarness.amberPhone).timers.isEmpty,
            "the sender's own messages do not expire for her")
        #expect(try Self.entries(h, HostHarness.amberPhone).allSatisfy { $0.seenAt == nil })
        try h.show(nil, on: HostHarness.benPhone)
        #expect(try h.show(HostHarness.conversation, on: HostHarness.benPhone).timers.isEmpty, "seen once, timed once")

        let expiry = try #require(shown.timers.first)
        let expired = h.fire(expiry.0, at: expiry.1)
        #expect(
            expired.persisted == [
                .transcriptEntryRemoved(
                    device: HostHarness.benPhone, conversation: HostHarness.conversation, entryID: bens[0].id)
            ])
        #expect(expired.events.contains { $0.kind == "expired" && $0.detail == gone.id })
        #expect(try Self.ids(h, HostHarness.benPhone) == [stays.id])
        #expect(try Self.ids(h, HostHarness.amberPhone) == [gone.id, stays.id])
    }

    @Test func anExpiringMessageArrivingOnScreenIsSeenAtOnceAndAKeptOneStays() throws {
        var h = try Self.expiring()
        try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let (_, arrived) = try h.dispatch(MessageValue(summaryText: "keep me", shouldExpire: true))
        let entry = try #require(Self.entries(h, HostHarness.benPhone).first)
        #expect(entry.seenAt == h.now.milliseconds)
        let timer = try #require(arrived.timers.first)
        #expect(
            timer.0 == .expiry(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: entry.id))
        let keep = KeepRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: entry.id)
        #expect(try h.controlReply(.user(.keep(keep))).isOK)
        #expect(h.fire(timer.0, at: timer.1).isEmpty)
        #expect(try h.transcript(HostHarness.benPhone).map(\.kept) == [true])
        let unknown = KeepRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: 999)
        #expect(try h.controlReply(.user(.keep(unknown))).error?.isControl(.notFound) == true)
    }

    // MARK: Restart

    @Test(arguments: [100, 10_000] as [Int64])
    func restoredRestartsTimersForPendingDeliveriesAndSeenExpiringEntries(restartAfter: Int64) throws {
        var h = try Self.expiring()
        try h.addDevice("amber-ipad", owner: HostHarness.amber, platform: .ios17)
        try h.addDevice("ben-ipad", platform: .ios17)
        try Self.rule(&h, HostHarness.benPhone, latencyMs: 300)
        try Self.rule(&h, "ben-ipad", hold: true)
        let sentAt = h.now
        let (toBen, _) = try h.dispatch(MessageValue(summaryText: "on its way", shouldExpire: true))
        try h.show(HostHarness.conversation, on: HostHarness.amberPhone)
        let (seen, _) = try h.dispatch(MessageValue(summaryText: "seen", shouldExpire: true), from: "ben-ipad")
        let (kept, _) = try h.dispatch(MessageValue(summaryText: "kept", shouldExpire: true), from: "ben-ipad")
        _ = try h.dispatch(MessageValue(summaryText: "plain"), from: "ben-ipad")
        let onAmbers = Dictionary(
            uniqueKeysWithValues: try Self.entries(h, HostHarness.amberPhone).map { ($0.messageID, $0) })
        let keptEntry = try #require(onAmbers[kept.id])
        #expect(
            try h.controlReply(
                .user(
                    .keep(
                        KeepRequest(
                            device: HostHarness.amberPhone, conversation: HostHarness.conversation, entry: keptEntry.id)
                    ))
            ).isOK)
        let due = try #require(h.machine.world.pendingDeliveries.values.first { $0.device == HostHarness.benPhone })
        #expect(h.machine.world.pendingDeliveries.values.contains { $0.device == "ben-ipad" && $0.held })

        let now = sentAt.adding(milliseconds: restartAfter)
        var restarted = HostStateMachine(
            world: h.machine.world, apps: Array(h.machine.apps.values), settings: h.machine.settings,
            ids: SequentialIDGenerator(), startedAt: now, daemonPID: 1)
        let timers = restarted.restored(now: now).timers
        let seenEntry = try #require(onAmbers[seen.id])
        let seenAt = try #require(seenEntry.seenAt)
        // Not the held delivery, not the kept entry, not the unseen copies on Amber's iPad.
        #expect(
            timers.map(\.0) == [
                .delivery(id: due.id),
                .expiry(device: HostHarness.amberPhone, conversation: HostHarness.conversation, entry: seenEntry.id),
            ])
        #expect(
            timers.map(\.1) == [
                Instant(milliseconds: max(due.dueAt, now.milliseconds)), Instant(milliseconds: seenAt + 1_000),
            ])

        _ = restarted.timerFired(.delivery(id: due.id), now: timers[0].1)
        #expect(
            try restarted.world.entries(device: HostHarness.benPhone, conversation: HostHarness.conversation).last?
                .messageID == toBen.id)
    }
}
