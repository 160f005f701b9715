/// One line of a device's transcript of a conversation.
///
/// Entries have ids so that later events can change them in place: a session message
/// collapsing into its summary, a message being seen, kept, or expiring.
public struct TranscriptEntry: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// The message itself (a bubble, a text, a sticker, an attachment).
        case bubble
        /// What an earlier message of a session leaves behind when a later one arrives:
        /// its `summaryText`, at its old place (SPEC §5).
        case summary
        /// On a `legacy` device: the layout's image, sent as a plain picture message.
        case legacyImage
        /// On a `legacy` device: the URL, sent as a plain text message (http(s) only).
        case legacyURL
    }

    /// Unique in the world, increasing in arrival order.
    public var id: Int
    public var messageID: String
    public var kind: Kind
    /// When the device's owner first saw it (the device showed the conversation).
    public var seenAt: Int64?
    /// The owner chose to keep an expiring message.
    public var kept: Bool

    public init(id: Int, messageID: String, kind: Kind, seenAt: Int64? = nil, kept: Bool = false) {
        self.id = id
        self.messageID = messageID
        self.kind = kind
        self.seenAt = seenAt
        self.kept = kept
    }
}

/// A device's input field in one conversation: typed text and at most one staged item
/// (SPEC §4). Nothing in it leaves the device until the user taps Send.
public struct InputField: Codable, Hashable, Sendable {
    public var text: String
    public var staged: StagedItem?

    public init(text: String = "", staged: StagedItem? = nil) {
        self.text = text
        self.staged = staged
    }

    public var isEmpty: Bool { self.text.isEmpty && self.staged == nil }
}

/// What an app (or the user) put in the input field: sent as it is when the user taps Send.
public struct StagedItem: Codable, Hashable, Sendable {
    /// The app that inserted it, its install and the instance that did (for `didStartSending`
    /// and `didCancelSending`); nil for the user's own attachments.
    public var app: String?
    public var install: String?
    public var instance: String?
    public var content: MessageContent
    /// When it was put in the input field, on the host clock.
    public var stagedAt: Int64

    public init(app: String?, install: String?, instance: String?, content: MessageContent, stagedAt: Int64) {
        self.app = app
        self.install = install
        self.instance = instance
        self.content = content
        self.stagedAt = stagedAt
    }
}
