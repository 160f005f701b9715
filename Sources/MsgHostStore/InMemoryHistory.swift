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
    /// How to undo each write of the open batch, oldest first (nil: no batch is open): a
    /// rollback costs what the batch wrote, not what the history holds.
    private var undo: [Undo]?

    private enum Undo {
        case message(id: String, was: StoredMessage?)
        case added(
            key: TranscriptKey, keyWasThere: Bool, location: (device: String, conversation: String)?, maxEntryID: Int)
        case changed(key: TranscriptKey, index: Int, was: TranscriptEntry)
        case removed(
            key: TranscriptKey, entries: [TranscriptEntry]?, entryID: Int,
            location: (device: String, conversation: String)?)
        case owner(device: String, was: String?)
    }

    public init() {}

    /// Whether something was recorded since the last `commit` or `rollBack`.
    public var hasOpenBatch: Bool { self.undo != nil }

    /// Keeps the open batch: memory cannot fail to.
    public func commit() { self.undo = nil }

    /// Puts everything back as it was before the open batch.
    public func rollBack() {
        for step in (self.undo.take() ?? []).reversed() {
            switch step {
            case .message(let id, let was):
                self.messages[id] = was
            case .added(let key, let keyWasThere, let location, let maxEntryID):
                if let entry = self.transcripts[key]?.popLast() { self.locations[entry.id] = location }
                if !keyWasThere { self.transcripts[key] = nil }
                self.maxEntryID = maxEntryID
            case .changed(let key, let index, let was):
                self.transcripts[key]?[index] = was
            case .removed(let key, let entries, let entryID, let location):
                self.transcripts[key] = entries
                self.locations[entryID] = location
            case .owner(let device, let was):
                self.owners[device] = was
            }
        }
    }

    public func record(_ changes: [WorldChange]) {
        guard !changes.isEmpty else { return }
        var undo = self.undo.take() ?? []
        defer { self.undo = undo }
        for change in changes {
            switch change {
            case .messageStored(let message):
                undo.append(.message(id: message.id, was: self.messages[message.id]))
                self.messages[message.id] = message
            case .transcriptEntryAdded(let device, let conversation, let entry):
                let key = Self.key(device, conversation)
                undo.append(
                    .added(
                        key: key, keyWasThere: self.transcripts[key] != nil, location: self.locations[entry.id],
                        maxEntryID: self.maxEntryID))
                self.transcripts[key, default: []].append(entry)
                self.locations[entry.id] = (device, conversation)
                self.maxEntryID = max(self.maxEntryID, entry.id)
            case .transcriptEntryChanged(let device, let conversation, let entry):
                let key = Self.key(device, conversation)
                if let index = self.transcripts[key]?.firstIndex(where: { $0.id == entry.id }) {
                    undo.append(.changed(key: key, index: index, was: self.transcripts[key]![index]))
                    self.transcripts[key]![index] = entry
                }
            case .transcriptEntryRemoved(let device, let conversation, let entryID):
                let key = Self.key(device, conversation)
                undo.append(
                    .removed(
                        key: key, entries: self.transcripts[key], entryID: entryID, location: self.locations[entryID]))
                self.transcripts[key]?.removeAll { $0.id == entryID }
                self.locations[entryID] = nil
            case .deviceCreated(let device):
                undo.append(.owner(device: device.id, was: self.owners[device.id]))
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

    public func sessionBubbles(device: String, conversation: String, app: String, session: String) -> [TranscriptEntry]
    {
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
        self.transcripts.keys.sorted { ($0.device, $0.conversation) < ($1.device, $1.conversation) }.flatMap {
            key -> [LocatedEntry] in
            self.transcripts[key, default: []].filter {
                $0.seenAt != nil && !$0.kept && self.expires($0, on: key.device)
            }
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

    private func bubbles(_ device: String, _ conversation: String, where matches: (StoredMessage) -> Bool)
        -> [TranscriptEntry]
    {
        self.all(device, conversation).filter { $0.kind == .bubble && self.messages[$0.messageID].map(matches) == true }
    }

    private static func key(_ device: String, _ conversation: String) -> TranscriptKey {
        TranscriptKey(device: device, conversation: conversation)
    }
}
