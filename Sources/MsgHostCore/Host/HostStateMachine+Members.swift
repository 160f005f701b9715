import HashTreeCollections
import MsgHostProtocol

/// `addMember` and `removeMember` (group changes). Messages gives an extension no
/// callback when a conversation's members change: an active instance learns of it from the
/// `conversation` of its next callback, whose identifiers are read when it is made.
extension HostStateMachine {
    mutating func changeMembers(adding: Bool, _ request: MemberRequest, to: ControlRequestRef, now: Instant)
        throws(WireError) -> [HostAction]
    {
        let changes =
            adding
            ? try self.world.addMember(request.person, to: request.conversation)
            : try self.world.removeMember(request.person, from: request.conversation)
        var actions: [HostAction] = [.persist(changes)]
        actions.append(
            self.outbox.record(
                adding ? .memberAdded : .memberRemoved, now: now, conversation: request.conversation,
                detail: request.person))
        var waitOn: Set<String> = []
        if !adding {
            // A conversation one has left has no app drawer: the app presented in it on a
            // leaver's device is dismissed (the resign sequence), and cannot be opened again.
            for device in self.world.devices(of: request.person) {
                guard let current = self.screens.presented[device.id],
                    self.screens[current]?.conversation == request.conversation
                else { continue }
                let resigned = try reading(self.resign(current, now: now))
                actions += resigned.actions
                waitOn.formUnion(resigned.instances)
            }
        }
        let result = ControlResult.conversation(
            ConversationResult(conversation: try self.world.conversation(request.conversation)))
        return actions + self.reply(to: to, result, after: waitOn, now: now)
    }
}
