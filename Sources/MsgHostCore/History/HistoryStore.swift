import MsgHostProtocol

/// Where the world's history lives: stored messages and every device's transcript entries.
///
/// The core keeps in memory only what its rules need (the directory: people, devices,
/// conversations, installs, identifiers, contacts, input fields, deliveries) and reads history
/// through this protocol, injected as its clock and ids are: `InMemoryHistory` for unit tests,
/// the GRDB store in the daemon. Every read is an indexed lookup, never a scan of a whole
/// transcript, so a daemon holding a million messages stays small and starts fast.
///
/// Writes (`record`) belong to the current batch: later reads see them at once, and the shell
/// makes them durable (commits) before it sends anything that acknowledges them.
public protocol HistoryStore: AnyObject, Sendable {
    /// Writes changes as part of the current batch. The store keeps every kind of change
    /// (the directory too, so that it can be loaded again); reads see them at once.
    func record(_ changes: [WorldChange])

    func message(_ id: String) -> StoredMessage?

    /// The entry with this id, wherever it is.
    func entry(_ id: Int) -> LocatedEntry?

    /// Up to `limit` entries of a transcript with ids below `before` (all when nil), the newest
    /// ones, returned oldest first.
    func entries(device: String, conversation: String, before: Int?, limit: Int) -> [TranscriptEntry]

    /// How many entries a transcript has with ids at or above `from` (all when nil).
    func entryCount(device: String, conversation: String, from: Int?) -> Int

    /// The bubbles of `app`'s messages of `session` in a transcript, oldest first.
    func sessionBubbles(device: String, conversation: String, app: String, session: String) -> [TranscriptEntry]

    /// The bubbles of live-layout messages among the newest `newest` entries of a transcript
    /// (what is on screen), oldest first.
    func liveBubbles(device: String, conversation: String, newest: Int) -> [TranscriptEntry]

    /// Entries of expiring messages in a transcript that its device has not shown yet. Only
    /// messages from others expire (SPEC §5: from a recipient's transcript), so the device
    /// owner's own are never among them, however many they sent.
    func unseenExpiring(device: String, conversation: String) -> [TranscriptEntry]

    /// Entries of expiring messages, anywhere, that were seen and not kept: their expiry is
    /// under way (timers to start again after a restart).
    func seenExpiring() -> [LocatedEntry]

    /// The largest transcript entry id ever stored (0 if none): new ids count up from it.
    func lastEntryID() -> Int
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
