import MsgHostCore
import MsgHostProtocol

/// History in dictionaries: for the core's unit tests, the fuzzers and tools that build a world
/// in memory, which write it as the shell writes the store (the `.persist` actions' changes).
/// It answers exactly what the SQLite store answers; its reads may scan (test worlds are
/// small), the store's never do, and never fail.
public final class InMemoryHistory: HistoryStore, @unchecked Sendable {
    private var messages: [String: StoredMessage] = [:]
    /// Each transcript's entries, sorted by id.
    private var transcripts: [TranscriptKey: [TranscriptEntry]] = [:]
    private var locations: [Int: (device: String, conversation: String)] = [:]
    private var maxEntryID = 0
    /// device → its owner (from the directory changes it is given too).
    private var owners: [String: String] = [:]

    public init() {}

    public func record(_ changes: [WorldChange]) {
        for change in changes {
            switch change {
            case .messageStored(let message):
                self.messages[message.id] = message
            case .transcriptEntryAdded(let device, let conversation, let entry):
                self.transcripts[Self.key(device, conversation), default: []].append(entry)
                self.locations[entry.id] = (device, conversation)
                self.maxEntryID = max(self.maxEntryID, entry.id)
            case .transcriptEntryChanged(let device, let conversation, let entry):
                let key = Self.key(device, conversation)
                if let index = self.transcripts[key]?.firstIndex(where: { $0.id == entry.id }) { self.transcripts[key]![index] = entry }
            case .transcriptEntryRemoved(let device, let conversation, let entryID):
                self.transcripts[Self.key(device, conversation)]?.removeAll { $0.id == entryID }
                self.locations[entryID] = nil
            case .deviceCreated(let device):
                self.owners[device.id] = device.owner
            default:
                break  // the directory lives in `World`
            }
        }
    }

    public func message(_ id: String) -> StoredMessage? { self.messages[id] }

    /// Everything stored, for tests that check what was (or was not) sent.
    public var storedMessages: [String: StoredMessage] { self.messages }
    public var storedTranscripts: [TranscriptKey: [TranscriptEntry]] { self.transcripts.filter { !$0.value.isEmpty } }

    public func entry(_ id: Int) -> LocatedEntry? {
        guard let (device, conversation) = self.locations[id],
              let entry = self.all(device, conversation).first(where: { $0.id == id })
        else { return nil }
        return LocatedEntry(device: device, conversation: conversation, entry: entry)
    }

    public func entries(device: String, conversation: String, before: Int?, limit: Int) -> [TranscriptEntry] {
        Array(self.all(device, conversation).filter { before == nil || $0.id < before! }.suffix(max(0, limit)))
    }

    public func entryCount(device: String, conversation: String, from: Int?) -> Int {
        self.all(device, conversation).filter { from == nil || $0.id >= from! }.count
    }

    public func sessionBubbles(device: String, conversation: String, app: String, session: String) -> [TranscriptEntry] {
        self.bubbles(device, conversation) { $0.sessionKey.map { $0 == (app, session) } ?? false }
    }

    public func liveBubbles(device: String, conversation: String, newest: Int) -> [TranscriptEntry] {
        let screen = Set(self.all(device, conversation).suffix(max(0, newest)).map(\.id))
        return self.bubbles(device, conversation) { $0.isLiveLayout }.filter { screen.contains($0.id) }
    }

    public func unseenExpiring(device: String, conversation: String) -> [TranscriptEntry] {
        self.all(device, conversation).filter { $0.seenAt == nil && self.expires($0, on: device) }
    }

    public func seenExpiring() -> [LocatedEntry] {
        self.transcripts.keys.sorted { ($0.device, $0.conversation) < ($1.device, $1.conversation) }.flatMap { key -> [LocatedEntry] in
            self.transcripts[key, default: []].filter { $0.seenAt != nil && !$0.kept && self.expires($0, on: key.device) }
                .map { LocatedEntry(device: key.device, conversation: key.conversation, entry: $0) }
        }
    }

    public func lastEntryID() -> Int { self.maxEntryID }

    /// An entry of someone else's expiring message.
    private func expires(_ entry: TranscriptEntry, on device: String) -> Bool {
        guard let message = self.messages[entry.messageID] else { return false }
        return message.isExpiring && message.sender != self.owners[device]
    }

    private func all(_ device: String, _ conversation: String) -> [TranscriptEntry] {
        self.transcripts[Self.key(device, conversation)] ?? []
    }

    private func bubbles(_ device: String, _ conversation: String, where matches: (StoredMessage) -> Bool) -> [TranscriptEntry] {
        self.all(device, conversation).filter { $0.kind == .bubble && self.messages[$0.messageID].map(matches) == true }
    }

    private static func key(_ device: String, _ conversation: String) -> TranscriptKey { TranscriptKey(device: device, conversation: conversation) }
}
