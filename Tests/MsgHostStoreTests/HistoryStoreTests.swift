import Foundation
import HashTreeCollections
import MsgHostCore
import MsgHostProtocol
import Testing

@testable import MsgHostStore

/// The two histories answer alike: the same world is built on `InMemoryHistory` (what the
/// core's unit tests use) and on the SQLite store (what the daemon uses), and every question
/// the core asks gets the same answer from both. The store's batch semantics are pinned too:
/// reads see the open batch, and a failed batch leaves nothing.
@Suite struct HistoryStoreTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    static func message(
        _ id: String, session: String? = nil, live: Bool = false, expiring: Bool = false, summary: String? = "s"
    ) -> StoredMessage {
        let layout: LayoutValue =
            live
            ? .live(alternateLayout: TemplateLayoutValue(caption: id)) : .template(TemplateLayoutValue(caption: id))
        return StoredMessage(
            id: id, conversation: "ab", app: "app", sender: "amber", senderDevice: "amber-phone",
            senderInstall: "install-a", sentAt: 1,
            message: MessageValue(session: session, summaryText: summary, shouldExpire: expiring, layout: layout))
    }

    /// Amber and Ben; a session replaced twice, live bubbles, expiring messages seen and not.
    static func build(on history: any HistoryStore) throws -> World {
        var world = try World(history: history)
        // As the daemon's loop does with each `.persist` action: write, then tell the world.
        func keep(_ changes: [WorldChange]) {
            history.record(changes)
            world.historyWritten(changes)
        }
        keep(try world.createPerson(handle: "amber", name: "Amber"))
        keep(try world.createPerson(handle: "ben", name: "Ben"))
        keep(try world.createDevice(id: "amber-phone", owner: "amber", platform: .ios17))
        keep(try world.createDevice(id: "ben-phone", owner: "ben", platform: .ios17))
        keep(try world.createConversation(id: "ab", members: ["amber", "ben"]))
        keep(try world.install(app: "app", on: "amber-phone", id: "install-a", at: Instant(milliseconds: 0)))
        for n in 0..<30 {
            keep(
                try world.storeAndArrive(
                    Self.message("m\(n)", session: n % 10 == 0 ? "S" : nil, live: n % 7 == 0, expiring: n % 5 == 0)))
        }
        #expect(!world.hasPendingHistory, "everything written is read from the history itself")
        return world
    }

    func histories() throws -> [any HistoryStore] {
        [InMemoryHistory(), try WorldStore(path: self.directory.file("h.sqlite"))]
    }

    @Test func bothHistoriesAnswerEveryQuestionAlike() throws {
        var answers: [[String]] = []
        for history in try self.histories() {
            var world = try Self.build(on: history)
            if let store = history as? WorldStore { try store.commit() }
            // Ben sees two expiring messages and keeps one; then the session collapses again.
            let unseen = try history.unseenExpiring(device: "ben-phone", conversation: "ab")
            for (index, var entry) in unseen.prefix(2).enumerated() {
                entry.seenAt = 5
                entry.kept = index == 1
                world.apply(.transcriptEntryChanged(device: "ben-phone", conversation: "ab", entry))
                history.record([.transcriptEntryChanged(device: "ben-phone", conversation: "ab", entry)])
            }
            let ids = try history.entries(device: "ben-phone", conversation: "ab", before: nil, limit: 5).map(\.id)
            var answer: [String] = []
            answer.append("page \(ids)")
            answer.append(
                "older \(try history.entries(device: "ben-phone", conversation: "ab", before: ids.first, limit: 5).map(\.id))"
            )
            answer.append(
                "count \(try history.entryCount(device: "ben-phone", conversation: "ab", from: nil)) \(try history.entryCount(device: "ben-phone", conversation: "ab", from: ids.first))"
            )
            answer.append(
                "session \(try history.sessionBubbles(device: "ben-phone", conversation: "ab", app: "app", session: "S").map(\.messageID))"
            )
            answer.append(
                "live \(try history.liveBubbles(device: "ben-phone", conversation: "ab", newest: 100).map(\.messageID)) \(try history.liveBubbles(device: "ben-phone", conversation: "ab", newest: 10).map(\.messageID))"
            )
            answer.append(
                "unseen \(try history.unseenExpiring(device: "ben-phone", conversation: "ab").map(\.messageID))")
            answer.append("seen \(try history.seenExpiring().map { "\($0.device) \($0.entry.messageID)" })")
            answer.append(
                "entry \(try history.entry(ids[2]).map { "\($0.device) \($0.conversation) \($0.entry.messageID) \($0.entry.kind)" } ?? "none")"
            )
            answer.append(
                "message \(try history.message("m7")?.message?.layout == .live(alternateLayout: TemplateLayoutValue(caption: "m7")))"
            )
            answer.append("last \(try history.lastEntryID())")
            answer.append("own \(try history.unseenExpiring(device: "amber-phone", conversation: "ab").count)")
            answers.append(answer)
        }
        #expect(answers[0] == answers[1])
        // And they are the right answers.
        #expect(answers[0].contains("session [\"m20\"]"), "m0 and m10 collapsed into summaries: \(answers[0])")
        #expect(answers[0].contains("count 30 5"))
        #expect(answers[0].contains("own 0"), "the sender's own expiring messages never expire on its devices")
        #expect(
            answers[0].contains("live [\"m7\", \"m14\", \"m21\", \"m28\"] [\"m21\", \"m28\"]"),
            "all of them, then those among the newest 10")
    }

    /// While a unit's changes wait to be written, the live bubbles on screen (read on every
    /// arrival at a device that shows the conversation) are what the history answers once they
    /// are written: new entries on top, a collapsed bubble gone, then a removed one gone.
    @Test func liveBubblesWhileChangesArePendingAreWhatTheHistoryAnswersOnceWritten() throws {
        let screens = [0, 1, 2, 3, 10, 50]
        for history in try self.histories() {
            var world = try Self.build(on: history)
            // m30 collapses m20 (of session S, with a summary); m31 removes m30 (without one).
            for (n, summary) in [(30, nil), (31, "s")] as [(Int, String?)] {
                var changes = try world.storeAndArrive(
                    Self.message("m\(n)", session: "S", live: true, summary: summary))
                changes += try world.storeAndArrive(Self.message("p\(n)", live: n == 31))
                #expect(world.hasPendingHistory)
                let pending = try screens.map {
                    try world.liveBubbles(device: "ben-phone", conversation: "ab", onScreen: $0).map(\.messageID)
                }
                history.record(changes)
                world.historyWritten(changes)
                let written = try screens.map {
                    try world.liveBubbles(device: "ben-phone", conversation: "ab", onScreen: $0).map(\.messageID)
                }
                #expect(pending == written, "\(type(of: history)), m\(n)")
                #expect(written.last?.last == (n == 31 ? "p31" : "m30"))
            }
        }
    }

    /// The store remembers a transcript it found without live bubbles (so an arrival there
    /// asks nothing) until one is written there, and forgets it with a batch rolled back.
    @Test func aTranscriptWithoutLiveBubblesIsRememberedUntilOneIsWrittenOrTheBatchGoes() throws {
        let store = try WorldStore(path: self.directory.file("l.sqlite"))
        var world = try Self.build(on: store)
        try store.commit()
        #expect(
            try store.liveBubbles(device: "amber-phone", conversation: "ab", newest: 50).count == 4,
            "m0, m7 … live on Amber's too")
        // A transcript of Amber's own with a template message only.
        store.record(try world.createConversation(id: "solo", members: ["amber", "ben"]))
        let template = StoredMessage(
            id: "t1", conversation: "solo", app: "app", sender: "amber", senderDevice: "amber-phone",
            senderInstall: "install-a", sentAt: 1,
            message: MessageValue(layout: .template(TemplateLayoutValue(caption: "t"))))
        store.record(try world.storeAndArrive(template))
        try store.commit()
        #expect(try store.liveBubbles(device: "ben-phone", conversation: "solo", newest: 50).isEmpty)
        #expect(store.withoutLive.contains(TranscriptKey(device: "ben-phone", conversation: "solo")), "remembered")
        var live = template
        (live.id, live.content) = (
            "l1",
            .app(
                MessageValue(layout: .live(alternateLayout: TemplateLayoutValue(caption: "l"))), image: nil, media: nil)
        )
        store.record(try world.storeAndArrive(live))
        #expect(
            !store.withoutLive.contains(TranscriptKey(device: "ben-phone", conversation: "solo")),
            "a live bubble written there")
        #expect(
            try store.liveBubbles(device: "ben-phone", conversation: "solo", newest: 50).map(\.messageID) == ["l1"],
            "read in the open batch")
        store.rollBack()
        #expect(store.withoutLive.isEmpty, "forgotten with the batch")
        #expect(try store.liveBubbles(device: "ben-phone", conversation: "solo", newest: 50).isEmpty)
    }

    /// The same for a transcript with no unseen expiring entry: remembered once found, until
    /// an unseen expiring entry is written there.
    @Test func aTranscriptWithNothingUnseenToExpireIsRememberedUntilSomethingIs() throws {
        let store = try WorldStore(path: self.directory.file("e.sqlite"))
        var world = try Self.build(on: store)
        try store.commit()
        for var entry in try store.unseenExpiring(device: "ben-phone", conversation: "ab") {
            entry.seenAt = 5
            store.record([.transcriptEntryChanged(device: "ben-phone", conversation: "ab", entry)])
        }
        try store.commit()
        #expect(try store.unseenExpiring(device: "ben-phone", conversation: "ab").isEmpty)
        #expect(store.withoutUnseenExpiring.contains(TranscriptKey(device: "ben-phone", conversation: "ab")))
        store.record(try world.storeAndArrive(Self.message("x1", expiring: true)))
        #expect(try store.unseenExpiring(device: "ben-phone", conversation: "ab").map(\.messageID) == ["x1"])
        store.rollBack()
        #expect(try store.unseenExpiring(device: "ben-phone", conversation: "ab").isEmpty)
    }

    @Test func readsSeeTheOpenBatchAndAFailedBatchLeavesNothing() throws {
        let store = try WorldStore(path: self.directory.file("b.sqlite"))
        var world = try Self.build(on: store)
        #expect(store.hasOpenBatch)
        #expect(
            try store.entryCount(device: "ben-phone", conversation: "ab", from: nil) == 30, "uncommitted, yet visible")
        try store.commit()
        #expect(!store.hasOpenBatch)
        store.record(try world.storeAndArrive(Self.message("late")))
        store.record([.messageStored(Self.message("m1"))])  // a duplicate id: this write fails
        #expect(throws: (any Error).self) { try store.commit() }
        let reopened = try WorldStore(path: self.directory.file("b.sqlite"))
        #expect(try reopened.message("late") == nil, "the whole failed batch was rolled back")
        #expect(try reopened.entryCount(device: "ben-phone", conversation: "ab", from: nil) == 30)
        try store.apply([.personCreated(Person(handle: "cleo", name: "Cleo"))])
        #expect(
            try WorldStore(path: self.directory.file("b.sqlite")).loadWorld().people["cleo"] != nil,
            "the store works again after a failure")
    }

    /// What each device's transcript holds, as the core reads it.
    static func answers(_ history: any HistoryStore) throws -> [String] {
        var lines = try ["amber-phone", "ben-phone"].map { device in
            try history.entries(device: device, conversation: "ab", before: nil, limit: 100)
                .map { "\($0.id) \($0.messageID) \($0.seenAt ?? -1) \($0.kept)" }.joined(separator: ", ")
        }
        lines.append("last \(try history.lastEntryID()), m30 \(try history.message("m30") != nil)")
        lines.append(
            "unseen \(try history.unseenExpiring(device: "ben-phone", conversation: "ab").count), seen \(try history.seenExpiring().count)"
        )
        return lines
    }

    @Test func aRolledBackBatchLeavesBothHistoriesAsTheyWere() throws {
        for history in try self.histories() {
            var world = try Self.build(on: history)
            if let store = history as? WorldStore {
                try store.commit()
            } else {
                (history as? InMemoryHistory)?.commit()
            }
            let before = try Self.answers(history)
            history.record(try world.storeAndArrive(Self.message("m30", expiring: true)))
            let entries = try history.entries(device: "ben-phone", conversation: "ab", before: nil, limit: 3)
            var seen = entries[0]
            seen.seenAt = 9
            history.record([.transcriptEntryChanged(device: "ben-phone", conversation: "ab", seen)])
            history.record([.transcriptEntryRemoved(device: "ben-phone", conversation: "ab", entryID: entries[1].id)])
            #expect(try Self.answers(history) != before, "\(type(of: history)): the batch is read")
            if let store = history as? WorldStore {
                store.rollBack()
            } else {
                (history as? InMemoryHistory)?.rollBack()
            }
            #expect(try Self.answers(history) == before, "\(type(of: history))")
        }
    }
}
