import MsgHostProtocol
import Testing

@testable import MsgHost

/// How the wire tap shows one message: header, body, binary sizes, errors and refusals, and
/// who taps.
@Suite struct WireTapTests {
    static let peer = (device: "kate-iphone", app: "com.example.app", pid: Optional(4242))

    @Test func aMessageIsShownWithItsHeaderBodyAndBinarySizes() throws {
        var tap = WireTap()
        let frames = Envelope(
            header: Header(id: "x1", type: "sendMessage", replyTo: nil, time: 0),
            body: Array(#"{"instance":"i1"}"#.utf8),
            buffers: [[1, 2, 3], []]
        ).frames(signingWith: Array("k".utf8))
        let frame = tap.frame(frames, inbound: true, peer: Self.peer, refusal: nil, time: 7)
        #expect(frame.seq == 1 && frame.time == 7 && frame.direction == "in")
        #expect(frame.device == "kate-iphone" && frame.app == "com.example.app" && frame.pid == 4242)
        #expect(frame.type == "sendMessage" && frame.id == "x1" && frame.replyTo == nil)
        #expect(frame.body == .object(["instance": .string("i1")]))
        #expect(frame.binary == [3, 0])
        #expect(frame.error == nil)
        #expect(tap.frame(frames, inbound: false, peer: nil, refusal: nil, time: 8).seq == 2)
    }

    @Test func anErrorReplyShowsItsErrorAndARefusalOverridesIt() throws {
        var tap = WireTap()
        let error = WireError.messages(.sendWithoutRecentInteraction)
        let reply = Envelope(
            header: Header(id: "h3", type: "reply", replyTo: "x1", time: 0), encoding: ErrorReply(error)
        ).frames(signingWith: nil)
        let shown = tap.frame(reply, inbound: false, peer: Self.peer, refusal: nil, time: 0)
        #expect(shown.error == TapFrame.Failure(error))
        #expect(shown.error?.code == 9 && shown.error?.name == "sendWithoutRecentInteraction")
        #expect(shown.replyTo == "x1")
        let refusal = WireError.protocolError(.badSignature, "signature does not verify")
        #expect(tap.frame(reply, inbound: true, peer: nil, refusal: refusal, time: 0).error?.name == "badSignature")
        let ok = Envelope(header: Header(id: "h4", type: "reply", replyTo: "x2", time: 0), encoding: OKReply(Empty()))
            .frames(signingWith: nil)
        #expect(tap.frame(ok, inbound: false, peer: nil, refusal: nil, time: 0).error == nil)
    }

    @Test func unreadableFramesAreShownWithEmptyTypeAndTheirSizes() throws {
        var tap = WireTap()
        let garbage = tap.frame(
            [Array("garbage".utf8)], inbound: true, peer: nil,
            refusal: .protocolError(.malformedFrame, "expected at least 4 frames"), time: 0)
        #expect(garbage.type == "" && garbage.id == "" && garbage.body == nil && garbage.binary == [])
        #expect(garbage.error?.name == "malformedFrame" && garbage.device == nil)
        let notJSON = tap.frame(
            [Array("MSGHOST/1".utf8), [], Array("{not json".utf8), Array("{".utf8), [9, 9]], inbound: true, peer: nil,
            refusal: nil, time: 0)
        #expect(notJSON.type == "" && notJSON.body == nil && notJSON.binary == [2])
    }

    @Test func aBodyIsEncodedWithExplicitNulls() throws {
        var tap = WireTap()
        let frame = tap.frame([Array("garbage".utf8)], inbound: true, peer: nil, refusal: nil, time: 0)
        let json = String(decoding: WireJSON.encode(frame), as: UTF8.self)
        for key in ["device", "app", "pid", "replyTo", "body", "error"] {
            #expect(json.contains("\"\(key)\":null"), "\(key) in \(json)")
        }
    }

    @Test func aClientHasOneTapAndTheOldestOfTooManyIsLetGo() {
        var tap = WireTap()
        #expect(!tap.isActive)
        tap.subscribe(.init(client: [1], requestID: "a"))
        tap.subscribe(.init(client: [1], requestID: "b"))
        #expect(tap.subscribers == [.init(client: [1], requestID: "b")])
        for index in 0..<WireTap.maxSubscribers { tap.subscribe(.init(client: [2, UInt8(index)], requestID: "c")) }
        #expect(tap.subscribers.count == WireTap.maxSubscribers)
        #expect(!tap.subscribers.contains { $0.client == [1] })
        #expect(tap.isActive)
    }
}
