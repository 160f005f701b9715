import MsgHostProtocol
import MsgHostStore
import Testing

@testable import MsgHostCore

/// When the store cannot answer a read: the machine never takes the failure for
/// "not there". The event's actions are replaced by `.historyUnreadable`, alone, so nothing
/// decided on the empty answer leaves the daemon; the shell puts the machine back at its
/// checkpoint and answers the request `storageUnavailable`. Requests that read no history
/// (`status`) are answered as usual.
@Suite struct HostStateMachineUnreadableTests {
    /// A history whose reads throw while `broken`, over the harness's own (where writes go).
    final class BreakableHistory: HistoryReader, @unchecked Sendable {
        struct Damaged: Error, CustomStringConvertible {
            var description: String { "database disk image is malformed" }
        }
        let base: InMemoryHistory
        var broken = false
        init(_ base: InMemoryHistory) { self.base = base }
        private func check() throws { if self.broken { throw Damaged() } }
        func message(_ id: String) throws -> StoredMessage? {
            try self.check()
            return self.base.message(id)
        }
        func entry(_ id: Int) throws -> LocatedEntry? {
            try self.check()
            return self.base.entry(id)
        }
        func entries(device: String, conversation: String, before: Int?, limit: Int) throws -> [TranscriptEntry] {
            try self.check()
            return self.base.entries(device: device, conversation: conversation, before: before, limit: limit)
        }
        func entryCount(device: String, conversation: String, from: Int?) throws -> Int {
            try self.check()
            return self.base.entryCount(device: device, conversation: conversation, from: from)
        }
        func sessionBubbles(device: String, conversation: String, app: String, session: String) throws
            -> [TranscriptEntry]
        {
            try self.check()
            return self.base.sessionBubbles(device: device, conversation: conversation, app: app, session: session)
        }
        func liveBubbles(device: String, conversation: String, newest: Int) throws -> [TranscriptEntry] {
            try self.check()
            return self.base.liveBubbles(device: device, conversation: conversation, newest: newest)
        }
        func unseenExpiring(device: String, conversation: String) throws -> [TranscriptEntry] {
            try self.check()
            return self.base.unseenExpiring(device: device, conversation: conversation)
        }
        func seenExpiring() throws -> [LocatedEntry] {
            try self.check()
            return self.base.seenExpiring()
        }
        func lastEntryID() throws -> Int {
            try self.check()
            return self.base.lastEntryID()
        }
    }

    /// A harness whose machine reads through a `BreakableHistory`, with one message sent.
    static func harness() throws -> (HostHarness, BreakableHistory) {
        var h = try HostHarness()
        let breakable = BreakableHistory(h.history)
        h.machine = h.machine.forked(history: breakable, ids: h.machine.ids)
        _ = try h.dispatch(MessageValue(summaryText: "stored before the damage"))
        return (h, breakable)
    }

    @Test func aRequestThatReadsHistoryIsUndoneInsteadOfAnsweredNotFound() throws {
        var (h, breakable) = try Self.harness()
        let entry = try #require(h.entryIDs(HostHarness.benPhone).last)
        breakable.broken = true
        let checkpoint = h.machine.checkpoint()
        let (_, transcript) = h.control(
            .observation(
                .transcript(TranscriptRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation))))
        guard case .historyUnreadable(let reason)? = transcript.first, transcript.count == 1 else {
            Issue.record("expected only .historyUnreadable, got \(transcript)")
            return
        }
        #expect(reason.contains("malformed"))
        // A tap reads the entry it names: not `notFound`, the same undoing.
        let (_, tap) = h.control(
            .user(.tap(TapRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: entry))))
        #expect(tap.count == 1 && { if case .historyUnreadable = tap[0] { true } else { false } }())
        // The shell's part: back to the checkpoint, the request answered storageUnavailable.
        h.machine.restore(checkpoint)
        let answered = h.machine.controlRequestNotStored(client: h.client, requestID: "c9", reason: reason, now: h.now)
        #expect(answered.controlReplies.first?.error?.isHost(.storageUnavailable) == true)
    }

    @Test func statusReadsNoHistoryAndIsAnswered() throws {
        var (h, breakable) = try Self.harness()
        breakable.broken = true
        #expect(try h.controlReply(.observation(.status)).isOK)
    }

    @Test func onceTheStoreReadsAgainTheSameRequestIsAnswered() throws {
        var (h, breakable) = try Self.harness()
        breakable.broken = true
        let request = ControlRequest.observation(
            .transcript(TranscriptRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation)))
        let checkpoint = h.machine.checkpoint()
        _ = h.control(request)
        h.machine.restore(checkpoint)
        breakable.broken = false
        let transcript = try h.controlReply(request).result(TranscriptResult.self)
        #expect(transcript.entries.map(\.message?.summaryText) == ["stored before the damage"])
    }

    @Test func aFailedReadIsReportedOnceNotCarriedIntoTheNextEvent() throws {
        var (h, breakable) = try Self.harness()
        breakable.broken = true
        _ = h.control(
            .observation(
                .transcript(TranscriptRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation))))
        breakable.broken = false
        #expect(try h.controlReply(.observation(.status)).isOK)
    }
}
