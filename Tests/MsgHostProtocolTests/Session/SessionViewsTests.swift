import MsgHostProtocol
import Testing

/// A step records what changed in a view; applying the changes in order gives the view back
/// (docs/RECORDING.md), whether entries arrive, change, go, or only scroll beyond the screenful.
@Suite struct SessionViewsTests {
    static func entry(_ id: Int, _ kind: String = "text") -> TranscriptEntryValue {
        TranscriptEntryValue(
            index: id, entry: id, messageID: "m\(id)", kind: kind, sender: "k", senderName: "Kate",
            senderDevice: "kate-iphone", app: nil, sentAt: 0)
    }

    static func view(_ ids: some Sequence<Int>, summary: Int? = nil, text: String = "") -> SessionTranscript {
        SessionTranscript(
            device: "d", conversation: "c", entries: ids.map { Self.entry($0, $0 == summary ? "summary" : "text") },
            olderCount: 0, text: text, staged: nil)
    }

    @Test func changesAppliedInOrderGiveEachViewBack() {
        let start = Self.view(1...50)
        let states = [
            Self.view(2...51),  // one more: the oldest scrolls away, not removed
            Self.view(Array(2...51).filter { $0 != 30 } + [52], summary: 10),  // 30 gone, 10 collapsed, 52 new
            Self.view(Array(2...52).filter { $0 != 30 }, text: "hi"),  // 10 changes again; text typed
        ]
        var views = SessionViews(
            SessionStart(
                startedAt: 0, clock: "manual", settings: [:], apps: [],
                world: SessionWorld(people: [], devices: [], conversations: [], installs: []),
                participants: [], contacts: [], delivery: [], transcripts: [start]))
        var last = start
        for state in states {
            let change = SessionViews.change(from: last, to: state)
            views.apply(change)
            #expect(views[SessionViews.Key(device: "d", conversation: "c")]?.entries == state.entries)
            #expect(views[SessionViews.Key(device: "d", conversation: "c")]?.text == state.text)
            last = state
        }
        let scrolled = SessionViews.change(from: start, to: states[0])
        #expect(scrolled.entries.map(\.entry) == [51] && scrolled.removed.isEmpty)
        let collapsed = SessionViews.change(from: states[0], to: states[1])
        #expect(collapsed.entries.map(\.entry) == [10, 52] && collapsed.removed == [30])
    }
}
