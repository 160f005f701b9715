import MsgHostProtocol

/// Where the world's history is read from: stored messages and every device's transcript
/// entries.
///
/// The core keeps in memory only what its rules need (the directory: people, devices,
/// conversations, installs, identifiers, contacts, input fields, deliveries) and reads history
/// through this protocol, injected as its clock and ids are: `InMemoryHistory` for unit tests,
/// the GRDB store in the daemon. Every read is an indexed lookup, never a scan of a whole
/// transcript, so a daemon holding a million messages stays small and starts fast.
///
/// Reads throw: a store that cannot answer says so, and the core answers the request that
/// needed it `storageUnavailable` (PROTOCOL.md §3.5) instead of taking "not there" for an
/// answer. The core never writes through it: what it changes leaves in `.persist` actions and
/// the shell writes them (into MsgHostStore's writable history); until then the core reads its own
/// changes from `PendingHistory`.
public protocol HistoryReader: Sendable {
    func message(_ id: String) throws -> StoredMessage?

    /// The entry with this id, wherever it is.
    func entry(_ id: Int) throws -> LocatedEntry?

    /// Up to `limit` entries of a transcript with ids below `before` (all when nil), the newest
    /// ones, returned oldest first.
    func entries(device: String, conversation: String, before: Int?, limit: Int) throws -> [TranscriptEntry]

    /// How many entries a transcript has with ids at or above `from` (all when nil).
    func entryCount(device: String, conversation: String, from: Int?) throws -> Int

    /// The bubbles of `app`'s messages of `session` in a transcript, oldest first.
    func sessionBubbles(device: String, conversation: String, app: String, session: String) throws -> [TranscriptEntry]

    /// The bubbles of live-layout messages among the newest `newest` entries of a transcript
    /// (what is on screen), oldest first.
    func liveBubbles(device: String, conversation: String, newest: Int) throws -> [TranscriptEntry]

    /// Entries of expiring messages in a transcript that its device has not shown yet. Only
    /// messages from others expire (SPEC §5: from a recipient's transcript), so the device
    /// owner's own are never among them, however many they sent.
    func unseenExpiring(device: String, conversation: String) throws -> [TranscriptEntry]

    /// Entries of expiring messages, anywhere, that were seen and not kept: their expiry is
    /// under way (timers to start again after a restart).
    func seenExpiring() throws -> [LocatedEntry]

    /// The largest transcript entry id ever stored (0 if none): new ids count up from it.
    func lastEntryID() throws -> Int
}

/// A transcript entry and the transcript it is in.
public struct LocatedEntry: Hashable, Sendable {
    public var device: String
    public var conversation: String
    public var entry: TranscriptEntry

    public init(device: String, conversation: String, entry: TranscriptEntry) {
        self.device = device
        self.conversation = conversation
        self.entry = entry
    }
}

extension StoredMessage {
    /// What the store indexes an entry of this message by (its flags are fixed at arrival).
    public var isLiveLayout: Bool {
        if case .live? = self.message?.layout { return true }
        return false
    }

    public var isExpiring: Bool { self.message?.shouldExpire == true }

    /// The session a bubble of this message belongs to, for the session rule (SPEC §5).
    public var sessionKey: (app: String, session: String)? {
        guard let app = self.app, let session = self.message?.session else { return nil }
        return (app, session)
    }
}

/// No stored history at all: the reader of a world built in memory (`World()`), whose
/// messages and entries all live in its pending history.
public struct EmptyHistory: HistoryReader {
    public init() {}
    public func message(_ id: String) -> StoredMessage? { nil }
    public func entry(_ id: Int) -> LocatedEntry? { nil }
    public func entries(device: String, conversation: String, before: Int?, limit: Int) -> [TranscriptEntry] { [] }
    public func entryCount(device: String, conversation: String, from: Int?) -> Int { 0 }
    public func sessionBubbles(device: String, conversation: String, app: String, session: String) -> [TranscriptEntry]
    { [] }
    public func liveBubbles(device: String, conversation: String, newest: Int) -> [TranscriptEntry] { [] }
    public func unseenExpiring(device: String, conversation: String) -> [TranscriptEntry] { [] }
    public func seenExpiring() -> [LocatedEntry] { [] }
    public func lastEntryID() -> Int { 0 }
}
