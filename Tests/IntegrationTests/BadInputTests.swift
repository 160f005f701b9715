import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Bad input from extensions and control clients: each gets a clear error reply or is dropped,
/// and the daemon goes on serving everyone else.
@Suite(.serialized) struct BadInputTests {
    @Test func malformedFramesAndBadSignaturesAreRefusedAndTheDaemonKeepsServing() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile), .pythonRaw()]) { daemon in
            // A stranger that sends garbage first: error reply, unsigned, then ignored.
            let stranger = try ProbeExtension(endpoint: daemon.extensionEndpoint)
            try stranger.sendRaw([Array("garbage".utf8)])
            let refusal = try stranger.receiveFrames()
            #expect(refusal[1].isEmpty, "a refusal to an unauthenticated peer is unsigned")
            let refusalStatus = try WireJSON.decode(ReplyStatus.self, from: refusal[3])
            #expect(refusalStatus.failure?.isProtocol(.malformedFrame) == true)
            try stranger.sendRaw([Array("more garbage".utf8)])
            #expect(try stranger.isSilent(for: 0.3), "an ignored connection gets no more replies")

            // A real launch: the probe process gives the test its token.
            let openReply = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let probe = try ProbeExtension(environmentFile: envFile)
            let hello = try probe.hello()
            #expect(hello.verify(key: probe.token))
            #expect(try hello.envelope.decodeBody(ReplyStatus.self).isOK)
            _ = try probe.acknowledge(4)
            _ = try openReply.value()

            // A bad signature on an established connection: error, signed by the daemon.
            try probe.send(
                "sendMessage", MessageRequestBody(instance: "i1", message: MessageValue()),
                key: Array("not-the-token".utf8))
            let badSignature = try probe.receive()
            #expect(badSignature.verify(key: probe.token))
            #expect(try badSignature.envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.badSignature) == true)

            // Malformed frames from the same connection: an error naming what is wrong.
            try probe.sendRaw([Array("MSGHOST/1".utf8), [], Array("{not json".utf8), Array("{}".utf8)])
            let malformed = try probe.receive()
            let malformedError = try #require(try malformed.envelope.decodeBody(ReplyStatus.self).failure)
            #expect(malformedError.isProtocol(.malformedFrame))
            #expect(malformedError.description.contains("header"))

            // Unknown type, missing field, replayed id.
            try probe.send("launchRockets", Empty())
            #expect(try probe.receive().envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.unknownType) == true)
            try probe.send("sendMessage", ["message": MessageValue()])
            let invalid = try #require(try probe.receive().envelope.decodeBody(ReplyStatus.self).failure)
            #expect(invalid.isProtocol(.invalidBody) && invalid.description.contains("instance"))
            let stay = PresentationStyleBody(instance: "i1", presentationStyle: .compact)  // already compact: a no-op
            try probe.send("requestPresentationStyle", stay, id: "same")
            #expect(try probe.receive().envelope.decodeBody(ReplyStatus.self).isOK)
            try probe.send("requestPresentationStyle", stay, id: "same")
            #expect(
                try probe.receive().envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.replayedMessage) == true)

            // Still serving: a real extension on another device sends and delivers.
            #expect(daemon.isRunning)
            try daemon.open(on: "john-iphone")
            try daemon.touch("john-iphone")
            #expect(try daemon.transcript("kate-iphone").count == 1)
            let counters = try daemon.status().counters
            #expect(counters["badSignatures"] == 1)
            #expect((counters["droppedFrames"] ?? 0) >= 1)
        }
    }

    @Test func helloWithAWrongTokenIsRefused() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile)]) { daemon in
            let openReply = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let probe = try ProbeExtension(environmentFile: envFile)
            try probe.send("hello", HelloBody(app: probe.app), key: Array("guessed".utf8))
            let refusal = try probe.receive()
            #expect(refusal.signature.isEmpty)
            #expect(try refusal.envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.badToken) == true)
            // The real token still works on a new connection: the refusal used nothing up.
            let honest = try ProbeExtension(environmentFile: envFile)
            #expect(try honest.hello().envelope.decodeBody(ReplyStatus.self).isOK)
            _ = try honest.acknowledge(4)
            _ = try openReply.value()
        }
    }

    @Test func controlErrorsNameWhatIsWrongAndExitNonZero() throws {
        try TestDaemon.with { daemon in
            let unknownDevice = #expect(throws: WireError.self) { try daemon.open(on: "nokia-3310") }
            #expect(
                unknownDevice?.isControl(.notFound) == true && unknownDevice?.description.contains("nokia-3310") == true
            )
            let noApp = #expect(throws: WireError.self) { try daemon.touch("kate-iphone") }
            #expect(noApp?.isControl(.invalidState) == true)
            let missing = #expect(throws: WireError.self) {
                _ = try daemon.control.request(.createDevice, ["id": "x"], as: DeviceResult.self)
            }
            #expect(missing?.isControl(.invalidRequest) == true && missing?.description.contains("owner") == true)

            let ctl = try CommandRun(
                TestPaths.msghostctl,
                [
                    "open", "com.example.nope", "--device", "kate-iphone", "--conversation", "kate-john", "--endpoint",
                    daemon.control.endpoint,
                ])
            #expect(ctl.status != 0)
            #expect(ctl.stderr.contains("no app \"com.example.nope\""), "\(ctl.stderr)")
            #expect(daemon.isRunning)
        }
    }
}
