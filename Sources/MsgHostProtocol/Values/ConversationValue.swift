/// `MSConversation` as one install sees it (PROTOCOL.md §5.1).
public struct ConversationValue: Codable, Hashable, Sendable {
    public var localParticipantIdentifier: String
    public var remoteParticipantIdentifiers: [String]
    public var selectedMessage: MessageValue?

    public init(
        localParticipantIdentifier: String, remoteParticipantIdentifiers: [String], selectedMessage: MessageValue? = nil
    ) {
        self.localParticipantIdentifier = localParticipantIdentifier
        self.remoteParticipantIdentifiers = remoteParticipantIdentifiers
        self.selectedMessage = selectedMessage
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.localParticipantIdentifier, forKey: .localParticipantIdentifier)
        try container.encode(self.remoteParticipantIdentifiers, forKey: .remoteParticipantIdentifiers)
        try container.encode(self.selectedMessage, forKey: .selectedMessage)  // explicit null
    }
}
