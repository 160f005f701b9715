import Foundation
import Testing

@testable import MsgHostProtocol

/// The differential tests of the hand-written codec (Sources/MsgHostProtocol/Codec): on every
/// schema example (docs/schema, through scripts/check-schemas.py), every golden frame and the
/// edge cases below, the fast path and Foundation's `Codable` must agree — the same value read,
/// the same bytes written — or the fast path must step aside.
@Suite struct FastCodingTests {
    /// Every example body of scripts/check-schemas.py, valid and invalid.
    static let examples: [[UInt8]] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "schema-examples.json")
        guard let data = try? Data(contentsOf: url),
            case .array(let entries)? = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return [] }
        return entries.compactMap { entry in
            guard case .object(let fields) = entry, let body = fields["body"] else { return nil }
            return WireJSON.foundationEncode(body)
        }
    }()

    /// Golden headers and bodies (EnvelopeTests, PROTOCOL.md's examples) and JSON that a fast
    /// reader could misread: escapes, duplicates, numbers Foundation reads as integers.
    static let edgeCases: [String] = [
        #"{"id":"x1","time":1763779200000,"type":"hello"}"#,
        #"{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}"#,
        #"{"id":"2","type":"reply","replyTo":"1","time":0}"#,
        #"{"status":"ok"}"#,
        #"{"status":"error","error":{"domain":"msghost.protocol","code":3,"name":"badSignature","description":"no"}}"#,
        #"{"id":"a","type":"b","time":1.0}"#, #"{"id":"a","type":"b","time":1e3}"#, #"{"id":"a","type":"b","time":-0}"#,
        #"{"id":"a","id":"b","type":"c","time":1}"#, #"{"id":"\ud83d\ude00","type":"c","time":1}"#,
        #"{"id":"\ud800","type":"c","time":1}"#,
        #"{"id":"\u00e9\n\"\\\/","type":"c","time":9223372036854775807}"#,
        #"{"id":"a","type":"c","time":9223372036854775808}"#,
        #"{"id":"a","type":"c","time":-9223372036854775808}"#, #"{"id":"a","type":"c","time":01}"#,
        " {\"id\" : \"a\" ,\n\"type\":\"c\",\t\"time\":1 } ", #"{"id":"a","type":"c","time":1} x"#,
        #"{"id":"a","type":"c","time":1,}"#,
        #"{"id":null,"type":"c","time":1}"#, #"{"id":"a","type":"c","time":1,"replyTo":null}"#,
        #"{"id":"a","type":"c","time":true}"#,
        #"{"instance":"i1","message":{"summaryText":"hi","layout":{"type":"live","alternateLayout":{"caption":"x","image":{"frame":0}}}}}"#,
        #"{"instance":"i1","message":{"layout":{"type":"live","alternateLayout":{"type":"live"}}}}"#,
        #"{"instance":"i1","message":{"layout":{"type":"other"}}}"#, #"{"instance":"i1","message":{"shouldExpire":1}}"#,
        #"{"instance":"i1","message":{"url":"https://e.com/?a=1&b=%20","session":"s","isPending":false,"layout":{"type":"template","image":{"frame":2,"url":null}}}}"#,
        #"{"device":"d","payload":{"x":10,"y":[1,2.5,"s",null,true],"z":{}}}"#, #"{"device":"d","payload":null}"#,
        #"{"device":"d"}"#,
        #"{"device":"d","payload":12345678901234567}"#, #"{"device":"d","payload":"\u0000\u001f"}"#,
        #"{"localParticipantIdentifier":"u1","remoteParticipantIdentifiers":["u2","u3"],"selectedMessage":null}"#,
        #"{"localParticipantIdentifier":"u1","remoteParticipantIdentifiers":["u2",3]}"#,
        #"{"type":"template","caption":"c","image":{"url":"file:///x"}}"#,
        #"{"type":"live","alternateLayout":{"type":"template","subcaption":"s"}}"#,
        "[]", "null", "\"s\"", "", "{", "{\"a\":\"\u{1}\"}",
    ]

    static var inputs: [[UInt8]] { Self.examples + Self.edgeCases.map { Array($0.utf8) } }

    @Test func theExamplesAreThere() {
        #expect(Self.examples.count > 300, "schema-examples.json should hold every example of scripts/check-schemas.py")
    }

    /// Reads every input as every fast type both ways; counts the fast reads, so a fast path
    /// that always stepped aside would fail here too.
    @Test func fastReadsAgreeWithFoundation() {
        var fast: [String: Int] = [:]
        func agree<T: FastDecodable & Equatable>(_ type: T.Type) {
            for bytes in Self.inputs {
                guard let tree = JSONTree.parse(bytes), let value = T(json: tree) else { continue }
                fast["\(T.self)", default: 0] += 1
                let foundation = try? WireJSON.foundationDecode(T.self, from: bytes)
                #expect(foundation == value, "\(T.self) from \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        agree(Header.self)
        agree(ReplyStatus.self)
        agree(Empty.self)
        agree(InstanceBody.self)
        agree(HelloBody.self)
        agree(MessageValue.self)
        agree(LayoutValue.self)
        agree(TemplateLayoutValue.self)
        agree(FrameReference.self)
        agree(ConversationValue.self)
        agree(JSONValue.self)
        agree(MessageRequestBody.self)
        agree(TouchRequest.self)
        for type in [
            "Header", "ReplyStatus", "InstanceBody", "HelloBody", "MessageValue", "LayoutValue", "ConversationValue",
            "JSONValue", "MessageRequestBody", "TouchRequest",
        ] {
            #expect(fast[type, default: 0] > 0, "no input was read by \(type)'s fast path")
        }
    }

    /// Whatever Foundation reads as a fast-written type is written the same by both.
    @Test func fastWritesAreFoundationsBytes() {
        var written: [String: Int] = [:]
        func agree<T: FastEncodable & Decodable>(_ type: T.Type) {
            for bytes in Self.inputs {
                guard let value = try? WireJSON.foundationDecode(T.self, from: bytes) else { continue }
                written["\(T.self)", default: 0] += 1
                #expect(
                    WireJSON.encode(value) == WireJSON.foundationEncode(value),
                    "\(T.self) from \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        agree(Header.self)
        agree(Empty.self)
        agree(InstanceBody.self)
        agree(MessageValue.self)
        agree(LayoutValue.self)
        agree(TemplateLayoutValue.self)
        agree(FrameReference.self)
        agree(ConversationValue.self)
        agree(JSONValue.self)
        agree(MessageRequestBody.self)
        agree(SendMessageResult.self)
        agree(MessageCallbackBody.self)
        agree(TouchBody.self)
        agree(ActivationBody.self)
        agree(HelloResult.self)
        for type in [
            "Header", "MessageValue", "ConversationValue", "JSONValue", "MessageCallbackBody", "TouchBody",
            "ActivationBody",
        ] {
            #expect(written[type, default: 0] > 0, "no input gave a \(type) to write")
        }
    }

    /// Strings with every character JSON escapes, and the replies `status` merges into.
    @Test func escapesAndMergedRepliesMatch() {
        var text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        text += "\"\\/é😀\u{7f}\u{2028}"
        let message = MessageValue(
            url: text, summaryText: "$7C1D0E5A",
            layout: .live(
                alternateLayout: TemplateLayoutValue(caption: text, image: FrameReference(url: "file:///a b"))))
        #expect(WireJSON.encode(message) == WireJSON.foundationEncode(message))
        let reply = OKReply(SendMessageResult(message: message))
        #expect(WireJSON.encode(reply) == WireJSON.foundationEncode(reply))
        #expect(WireJSON.encode(OKReply(Empty())) == Array(#"{"status":"ok"}"#.utf8))
        #expect(WireJSON.encode(OKReply(HelloResult())) == WireJSON.foundationEncode(OKReply(HelloResult())))
        let touch = TouchBody(
            instance: "i", payload: .object(["b": .number(1.5), "a": .array([.null, .bool(false)])]), button: "x",
            fields: ["z": "1", "Z": "2"])
        #expect(
            WireJSON.encode(touch) == WireJSON.foundationEncode(touch),
            "a fractional number falls back to Foundation whole")
    }
}
