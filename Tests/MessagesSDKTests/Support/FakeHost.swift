import Foundation
import MsgHostProtocol
import Testing
import ZeroMQ

@testable import MessagesSDK

/// Plays msghostd for one test: a ROUTER on an `inproc://` endpoint in the context the SDK's
/// connection shares, so the real connection thread, filter and dispatcher run end to end.
///
/// Used from the test's own thread only (ZeroMQ sockets serve one thread).
final class FakeHost: @unchecked Sendable {
    static let token = "test-token"
    let context = ZMQContext()
    let endpoint: String
    /// The host's CURVE public key when it serves tcp as the daemon does.
    let serverKey: String?
    private let router: ZMQSocket
    private var peer: [UInt8] = []
    private var nextID = 0

    /// `curve`: serve `tcp://127.0.0.1` as a CURVE server, as msghostd serves a tcp endpoint
    /// (with no ZAP handler here: every CURVE client that knows the server key is let in).
    init(curve: Bool = false) throws {
        self.router = try ZMQSocket(self.context, type: .router)
        if curve {
            let pair = try ZMQCurve.keyPair()
            try self.router.makeCurveServer(secretKey: pair.secretKey, zapDomain: "extensions")
            try self.router.bind("tcp://127.0.0.1:*")
            self.endpoint = self.router.lastEndpoint
            self.serverKey = pair.publicKey
        } else {
            self.endpoint = "inproc://fake-host-\(UUID().uuidString)"
            try self.router.bind(self.endpoint)
            self.serverKey = nil
        }
        try self.router.setReceiveTimeout(milliseconds: 3000)
    }

    var environment: LaunchEnvironment {
        get throws { try LaunchEnvironment(self.variables) }
    }

    /// The launch environment's variables (PROTOCOL.md §4.1).
    var variables: [String: String] {
        ["MSGHOST_ENDPOINT": self.endpoint, "MSGHOST_TOKEN": Self.token, "MSGHOST_APP": "com.example.test"]
    }

    /// The next message from the extension, signature checked; nil after `timeoutMs`.
    func receive(timeoutMs: Int32 = 3000) throws -> Envelope? {
        try self.router.setReceiveTimeout(milliseconds: timeoutMs)
        guard let frames = try self.router.receive() else { return nil }
        self.peer = frames[0]
        let received = try ReceivedFrames(Array(frames.dropFirst()))
        #expect(received.verify(key: Array(Self.token.utf8)), "the extension signs with its token")
        return received.envelope
    }

    /// Answers the hello with ok (or `error`, unsigned, as the daemon refuses a hello).
    func answerHello(refusing error: WireError? = nil) throws -> HelloBody {
        let hello = try #require(try self.receive())
        #expect(hello.header.type == "hello")
        if let error {
            self.send(ReplyType.name, ErrorReply(error), replyTo: hello.header.id, key: nil)
        } else {
            self.send(ReplyType.name, OKReply(HelloResult()), replyTo: hello.header.id)
        }
        return try hello.decodeBody(HelloBody.self)
    }

    /// Sends a signed message; returns its header id. `key: nil` leaves the signature empty.
    @discardableResult
    func send(
        _ type: String, _ body: some Encodable, id: String? = nil, replyTo: String? = nil,
        key: [UInt8]? = Array(token.utf8)
    ) -> String {
        let id = id ?? self.newID()
        let envelope = Envelope(header: Header(id: id, type: type, replyTo: replyTo, time: 0), encoding: body)
        self.sendRaw(envelope.frames(signingWith: key))
        return id
    }

    func sendRaw(_ frames: [[UInt8]]) {
        try! self.router.send([self.peer] + frames)
    }

    func newID() -> String {
        self.nextID += 1
        return "h\(self.nextID)"
    }

    /// Expects the next message to be an ok reply to `id`, and returns its body.
    @discardableResult
    func expectAck(of id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Envelope {
        let reply = try #require(try self.receive(), "no answer to \(id)", sourceLocation: sourceLocation)
        #expect(
            reply.header.type == ReplyType.name && reply.header.replyTo == id,
            "expected the ack of \(id), got \(reply.header)", sourceLocation: sourceLocation)
        #expect(try reply.decodeBody(ReplyStatus.self).isOK, sourceLocation: sourceLocation)
        return reply
    }

    /// Expects the ack of `id`, answering ok every `setView` the extension sends before it
    /// (the screen of its UIKit views, sent after a callback); returns those views.
    func expectAckAnsweringViews(of id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        ack: Envelope, views: [(body: SetViewBody, buffers: [[UInt8]])]
    ) {
        var views: [(body: SetViewBody, buffers: [[UInt8]])] = []
        while true {
            let message = try #require(try self.receive(), "no answer to \(id)", sourceLocation: sourceLocation)
            if message.header.type == "setView" {
                views.append((try message.decodeBody(SetViewBody.self), message.buffers))
                self.send(ReplyType.name, OKReply(Empty()), replyTo: message.header.id)
                continue
            }
            #expect(
                message.header.type == ReplyType.name && message.header.replyTo == id,
                "expected the ack of \(id), got \(message.header)", sourceLocation: sourceLocation)
            return (message, views)
        }
    }

    /// Expects nothing from the extension for `ms` milliseconds.
    func expectSilence(ms: Int32 = 300, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let message = try self.receive(timeoutMs: ms)
        #expect(
            message == nil, "expected silence, got \(String(describing: message?.header))",
            sourceLocation: sourceLocation)
    }
}

/// Runs `body` on a thread of its own and waits for it: `MSExtensionMain.start` blocks until
/// the hello is answered, which the test does meanwhile on its own thread.
final class Background<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    init(_ body: @escaping @Sendable () throws -> T) {
        Thread { [self] in
            self.result = Result { try body() }
            self.done.signal()
        }.start()
    }

    func value() throws -> T {
        guard self.done.wait(timeout: .now() + 10) == .success else { throw CancellationError() }
        return try self.result!.get()
    }
}
