import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// PROTOCOL.md §4.8: what is malformed, badly signed or replayed is dropped, unanswered, and
/// the extension carries on.
@Suite(.serialized) struct DroppingTests {
    static let touch = TouchBody(instance: "i1", payload: .null)

    @Test func forgedReplayedMalformedAndStrayMessagesAreDropped() throws {
        let running = try DispatchTests.start()
        defer { running.stop() }
        let host = running.host
        let accepted = host.send(CallbackType.touch.rawValue, Self.touch)
        try host.expectAck(of: accepted)

        host.send(CallbackType.touch.rawValue, Self.touch, key: Array("not the token".utf8))  // wrong key
        host.send(CallbackType.touch.rawValue, Self.touch, key: nil)  // unsigned
        host.send(CallbackType.touch.rawValue, Self.touch, id: accepted)  // a replay, validly signed
        host.sendRaw([WireVersion.tagBytes, [], Array("{\"id\":".utf8)])  // three frames
        host.sendRaw(
            Envelope(header: Header(id: "h-bad-json", type: "touch", time: 0), body: Array("not json".utf8)).frames(
                signingWith: Array(FakeHost.token.utf8)))
        host.sendRaw(
            Envelope(header: Header(id: "h-v2", type: "touch", time: 0), encoding: Self.touch).frames(
                signingWith: Array(FakeHost.token.utf8)
            ).enumerated().map { $0.offset == 0 ? Array("MSGHOST/2".utf8) : $0.element })
        host.send(CallbackType.willBecomeActive.rawValue, ["instance": "i1"])  // signed, but without its conversation
        host.send(ReplyType.name, OKReply(Empty()), replyTo: "s999")  // a reply to nothing we asked
        try host.expectSilence()

        // Still alive, still in order.
        try host.expectAck(of: host.send(CallbackType.touch.rawValue, Self.touch))
        #expect(running.recorder.calls == ["viewDidLoad", "touch", "touch"])
    }

    @Test func theFilterAloneAcceptsOnlySignedFreshMessages() {
        let key = Array("k".utf8)
        var filter = InboundFilter(key: key)
        let envelope = Envelope(header: Header(id: "a", type: "touch", time: 0), encoding: Self.touch)
        #expect(filter.admit(envelope.frames(signingWith: key)) == .accept(envelope))
        guard case .drop(let replay) = filter.admit(envelope.frames(signingWith: key)) else {
            Issue.record("replay accepted")
            return
        }
        #expect(replay.contains("replayed"))
        let other = Envelope(header: Header(id: "b", type: "touch", time: 0), encoding: Self.touch)
        guard case .drop(let forged) = filter.admit(other.frames(signingWith: Array("x".utf8))) else {
            Issue.record("forgery accepted")
            return
        }
        #expect(forged.contains("signature"))
        // A dropped forgery does not burn its id: the genuine message still gets through.
        #expect(filter.admit(other.frames(signingWith: key)) == .accept(other))
    }

    @Test func onlyTheHellosRefusalMayComeUnsigned() {
        var filter = InboundFilter(key: Array("k".utf8))
        let refusal = Envelope(
            header: Header(id: "r1", type: ReplyType.name, replyTo: "s1", time: 0),
            encoding: ErrorReply(.protocolError(.badToken, "no")))
        #expect(filter.admit(refusal.frames(signingWith: nil), unsignedReplyTo: "s1") == .accept(refusal))
        let other = Envelope(
            header: Header(id: "r2", type: ReplyType.name, replyTo: "s2", time: 0), encoding: OKReply(Empty()))
        #expect(filter.admit(other.frames(signingWith: nil), unsignedReplyTo: "s1") != .accept(other))
        let callback = Envelope(header: Header(id: "r3", type: "touch", replyTo: "s1", time: 0), encoding: Self.touch)
        #expect(filter.admit(callback.frames(signingWith: nil), unsignedReplyTo: "s1") != .accept(callback))
    }
}
