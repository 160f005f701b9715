import MsgHostProtocol

/// One durable change to the world. The state machine emits these in a `.persist` action
/// before any reply that acknowledges them; the store applies a batch in one transaction.
public enum WorldChange: Hashable, Sendable {
    case personCreated(Person)
    case deviceCreated(Device)
    case conversationCreated(Conversation)
    case installCreated(Install)
    /// The install is gone. Its participant identifiers stay, retired (see `World.participants`):
    /// no reader is ever given one, but what it sent is still translated with them.
    case installRemoved(installID: String)
    case participantAssigned(installID: String, person: String, identifier: String)
    case messageStored(StoredMessage)
    case transcriptEntryAdded(device: String, conversation: String, TranscriptEntry)
    /// The entry with this id now reads like this (collapsed into a summary, seen, kept).
    case transcriptEntryChanged(device: String, conversation: String, TranscriptEntry)
    case transcriptEntryRemoved(device: String, conversation: String, entryID: Int)
    case inputFieldChanged(device: String, conversation: String, InputField)
    /// The name a device's owner has for a person; nil goes back to their display name.
    case contactNamed(device: String, person: String, name: String?)
    /// How messages reach a device from now on (`delivery`): acknowledged, so it is kept.
    case deliveryRuleChanged(device: String, DeliveryRule)
    case deliveryPending(PendingDelivery)
    case deliveryDone(id: Int)
    /// `person` joined the conversation (last among its members); a former member rejoins.
    case memberAdded(conversation: String, person: String)
    /// `person` left the conversation: a former member from now on (World.formerMembers).
    case memberRemoved(conversation: String, person: String)
}

/// How messages reach one device (SPEC §5 delivery control): after a latency, or held until
/// released. The default, at once, is not stored.
public struct DeliveryRule: Hashable, Sendable {
    public var latencyMs: Int64 = 0
    public var hold = false

    public init(latencyMs: Int64 = 0, hold: Bool = false) {
        self.latencyMs = latencyMs
        self.hold = hold
    }

    public var isImmediate: Bool { self.latencyMs == 0 && !self.hold }
}

/// A message on its way to one device: delayed by the device's latency, or held until the
/// control API releases it (SPEC §5), so group races can be staged.
public struct PendingDelivery: Codable, Hashable, Sendable {
    public var id: Int
    public var device: String
    public var conversation: String
    public var messageID: String
    /// When it arrives if not held, on the host clock.
    public var dueAt: Int64
    public var held: Bool

    public init(id: Int, device: String, conversation: String, messageID: String, dueAt: Int64, held: Bool) {
        self.id = id
        self.device = device
        self.conversation = conversation
        self.messageID = messageID
        self.dueAt = dueAt
        self.held = held
    }
}
