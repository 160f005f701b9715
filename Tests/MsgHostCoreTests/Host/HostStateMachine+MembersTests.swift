import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down `addMember` and `removeMember` (PROTOCOL §7): no callback for the
/// change itself; an active instance's next callback carries the new identifiers, scoped to
/// its install; a newcomer's devices get what is sent after they joined; a leaver's devices
/// get nothing more, keep their transcript (readable, nothing done in it), and the app open
/// there is dismissed; both are persisted before the reply and make an event.
@Suite struct HostStateMachineMembersTests {
    static func member(
        _ h: inout HostHarness, _ command: ControlCommand, _ person: String,
        in conversation: String = HostHarness.conversation
    ) throws -> (reply: ControlMessage, actions: [HostAction]) {
        let body = MemberRequest(conversation: conversation, person: person)
        return try h.user(command == .addMember ? .admin(.addMember(body)) : .admin(.removeMember(body)))
    }

    @Test func anActiveInstanceSeesANewcomerFirstInItsNextCallback() throws {
        var h = try HostHarness()
        try h.addDevice(HostHarness.cleoPhone, owner: HostHarness.cleo, platform: .ios17)
        let instance = try h.open(on: HostHarness.amberPhone)
        let (reply, actions) = try Self.member(&h, .addMember, HostHarness.cleo)
        #expect(reply.isOK)
        #expect(
            try reply.result(ConversationResult.self).conversation.members == [
                HostHarness.amber, HostHarness.ben, HostHarness.cleo,
            ])
        #expect(actions.callbacks.isEmpty, "Messages has no callback for a membership change")
        #expect(
            actions.contains {
                if case .persist(let changes) = $0 {
                    changes == [.memberAdded(conversation: HostHarness.conversation, person: HostHarness.cleo)]
                } else {
                    false
                }
            })
        #expect(actions.events.map(\.kind) == ["memberAdded"])
        #expect(actions.events.first?.detail == HostHarness.cleo)

        let (_, sent) = try h.dispatch(MessageValue(summaryText: "hello Cleo"), from: HostHarness.benPhone)
        let arrived = h.settle(sent)
        #expect(arrived.callbackTypes(of: instance) == ["didReceive"])
        let body = try #require(arrived.callbacks.first).decodeBody(MessageCallbackBody.self)
        #expect(
            body.conversation.remoteParticipantIdentifiers
                == [
                    h.identifier(of: HostHarness.ben, on: HostHarness.amberPhone),
                    h.identifier(of: HostHarness.cleo, on: HostHarness.amberPhone),
                ].compactMap { $0 })
        #expect(
            try h.machine.world.entries(device: HostHarness.cleoPhone, conversation: HostHarness.conversation).count
                == 1)
    }

    @Test func aLeaversOpenAppIsDismissedAndTheirDevicesGetNothingMore() throws {
        var h = try HostHarness()
        try h.addCleo()
        let cleoInstance = try h.open(on: HostHarness.cleoPhone, in: HostHarness.group)
        let amberInstance = try h.open(on: HostHarness.amberPhone, in: HostHarness.group)
        _ = h.settle(
            try h.dispatch(MessageValue(summaryText: "before"), from: HostHarness.benPhone, in: HostHarness.group).1)

        let (reply, actions) = try Self.member(&h, .removeMember, HostHarness.cleo, in: HostHarness.group)
        #expect(reply.isOK)
        #expect(actions.callbackTypes(of: cleoInstance) == HostHarness.resign)
        #expect(actions.callbackTypes(of: amberInstance).isEmpty)
        #expect(actions.events.map(\.kind).first == "memberRemoved")

        let (_, sent) = try h.dispatch(
            MessageValue(summaryText: "after"), from: HostHarness.benPhone, in: HostHarness.group)
        let arrived = h.settle(sent)
        let body = try #require(arrived.callbacks.first { $0.instance == amberInstance }).decodeBody(
            MessageCallbackBody.self)
        #expect(
            body.conversation.remoteParticipantIdentifiers
                == [h.identifier(of: HostHarness.ben, on: HostHarness.amberPhone)].compactMap { $0 })
        #expect(
            try h.machine.world.entries(device: HostHarness.cleoPhone, conversation: HostHarness.group).count == 1,
            "what Cleo had stays; nothing more")

        // Readable, but nothing is done in it.
        let transcript = try h.controlReply(
            .observation(.transcript(TranscriptRequest(device: HostHarness.cleoPhone, conversation: HostHarness.group)))
        )
        #expect(try transcript.result(TranscriptResult.self).entries.count == 1)
        let open = try h.controlReply(
            .user(
                .open(OpenRequest(device: HostHarness.cleoPhone, conversation: HostHarness.group, app: HostHarness.app))
            ))
        #expect(open.error == .control(.invalidState, ""))
        #expect(open.error?.description.contains("was removed from") == true)
        let typed = try h.controlReply(
            .user(
                .typeText(TypeTextRequest(device: HostHarness.cleoPhone, conversation: HostHarness.group, text: "hi"))))
        #expect(typed.error == .control(.invalidState, ""))
    }

    @Test func refusalsAreControlErrors() throws {
        var h = try HostHarness()
        let pair = try h.controlReply(
            .admin(.removeMember(MemberRequest(conversation: HostHarness.conversation, person: HostHarness.ben))))
        #expect(pair.error == .control(.invalidState, ""))
        let member = try h.controlReply(
            .admin(.addMember(MemberRequest(conversation: HostHarness.conversation, person: HostHarness.ben))))
        #expect(member.error == .control(.alreadyExists, ""))
        let missing = try h.controlThroughCodec("addMember", #"{"conversation":"\#(HostHarness.conversation)"}"#)
        #expect(missing.error == .control(.invalidRequest, ""))
        #expect(missing.error?.description.contains("person") == true)
    }
}
