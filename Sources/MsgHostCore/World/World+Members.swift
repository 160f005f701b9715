import HashTreeCollections
import MsgHostProtocol

/// Group changes: a person is added to or removed from a conversation. Delivery
/// reads the members when a message is sent, so a newcomer's devices get only what is sent
/// after they joined and a leaver's devices nothing sent after they left; identifiers need
/// nothing new, since every install has one for every person in the world from the start.
extension World {
    /// The smallest group Messages keeps: removing someone from a pair is refused.
    public static let minimumMembers = 2

    public mutating func addMember(_ person: String, to conversationID: String) throws(WireError) -> [WorldChange] {
        let conversation = try self.conversation(conversationID)
        _ = try self.person(person)
        guard !conversation.members.contains(person) else {
            throw .control(.alreadyExists, "\(person) is already a member of \(conversationID)")
        }
        return self.applying([.memberAdded(conversation: conversationID, person: person)])
    }

    public mutating func removeMember(_ person: String, from conversationID: String) throws(WireError) -> [WorldChange]
    {
        let conversation = try self.conversation(conversationID)
        _ = try self.person(person)
        guard conversation.members.contains(person) else {
            throw .control(.notFound, "\(person) is not a member of \(conversationID)")
        }
        guard conversation.members.count > Self.minimumMembers else {
            throw .control(
                .invalidState,
                "\(conversationID) has \(conversation.members.count) members; a conversation keeps at least \(Self.minimumMembers)"
            )
        }
        return self.applying([.memberRemoved(conversation: conversationID, person: person)])
    }

    /// Whether `person` was removed from the conversation and has not rejoined.
    public func isFormerMember(_ person: String, of conversationID: String) -> Bool {
        self.formerMembers[conversationID]?.contains(person) == true
    }
}

extension World {
    /// The conversation, if `device`'s owner is a member of it (or, when `readOnly`, was one:
    /// a former member's devices keep showing what they had, but do nothing in it).
    func memberConversation(_ id: String, of device: Device, readOnly: Bool = false) throws(WireError) -> Conversation {
        let conversation = try self.conversation(id)
        if readOnly, self.isFormerMember(device.owner, of: id) { return conversation }
        guard conversation.members.contains(device.owner) else {
            if self.isFormerMember(device.owner, of: id) {
                throw .control(
                    .invalidState,
                    "\(device.owner), who owns \(device.id), was removed from \(conversation.id): its transcript can be read, nothing done in it"
                )
            }
            throw .control(
                .invalidState, "\(device.owner), who owns \(device.id), is not a member of \(conversation.id)")
        }
        return conversation
    }

    /// The conversation whose members are exactly `members`, the oldest by id if several, or
    /// a new one with an id from `newID` (as Messages starts one).
    mutating func conversation(of members: [String], newID: () -> String) throws(WireError) -> (String, [WorldChange]) {
        let wanted = Set(members)
        if let existing = self.conversations.values.filter({ Set($0.members) == wanted }).map(\.id).min() {
            return (existing, [])
        }
        let id = newID()
        return (id, try self.createConversation(id: id, members: members))
    }
}
