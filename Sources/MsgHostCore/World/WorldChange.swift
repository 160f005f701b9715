import MsgHostProtocol

/// One durable change to the world. The state machine emits these in a `.persist` action
/// before any reply that acknowledges them; the store applies a batch in one transaction.
public enum WorldChange: Hashable, Sendable {
    case personCreated(Person)
    case deviceCreated(Device)
    case conversationCreated(Conversation)
    case installCreated(Install)
    /// The install and every participant identifier it had are gone.
    case installRemoved(installID: String)
    case participantAssigned(installID: String, person: String, identifier: String)
    case messageStored(StoredMessage)
    case transcriptAppended(device: String, conversation: String, messageID: String)
}

/// A message as the host keeps it: who sent it, from where, and what the extension sent
/// (after the host's own changes, such as a dropped URL).
public struct StoredMessage: Codable, Hashable, Sendable {
    public var id: String
    public var conversation: String
    public var app: String
    public var sender: String
    public var senderDevice: String
    public var senderInstall: String
    public var sentAt: Int64
    public var message: MessageValue

    public init(
        id: String, conversation: String, app: String, sender: String, senderDevice: String,
        senderInstall: String, sentAt: Int64, message: MessageValue
    ) {
        self.id = id
        self.conversation = conversation
        self.app = app
        self.sender = sender
        self.senderDevice = senderDevice
        self.senderInstall = senderInstall
        self.sentAt = sentAt
        self.message = message
    }
}
