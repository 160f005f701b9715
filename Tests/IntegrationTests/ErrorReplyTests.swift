import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Error replies name the message they answer (PROTOCOL.md §3: `replyTo` whenever the header
/// could be read) on both endpoints, and a frame over `limits.maxFrameBytes` is refused with
/// a named error while the connection stays usable (§2.4).
@Suite(.serialized) struct ErrorReplyTests {
    /// A message whose header parses but that is wrong in one other way.
    struct BadMessage: Sendable, CustomTestStringConvertible {
        var name: String
        var code: ProtocolErrorCode
        /// Frames after the tag and signature: header, body, buffers.
        var make: @Sendable (_ id: String) -> [[UInt8]]
        var testDescription: String { self.name }

        static func header(_ id: String, padding: Int = 0) -> [UInt8] {
            var text = #"{"id":"\#(id)","type":"status","time":0"#
            if padding > 0 { text += #","padding":"\#(String(repeating: "x", count: padding))""# }
            return Array((text + "}").utf8)
        }

        static let all: [BadMessage] = [
            BadMessage(name: "empty body", code: .malformedFrame) { [header($0), []] },
            BadMessage(name: "body that is not JSON", code: .malformedFrame) { [header($0), Array("garbage".utf8)] },
            BadMessage(name: "body that is an array", code: .malformedFrame) { [header($0), Array("[1, 2]".utf8)] },
            BadMessage(name: "header over 4 KiB", code: .malformedFrame) {
                [header($0, padding: 5_000), Array("{}".utf8)]
            },
            BadMessage(name: "17 frames", code: .malformedFrame) {
                [header($0), Array("{}".utf8)] + Array(repeating: [UInt8](), count: 13)
            },
            BadMessage(name: "a frame over limits.maxFrameBytes", code: .malformedFrame) {
                [header($0), Array("{}".utf8), [UInt8](repeating: 7, count: 70_000)]
            },
        ]
    }

    static let settings = ["limits.maxFrameBytes": "65536"]

    static func frames(_ rest: [[UInt8]], key: [UInt8]?) -> [[UInt8]] {
        let tag = WireVersion.tagBytes
        let signature = key.map { Signature.sign([tag] + rest, key: $0) } ?? []
        return [tag, signature] + rest
    }

    static func expectRefusal(_ reply: ReceivedFrames, answering id: String, _ bad: BadMessage) throws {
        #expect(reply.header.replyTo == id, "\(bad.name): the error reply must name the message it answers")
        let failure = try #require(try reply.envelope.decodeBody(ReplyStatus.self).failure)
        #expect(failure.isProtocol(bad.code), "\(bad.name): \(failure)")
        #expect(!failure.description.isEmpty)
    }

    @Test(arguments: BadMessage.all)
    func onTheControlEndpoint(_ bad: BadMessage) throws {
        try TestDaemon.with(apps: [], settings: Self.settings) { daemon in
            let client = try ProbeExtension(endpoint: daemon.control.endpoint)
            try client.sendRaw(Self.frames(bad.make("c1"), key: nil))
            try Self.expectRefusal(try client.receive(), answering: "c1", bad)
            // The same connection still works.
            try client.sendRaw(Self.frames([BadMessage.header("c2"), Array("{}".utf8)], key: nil))
            let status = try client.receive()
            #expect(status.header.replyTo == "c2")
            #expect(try status.envelope.decodeBody(ReplyStatus.self).isOK)
            if bad.name.contains("maxFrameBytes") {
                #expect(try daemon.status().counters["droppedFrames"] ?? 0 >= 1)
            }
        }
    }

    @Test(arguments: BadMessage.all)
    func onAnExtensionConnectionThatSaidHello(_ bad: BadMessage) throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile)], settings: Self.settings) { daemon in
            let opened = daemon.detached { client in
                try client.request(
                    .open,
                    OpenRequest(device: "kate-iphone", conversation: TestDaemon.conversation, app: "com.example.probe"),
                    as: OpenResult.self)
            }
            let probe = try ProbeExtension(environmentFile: envFile)
            #expect(try probe.hello().envelope.decodeBody(ReplyStatus.self).isOK)
            _ = try probe.acknowledge(4)
            let instance = try opened.value().instance
            try probe.sendRaw(Self.frames(bad.make("x1"), key: probe.token))
            let refusal = try probe.receive()
            #expect(refusal.verify(key: probe.token))
            try Self.expectRefusal(refusal, answering: "x1", bad)
            // Still the same, authenticated connection: a request is served, not `helloRequired`.
            try probe.send(
                "requestPresentationStyle", PresentationStyleBody(instance: instance, presentationStyle: .compact))
            #expect(try probe.receive().envelope.decodeBody(ReplyStatus.self).isOK)
            #expect(daemon.isRunning)
        }
    }

    /// Before hello, too: the refusal is unsigned but still names the message.
    @Test func aStrangersBadHelloIsAnsweredWithItsID() throws {
        try TestDaemon.with(apps: []) { daemon in
            let stranger = try ProbeExtension(endpoint: daemon.extensionEndpoint)
            let header = Array(#"{"id":"s1","type":"hello","time":0}"#.utf8)
            try stranger.sendRaw(Self.frames([header, Array("[]".utf8)], key: nil))
            let refusal = try stranger.receive()
            #expect(refusal.signature.isEmpty)
            #expect(refusal.header.replyTo == "s1")
            #expect(try refusal.envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.malformedFrame) == true)
        }
    }
}
