import ArgumentParser
import MsgHostProtocol

/// Group changes (`addMember`, `removeMember`): `msghostctl conversation add-member group cleo`.
extension ConversationCommand {
    struct AddMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add a person to a conversation: their devices get what is sent from now on; every install already has an identifier for them."
        )
        @OptionGroup var change: MemberChange

        func run() throws { try self.change.call(.addMember, "added \(self.change.person) to") }
    }

    struct RemoveMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Remove a person from a conversation of 3 or more: their devices keep what they had and get nothing more."
        )
        @OptionGroup var change: MemberChange

        func run() throws { try self.change.call(.removeMember, "removed \(self.change.person) from") }
    }
}

/// The arguments both take, and the call: the reply names the members as they are now.
struct MemberChange: ParsableArguments {
    @Argument(help: "The conversation id.") var conversation: String
    @Argument(help: "The person's handle.") var person: String
    @OptionGroup var connection: Connection

    func call(_ command: ControlCommand, _ done: String) throws {
        try self.connection.call(
            command, MemberRequest(conversation: self.conversation, person: self.person), as: ConversationResult.self
        ) {
            "\(done) \($0.conversation.id): \($0.conversation.members.joined(separator: ", "))"
        }
    }
}
