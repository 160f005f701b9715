import Foundation

/// `MSMessage`: an app's interactive message, as in Messages.framework.
///
/// Like Apple's, it is a mutable reference type and not thread-safe: build it on one thread,
/// then hand it to `MSConversation`, which encodes it at once.
open class MSMessage: NSObject, NSCopying {
    /// Messages with the same session replace each other in the transcript.
    public let session: MSSession?

    private var storedURL: URL?

    /// The app's data. As `-[MSMessage setURL:]` does, a URL whose scheme is not `http`, `https`
    /// or `data` is not taken (the old value stays), and the log says so, naming the scheme; a
    /// URL without a scheme (`?base=cone`, as Apple's samples make with `URLComponents`) is
    /// kept, and so is nil. At most 5,000 characters, else inserting or sending fails with
    /// `urlExceedsMaxSize` (8).
    open var url: URL? {
        get { self.storedURL }
        set {
            if let scheme = newValue?.scheme?.lowercased(), !["http", "https", "data"].contains(scheme) {
                return HostConnection.log(
                    "MSMessage.url = \(newValue!.absoluteString.prefix(80)) not taken: Messages keeps http, https and data URLs, and URLs without a scheme, not \"\(scheme):\"; the message keeps \(self.storedURL.map { "its URL \($0.absoluteString.prefix(80))" } ?? "no URL")"
                )
            }
            self.storedURL = newValue
        }
    }

    open var layout: MSMessageLayout?
    /// What the bubble collapses into when a later message of its session arrives, and what
    /// the conversation list shows. `$<uuid>` names a participant.
    open var summaryText: String?
    open var accessibilityLabel: String?
    /// Removed from the recipient's transcript a while after it was read, unless kept.
    open var shouldExpire: Bool = false
    /// True for the message staged in the input field; false once sending started and on
    /// received messages. Set by the host.
    public internal(set) var isPending: Bool = false
    /// The sender, as this install sees them. Declared non-optional as in Apple's header; like
    /// there, it is meaningless (here: the nil UUID) until the host has seen the message.
    public internal(set) var senderParticipantIdentifier: UUID = UUID(uuid: UUID.nilBytes)
    /// Apple's "nil if not yet sent, still sending or sent successfully"; msghost reports
    /// failures through completion handlers and leaves it nil.
    open var error: (any Error)?

    public override init() {
        self.session = nil
        super.init()
    }

    public init(session: MSSession) {
        self.session = session
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = self.session.map { MSMessage(session: $0) } ?? MSMessage()
        copy.storedURL = self.storedURL
        copy.layout = self.layout?.copy() as? MSMessageLayout
        copy.summaryText = self.summaryText
        copy.accessibilityLabel = self.accessibilityLabel
        copy.shouldExpire = self.shouldExpire
        copy.isPending = self.isPending
        copy.senderParticipantIdentifier = self.senderParticipantIdentifier
        copy.error = self.error
        return copy
    }
}

extension UUID {
    /// The all-zero UUID, for identifiers the host has not given yet.
    static let nilBytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
