import MsgHostProtocol
import Testing

/// The extension wire's codec, on golden-style frames: the order of its checks (frames,
/// signature, header id, body), what each refusal says, hellos and which key signed them, and
/// that it remembers ids only for connections that are there.
@Suite struct ExtensionCodecTests {
    /// Connections as a machine would answer: `ext-1` connected with `token-1`, a launch of
    /// `com.example.app` waiting with `token-2`, `gone` ignored, an attach key for the app.
    struct Keys: ConnectionKeys {
        var connected: [[UInt8]: SigningKey] = [Array("ext-1".utf8): SigningKey(Array("token-1".utf8))]
        func connectionKey(route: [UInt8]) -> SigningKey? { self.connected[route] }
        func isIgnored(route: [UInt8]) -> Bool { route == Array("gone".utf8) }
        func helloKeys(app: String) -> [(launchID: String, key: SigningKey)] {
            app == "com.example.app"
                ? [("L1", SigningKey(Array("token-0".utf8))), ("L2", SigningKey(Array("token-2".utf8)))] : []
        }
        func attachKey(app: String) -> SigningKey? { app == "com.example.app" ? SigningKey(Array("attach".utf8)) : nil }
    }

    static let ext1 = Array("ext-1".utf8)

    static func frames(_ id: String, _ type: String, _ body: String, key: String, replyTo: String? = nil) -> [[UInt8]] {
        Envelope(header: Header(id: id, type: type, replyTo: replyTo, time: 1), body: Array(body.utf8)).frames(
            signingWith: Array(key.utf8))
    }

    @Test func aVerifiedRequestIsTypedAndItsIDIsUsedUp() throws {
        var codec = ExtensionCodec()
        let frames = Self.frames("x1", "sendText", #"{"instance":"i1","text":"hi"}"#, key: "token-1")
        guard case .request(let request) = codec.decode(route: Self.ext1, frames: frames, keys: Keys()) else {
            Issue.record("a signed sendText should be a request")
            return
        }
        #expect(request.type == .sendText && request.id == "x1")
        #expect(try request.decoded(TextRequestBody.self).text == "hi")
        guard case .refused(let id, let error) = codec.decode(route: Self.ext1, frames: frames, keys: Keys()) else {
            Issue.record("the same id again should be refused")
            return
        }
        #expect(id == "x1" && error.isProtocol(.replayedMessage))
    }

    @Test func checksGoFramesThenSignatureThenIDThenBody() {
        var codec = ExtensionCodec(maxFrameBytes: 64)
        let keys = Keys()
        if case .malformed(_, let error) = codec.decode(route: Self.ext1, frames: [Array("MSGHOST/1".utf8)], keys: keys)
        {
            #expect(error.isProtocol(.malformedFrame))
        } else {
            Issue.record("too few frames should be malformed")
        }
        let long = Self.frames(
            "x2", "sendText", #"{"instance":"i1","text":"\#(String(repeating: "a", count: 80))"}"#, key: "token-1")
        if case .malformed(let id, let error) = codec.decode(route: Self.ext1, frames: long, keys: keys) {
            #expect(id == "x2" && error.description.contains("limits.maxFrameBytes"))
        } else {
            Issue.record("a frame over the limit should be malformed")
        }
        if case .refused(_, let error) = codec.decode(
            route: Self.ext1, frames: Self.frames("x3", "sendText", "{}", key: "wrong"), keys: keys)
        {
            #expect(error.isProtocol(.badSignature))
        } else {
            Issue.record("a bad signature should be refused")
        }
        // A bad signature does not use the id up.
        guard
            case .request(let request) = codec.decode(
                route: Self.ext1, frames: Self.frames("x3", "sendText", #"{"instance":"i1"}"#, key: "token-1"),
                keys: keys)
        else {
            Issue.record("x3 signed right should be read")
            return
        }
        #expect(throws: WireError.self) { try request.decoded(TextRequestBody.self) }
        if case .refused(_, let error) = codec.decode(
            route: Self.ext1, frames: Self.frames("x4", "launchRockets", "{}", key: "token-1"), keys: keys)
        {
            #expect(error.isProtocol(.unknownType))
        } else {
            Issue.record("an unknown type should be refused")
        }
        if case .refused(_, let error) = codec.decode(
            route: Self.ext1, frames: Self.frames("x5", "reply", #"{"status":"ok"}"#, key: "token-1"), keys: keys)
        {
            #expect(error.description == "a reply needs header.replyTo")
        } else {
            Issue.record("a reply without replyTo should be refused")
        }
    }

    @Test func repliesCarryWhatTheirCallbacksAsked() {
        var codec = ExtensionCodec()
        let frames = Self.frames(
            "x6", "reply", #"{"status":"ok","size":{"width":100,"height":50}}"#, key: "token-1", replyTo: "h9")
        guard case .reply(let reply) = codec.decode(route: Self.ext1, frames: frames, keys: Keys()) else {
            Issue.record("a reply should be read")
            return
        }
        #expect(reply.replyTo == "h9" && reply.status.isOK && reply.size?.size.width == 100 && reply.stickers == nil)
    }

    @Test func aHelloSaysWhichLaunchSignedIt() {
        var codec = ExtensionCodec()
        let route = Array("new".utf8)
        let hello = Self.frames("h1", "hello", #"{"app":"com.example.app","protocol":1}"#, key: "token-2")
        guard case .hello(let inbound) = codec.decode(route: route, frames: hello, keys: Keys()) else {
            Issue.record("a hello should be read")
            return
        }
        #expect(inbound.launchID == "L2" && !inbound.signedWithAttachKey)
        let forged = Self.frames("h1", "hello", #"{"app":"com.example.app","protocol":1}"#, key: "nobody")
        if case .hello(let unsigned) = codec.decode(route: Array("other".utf8), frames: forged, keys: Keys()) {
            #expect(unsigned.launchID == nil)
        } else {
            Issue.record("a forged hello is still a hello, for the machine to refuse")
        }
        let attach = Self.frames(
            "h2", "hello", #"{"app":"com.example.app","protocol":1,"attachDevice":"d"}"#, key: "attach")
        if case .hello(let attached) = codec.decode(route: Array("dbg".utf8), frames: attach, keys: Keys()) {
            #expect(attached.signedWithAttachKey && attached.launchID == nil)
        } else {
            Issue.record("an attach hello should be read")
        }
        if case .helloRefused(let id, let error) = codec.decode(
            route: Array("x".utf8), frames: Self.frames("s1", "sendText", "{}", key: "token-2"), keys: Keys())
        {
            #expect(id == "s1" && error.isProtocol(.helloRequired))
        } else {
            Issue.record("a first message that is not hello should be refused")
        }
        if case .dropped = codec.decode(route: Array("gone".utf8), frames: hello, keys: Keys()) {
        } else {
            Issue.record("an ignored route is dropped")
        }
    }

    /// Windows of connections that are gone are dropped as hellos come: the codec's memory is
    /// the connections there are, however many came and went.
    @Test func idWindowsStayBoundedByTheLiveConnections() {
        var codec = ExtensionCodec()
        var keys = Keys()
        for n in 0..<500 {
            let route = Array("conn-\(n)".utf8)
            _ = codec.decode(
                route: route,
                frames: Self.frames("h", "hello", #"{"app":"com.example.app","protocol":1}"#, key: "token-2"),
                keys: keys)
            keys.connected = [route: SigningKey(Array("token-2".utf8))]  // the previous one went away
        }
        #expect(codec.connections <= 2)
    }
}
