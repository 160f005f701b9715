import Foundation
import MsgHostProtocol
import Testing

/// Golden frames: the exact bytes of protocol v1, so an accidental change to the envelope,
/// the JSON form or the signature breaks a test instead of every extension in the field.
@Suite struct EnvelopeTests {
    static let key = Array("token-1".utf8)

    static func frames(_ header: String, _ body: String) -> [[UInt8]] {
        let signed = [Array("MSGHOST/1".utf8), Array(header.utf8), Array(body.utf8)]
        return [signed[0], Signature.sign(signed, key: key)] + signed.dropFirst()
    }

    @Test func helloEncodesToTheGoldenFrames() {
        let envelope = Envelope(
            header: Header(id: "x1", type: "hello", time: 1_763_779_200_000),
            encoding: HelloBody(app: "com.example.python-raw", protocol: 1, pid: 42, sdk: "python-raw/1"))
        let frames = envelope.frames(signingWith: Self.key).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            frames == [
                "MSGHOST/1",
                GoldenSignature.hello,
                #"{"id":"x1","time":1763779200000,"type":"hello"}"#,
                #"{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}"#,
            ])
    }

    @Test func controlEnvelopesHaveAnEmptySignature() {
        let frames = Envelope(header: Header(id: "c1", type: "status", time: 0), encoding: Empty()).frames(
            signingWith: nil)
        #expect(frames[1].isEmpty)
        #expect(String(decoding: frames[3], as: UTF8.self) == "{}")
    }

    @Test func signatureIsHMACSHA256OverEveryFrameButItself() {
        // Computed with Python: hmac.new(b"token-1", b"MSGHOST/1" + header + body, sha256).hexdigest()
        let frames = Self.frames(
            #"{"id":"x1","time":1763779200000,"type":"hello"}"#,
            #"{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}"#)
        #expect(String(decoding: frames[1], as: UTF8.self) == GoldenSignature.hello)
    }

    /// A prepared key (its HMAC key schedule done once) signs every message alike, as a fresh
    /// key would: signing must not disturb the shared state.
    @Test func preparedKeySignsLikeAFreshKeyEveryTime() throws {
        let frames = Self.frames(
            #"{"id":"x1","time":1763779200000,"type":"hello"}"#,
            #"{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}"#)
        let key = SigningKey(Self.key)
        let signed = [frames[0]] + frames[2...]
        for _ in 0..<3 { #expect(String(decoding: key.sign(signed), as: UTF8.self) == GoldenSignature.hello) }
        #expect(key.sign([[1], [2]]) == Signature.sign([[1], [2]], key: Self.key))
        let received = try ReceivedFrames(frames)
        #expect(received.verify(key: key) && !received.verify(key: SigningKey(Array("token-2".utf8))))
        #expect(
            Envelope(header: Header(id: "x1", type: "hello", time: 1), body: Array("{}".utf8)).frames(preparedKey: key)
                == Envelope(header: Header(id: "x1", type: "hello", time: 1), body: Array("{}".utf8)).frames(
                    signingWith: Self.key))
    }

    @Test func receivedFramesVerifyOnlyWithTheRightKey() throws {
        let frames = Self.frames(#"{"id":"x1","time":1,"type":"hello"}"#, #"{"app":"a","protocol":1}"#)
        let received = try ReceivedFrames(frames)
        #expect(received.verify(key: Self.key))
        #expect(!received.verify(key: Array("token-2".utf8)))
        var tampered = frames
        tampered[3] = Array(#"{"app":"b","protocol":1}"#.utf8)
        #expect(!(try ReceivedFrames(tampered)).verify(key: Self.key))
    }

    @Test func binaryFramesAreCoveredBySignatureAndKept() throws {
        let envelope = Envelope(
            header: Header(id: "x2", type: "sendMessage", time: 5), body: Array("{}".utf8), buffers: [[1, 2, 3]])
        let frames = envelope.frames(signingWith: Self.key)
        #expect(frames.count == 5)
        let received = try ReceivedFrames(frames)
        #expect(received.verify(key: Self.key))
        #expect(received.envelope.buffers == [[1, 2, 3]])
        var tampered = frames
        tampered[4] = [9]
        #expect(!(try ReceivedFrames(tampered)).verify(key: Self.key))
    }

    @Test(arguments: [
        ([["MSGHOST/1"], ["sig"], ["{}"]], "at least 4 frames"),
        ([["HELLO"], [""], [#"{"id":"1","type":"t","time":1}"#], ["{}"]], "version tag"),
        ([["MSGHOST/1"], [""], ["not json"], ["{}"]], "header"),
        ([["MSGHOST/1"], [""], [#"{"id":"","type":"t","time":1}"#], ["{}"]], "1 to 64"),
        ([["MSGHOST/1"], [""], [#"{"id":"1","type":"t","time":1}"#], ["[1]"]], "JSON object"),
    ])
    func malformedFramesAreRefusedNamingWhatIsWrong(frames: [[String]], expected: String) {
        let error = #expect(throws: WireError.self) { try ReceivedFrames(frames.map { Array($0[0].utf8) }) }
        #expect(error?.isProtocol(.malformedFrame) == true)
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
    }

    @Test func anotherMajorVersionIsUnsupportedNotMalformed() {
        let frames = [
            Array("MSGHOST/2".utf8), [], Array(#"{"id":"1","type":"hello","time":1}"#.utf8), Array("{}".utf8),
        ]
        let error = #expect(throws: WireError.self) { try ReceivedFrames(frames) }
        #expect(error?.isProtocol(.unsupportedVersion) == true)
    }

    @Test func tooManyFramesAreMalformed() {
        let frames =
            [Array("MSGHOST/1".utf8), [], Array(#"{"id":"1","type":"t","time":1}"#.utf8), Array("{}".utf8)]
            + [[UInt8]](repeating: [], count: 13)
        let error = #expect(throws: WireError.self) { try ReceivedFrames(frames) }
        #expect(error?.description.contains("17 frames") == true)
    }
}

/// Signatures computed outside Swift (Python's hmac module), so the test does not check the
/// implementation against itself.
enum GoldenSignature {
    static let hello = "2c473cde89cb011d7641c6584632598384b4c480a071192b98734b2ec9ed5ad1"
}
