import HashTreeCollections
import MsgHostProtocol
import MsgHostShell
import MsgHostStore
import Testing

@testable import MsgHostCore

/// The shell's contract, as `HostDriver` keeps it for the daemon and every harness: changes
/// are written as the machine returns them and committed once a unit; nothing leaves before
/// that commit, and nothing of a unit that cannot be stored leaves at all but its answer.
/// Run over memory with a store whose commits can fail and a transport that records.
@Suite struct HostDriverTests {
    /// A connected app on Amber's phone, touched (so a send may go), with the journal emptied.
    static func ready() throws -> (HostHarness, String) {
        var h = try HostHarness(undoesUnits: true)
        let instance = try h.openConnected()
        _ = h.touch()
        _ = h.journal.take()
        return (h, instance)
    }

    static func person(_ handle: String) -> ControlRequest {
        .admin(.createPerson(CreatePersonRequest(handle: handle, name: handle)))
    }

    static func isCommit(_ entry: ShellJournal.Entry) -> Bool { if case .committed = entry { true } else { false } }
    static func isLeft(_ entry: ShellJournal.Entry) -> Bool { if case .left = entry { true } else { false } }
    static func replyLeft(_ entry: ShellJournal.Entry) -> Bool {
        guard case .left(let action) = entry else { return false }
        return [action].extensionReplies.isEmpty == false
    }

    // MARK: Commits

    @Test func aReplyNeverLeavesBeforeItsChangesAreStored() throws {
        var (h, instance) = try Self.ready()
        let actions = h.send(instance: instance)
        #expect(actions.extensionReplies.first?.isOK == true)
        let entries = h.journal.take()
        let recorded = try #require(
            entries.firstIndex {
                if case .recorded(let changes) = $0 {
                    changes.contains { if case .messageStored = $0 { true } else { false } }
                } else {
                    false
                }
            })
        let committed = try #require(entries.firstIndex(where: Self.isCommit))
        let reply = try #require(entries.firstIndex(where: Self.replyLeft))
        #expect(recorded < committed && committed < reply)
        #expect(!entries[..<committed].contains(where: Self.isLeft), "nothing leaves before the commit")
        #expect(entries.filter(Self.isCommit).count == 1)
    }

    @Test func whatLeavesIsWhatTheMachineAnsweredInItsOrder() throws {
        var (h, instance) = try Self.ready()
        let actions = h.send(instance: instance)
        #expect(actions.contains { if case .persist = $0 { true } else { false } })
        #expect(h.journal.left == actions, "each action once, in order (a `.persist` as its changes stored)")
    }

    @Test func aUnitThatFailsToCommitSendsNothingButItsAnswer() throws {
        var (h, instance) = try Self.ready()
        h.driver.store.failingCommits = 1
        let actions = h.send(MessageValue(summaryText: "lost"), instance: instance)
        #expect(actions.extensionReplies.first?.isOK == true, "the machine answered OK; the driver kept it in")
        let left = h.journal.left
        #expect(left.callbacks.isEmpty, "no didStartSending, no didReceive")
        #expect(left.persisted.isEmpty)
        let replies = left.extensionReplies
        #expect(replies.count == 1)
        #expect(replies.first?.error?.isHost(.storageUnavailable) == true)
        #expect(!h.machine.world.hasPendingHistory, "the machine is back where it was")
        #expect(h.history.storedMessages.isEmpty, "the batch went with the commit")
        // The touch was not used up with it: the same send goes now.
        #expect(try h.sendReply(MessageValue(summaryText: "again"), instance: instance).isOK)
        #expect(h.history.storedMessages.count == 1)
    }

    @Test func aControlRequestWhoseChangeIsLostIsAnsweredStorageUnavailableAndUndone() throws {
        var h = try HostHarness(undoesUnits: true)
        _ = h.journal.take()
        h.driver.store.failingCommits = 1
        let (id, _) = h.control(Self.person("dan@example.com"))
        let replies = h.journal.left.controlReplies
        #expect(replies.count == 1)
        #expect(replies.first?.header.replyTo == id)
        #expect(replies.first?.error?.isHost(.storageUnavailable) == true)
        #expect(h.machine.world.people["dan@example.com"] == nil, "the machine is back where it was")
        #expect(try h.controlReply(Self.person("dan@example.com")).isOK, "made again: not alreadyExists")
    }

    // MARK: Bursts

    @Test func aBurstIsOneCommitAndItsRepliesLeaveAfterIt() throws {
        var h = try HostHarness(undoesUnits: true)
        _ = h.journal.take()
        let burst = (1...3).map {
            HostEvent.controlMessage(client: h.client, .request(id: "p\($0)", Self.person("p\($0)@example.com")))
        }
        h.driver.burst(burst)
        let entries = h.journal.take()
        #expect(entries.filter(Self.isCommit).count == 1)
        let committed = try #require(entries.firstIndex(where: Self.isCommit))
        #expect(!entries[..<committed].contains(where: Self.isLeft))
        #expect(
            entries.compactMap { if case .left(let action) = $0 { action } else { nil } }.controlReplies.map(
                \.header.replyTo) == ["p1", "p2", "p3"])
    }

    @Test func whatComesBeforeABurstsFirstChangeLeavesAtOnce() throws {
        var h = try HostHarness(undoesUnits: true)
        _ = h.journal.take()
        let status = { (id: String) in
            HostEvent.controlMessage(client: h.client, .request(id: id, .observation(.status)))
        }
        h.driver.burst([
            status("s1"), .controlMessage(client: h.client, .request(id: "p1", Self.person("p1@example.com"))),
            status("s2"),
        ])
        let entries = h.journal.take()
        let committed = try #require(entries.firstIndex(where: Self.isCommit))
        let replyIndex = { (id: String) in
            entries.firstIndex {
                if case .left(.sendToControl(_, let message)) = $0 { message.header.replyTo == id } else { false }
            }
        }
        #expect(try #require(replyIndex("s1")) < committed, "status changed nothing: it did not wait")
        #expect(try #require(replyIndex("s2")) > committed, "after the change, everything waits for the commit")
    }

    @Test func aLostBurstAnswersItsFirstEventAndRunsTheOthersAgain() throws {
        var h = try HostHarness(undoesUnits: true)
        _ = h.journal.take()
        h.driver.store.failingCommits = 1
        let burst = (1...3).map {
            HostEvent.controlMessage(client: h.client, .request(id: "p\($0)", Self.person("p\($0)@example.com")))
        }
        h.driver.burst(burst)
        let replies = h.journal.left.controlReplies
        #expect(replies.map(\.header.replyTo) == ["p1", "p2", "p3"])
        #expect(replies.first?.error?.isHost(.storageUnavailable) == true)
        #expect(replies.dropFirst().allSatisfy { $0.isOK }, "run again, each in a unit of its own")
        #expect(h.machine.world.people["p1@example.com"] == nil)
        #expect(h.machine.world.people["p3@example.com"] != nil)
    }

    // MARK: Steps nested in a unit

    @Test func filesLookedAtBeforeAnyChangeAreAnsweredInsideTheUnit() throws {
        var (h, instance) = try Self.ready()
        let file = HostHarness.storedFile("report", mediaType: "application/pdf")
        h.driver.store.files = { _, _ in .accepted(file) }
        let request = AttachmentRequestBody(instance: instance, url: "file:///tmp/report.pdf", alternateFilename: nil)
        let parked = h.request(.sendAttachment, request, from: instance)
        #expect(parked.inspections.count == 1, "the machine's own answer: look at the file first")
        let entries = h.journal.take()
        #expect(entries.filter(Self.isCommit).count == 1, "the send and its files: one unit")
        let left = entries.compactMap { if case .left(let action) = $0 { action } else { nil } }
        #expect(left.extensionReplies.first?.isOK == true)
        #expect(
            !left.contains { if case .inspectFiles = $0 { true } else { false } },
            "looking at files is the store's, not the transport's")
        #expect(h.history.storedMessages.values.map(\.content) == [.attachment(file)])
    }

    @Test func aReadFailureUndoesTheWholeUnit() throws {
        var h = try HostHarness(undoesUnits: true)
        let breakable = HostStateMachineUnreadableTests.BreakableHistory(h.history)
        h.machine = h.machine.forked(history: breakable, ids: h.machine.ids)
        _ = try h.dispatch(MessageValue(summaryText: "stored before the damage"))
        _ = h.journal.take()
        let people = h.machine.world.people
        let transcript = ControlRequest.observation(
            .transcript(TranscriptRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation)))
        breakable.broken = true
        h.driver.burst([
            .controlMessage(client: h.client, .request(id: "p1", Self.person("p1@example.com"))),
            .controlMessage(client: h.client, .request(id: "t1", transcript)),
        ])
        let entries = h.journal.take()
        #expect(entries.contains { if case .rolledBack = $0 { true } else { false } })
        #expect(!entries.contains(where: Self.isCommit), "nothing was kept")
        #expect(h.machine.world.people == people)
        let replies = entries.compactMap { if case .left(let action) = $0 { action } else { nil } }.controlReplies
        #expect(replies.map(\.header.replyTo) == ["p1", "t1"])
        #expect(
            replies.allSatisfy { $0.error?.isHost(.storageUnavailable) == true },
            "the first answered, the second run again and undone alone")
    }

    @Test func timersFiredInsideALostUnitAreUsedUpWithItAndRetried() throws {
        var settings = HostSettings()
        settings.manualClock = true
        var h = try HostHarness(settings: settings, undoesUnits: true)
        h.driver.transport.firesTimers = true
        #expect(
            try h.controlReply(
                .delivery(.delivery(DeliveryRequest(device: HostHarness.benPhone, latencyMs: 500, hold: nil)))
            ).isOK)
        _ = try h.dispatch(MessageValue(summaryText: "on its way"))
        #expect(h.driver.transport.timers.contains { if case .delivery = $0.id { true } else { false } })
        _ = h.journal.take()
        // The clock's move reaches the delivery's timer inside the request's unit, whose
        // commit then fails: the request is answered, the timer is handed back to run again.
        h.driver.store.failingCommits = 1
        let (id, _) = h.control(.supervision(.advanceClock(AdvanceClockRequest(milliseconds: 1_000))))
        let entries = h.journal.take()
        let retried = entries.compactMap { if case .retry(let events) = $0 { events } else { nil } }.flatMap { $0 }
        #expect(retried.contains { if case .timer(.delivery) = $0 { true } else { false } })
        let left = entries.compactMap { if case .left(let action) = $0 { action } else { nil } }
        #expect(left.controlReplies.first { $0.header.replyTo == id }?.error?.isHost(.storageUnavailable) == true)
        #expect(left.callbacks.isEmpty && left.persisted.isEmpty)
        // Run again, the timer delivers.
        for event in retried { h.driver.dispatch(event) }
        #expect(h.history.storedTranscripts.keys.contains { $0.device == HostHarness.benPhone })
    }
}
