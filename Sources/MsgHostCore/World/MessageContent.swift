import MsgHostProtocol

/// What a stored message carries: an app's `MSMessage`, plain text, a sticker or an attachment.
public enum MessageContent: Codable, Hashable, Sendable {
    /// An interactive message. `image` and `media` are the layout's image and media file,
    /// copied into the daemon's store when the message was accepted.
    case app(MessageValue, image: StoredFile?, media: StoredFile?)
    case text(String)
    case sticker(StoredFile, description: String)
    /// A sticker the user peeled onto the bubble of message `onto` (sent at once).
    case peeledSticker(StoredFile, description: String, onto: String)
    case attachment(StoredFile)

    /// The `MSMessage`, for app messages.
    public var appMessage: MessageValue? {
        if case .app(let message, _, _) = self { return message }
        return nil
    }

    /// A short human form for logs and terminals.
    public var kindName: String {
        switch self {
        case .app: "message"
        case .text: "text"
        case .sticker, .peeledSticker: "sticker"
        case .attachment: "attachment"
        }
    }
}

/// A message as the host keeps it: who sent it, from where, and what was sent (after the
/// host's own changes, such as a dropped URL).
public struct StoredMessage: Codable, Hashable, Sendable {
    public var id: String
    public var conversation: String
    /// The app that sent it; nil for what the user typed or attached by hand.
    public var app: String?
    public var sender: String
    public var senderDevice: String
    /// The sending install, whose participant identifiers the message's `$<uuid>` tokens use.
    public var senderInstall: String?
    public var sentAt: Int64
    public var content: MessageContent

    public init(
        id: String, conversation: String, app: String?, sender: String, senderDevice: String,
        senderInstall: String?, sentAt: Int64, content: MessageContent
    ) {
        self.id = id
        self.conversation = conversation
        self.app = app
        self.sender = sender
        self.senderDevice = senderDevice
        self.senderInstall = senderInstall
        self.sentAt = sentAt
        self.content = content
    }

    /// An item in the input field of `conversation` on `device` (owned by `owner`), as its
    /// app and the device's owner see it: a message not sent yet, whose id is "staged".
    static func staged(
        _ content: MessageContent, app: String?, install: String?, device: String, owner: String, conversation: String,
        at time: Int64
    ) -> StoredMessage {
        StoredMessage(
            id: "staged", conversation: conversation, app: app, sender: owner, senderDevice: device,
            senderInstall: install, sentAt: time, content: content)
    }

    /// An app message without files.
    public init(
        id: String, conversation: String, app: String, sender: String, senderDevice: String,
        senderInstall: String, sentAt: Int64, message: MessageValue
    ) {
        self.init(
            id: id, conversation: conversation, app: app, sender: sender, senderDevice: senderDevice,
            senderInstall: senderInstall, sentAt: sentAt, content: .app(message, image: nil, media: nil))
    }

    /// The `MSMessage`, for app messages.
    public var message: MessageValue? { self.content.appMessage }
}
