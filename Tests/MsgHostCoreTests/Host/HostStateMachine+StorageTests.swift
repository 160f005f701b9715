import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// When the shell cannot store what an event changed (PROTOCOL §3.5): a checkpoint taken
/// before the event puts the machine back — the directory, the touch a send used — while the
/// header ids it saw stay seen; the request is answered `storageUnavailable`, to its own id,
/// signed for its connection.
@Suite struct HostStateMachineStorageTests {
    @Test func restoringACheckpointUndoesADirectoryChange() throws {
        var h = try HostHarness()
        let checkpoint = h.machine.checkpoint()
        let made = try h.controlReply(
            .admin(.createPerson(CreatePersonRequest(handle: "dan@example.com", name: "Dan"))))
        #expect(made.error == nil)
        #expect(h.machine.world.people["dan@example.com"] != nil)
        h.machine.restore(checkpoint)
        #expect(h.machine.world.people["dan@example.com"] == nil)
        // Made again after the restore: not alreadyExists.
        #expect(
            try h.controlReply(.admin(.createPerson(CreatePersonRequest(handle: "dan@example.com", name: "Dan")))).error
                == nil)
    }

    @Test func aLostSendIsAnsweredStorageUnavailableAndConsumesNothing() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        _ = h.touch()
        let events = h.machine.outbox.events.nextSeq
        let checkpoint = h.machine.checkpoint()
        let header = Header(id: "lost-send", type: RequestType.sendMessage.rawValue, time: h.now.milliseconds)
        let frames = Envelope(
            header: header, encoding: MessageRequestBody(instance: instance, message: MessageValue(summaryText: "hi"))
        ).frames(signingWith: h.token)
        let inbound = h.codec.decode(route: h.route, frames: frames, keys: h.machine)
        let sent = h.observe(h.machine.extensionMessageReceived(route: h.route, inbound, now: h.now))
        #expect(!sent.persisted.isEmpty)

        h.machine.restore(checkpoint)
        #expect(h.machine.outbox.events.nextSeq == events, "the lost send's events are forgotten")
        let answer = h.machine.extensionRequestNotStored(route: h.route, inbound, reason: "disk I/O error", now: h.now)
        let reply = try #require(answer.extensionReplies.first)
        #expect(reply.header.replyTo == "lost-send")
        let error = try #require(reply.error)
        #expect(error.isHost(.storageUnavailable))
        #expect(error.name == "storageUnavailable")
        #expect(error.description.contains("disk I/O error"))
        #expect(answer.events.contains { $0.kind == "requestRefused" && $0.name == "storageUnavailable" })

        // The id stays used; the touch does not: a new send is accepted.
        let replayed = h.extensionFrames(frames)
        #expect(replayed.extensionReplies.first?.error?.isProtocol(.replayedMessage) == true)
        #expect(try h.sendReply(instance: instance).error == nil)
    }

    @Test func aLostControlRequestIsAnsweredToItsID() throws {
        var h = try HostHarness()
        let reply = try #require(
            h.machine.controlRequestNotStored(
                client: h.client, requestID: "c-lost", reason: "database or disk is full", now: h.now
            ).controlReplies.first)
        #expect(reply.header.replyTo == "c-lost")
        #expect(reply.error?.isHost(.storageUnavailable) == true)
    }

    @Test func aReplyOrAnUnknownConnectionGetsNoAnswer() throws {
        var h = try HostHarness()
        let instance = try h.openConnected()
        let reply = ExtensionInbound.reply(InboundReply(id: "r1", replyTo: "h1", status: ReplyStatus(status: "ok")))
        #expect(h.machine.extensionRequestNotStored(route: h.route, reply, reason: "full", now: h.now).isEmpty)
        let request = ExtensionInbound.request(
            InboundRequest(id: "x9", type: .dismiss, body: .success(.dismiss(InstanceBody(instance: instance)))))
        #expect(
            h.machine.extensionRequestNotStored(route: Array("nobody".utf8), request, reason: "full", now: h.now)
                .isEmpty)
    }
}
