import Foundation
import Testing

@testable import MsgHostProtocol

/// The control endpoint's edge (`ControlCodec`): frames become typed requests with the errors
/// PROTOCOL.md §3.3 and §7 name, in their order; typed replies become the frames clients read.
/// The schemas' examples (scripts/check-schemas.py) go through it for every command.
@Suite struct ControlCodecTests {
    static func frames(_ type: String, _ body: String, id: String = "c1") -> [[UInt8]] {
        Envelope(header: Header(id: id, type: type, time: 0), body: Array(body.utf8)).frames(signingWith: nil)
    }

    static func refusal(_ inbound: ControlInbound) -> (id: String?, command: ControlCommand?, error: WireError)? {
        if case .refused(let id, let command, let error) = inbound { (id, command, error) } else { nil }
    }

    @Test func aRequestIsTypedByItsCommand() {
        let inbound = ControlCodec().decode(Self.frames("open", #"{"device":"d","conversation":"c","app":"a"}"#))
        #expect(inbound == .request(id: "c1", .user(.open(OpenRequest(device: "d", conversation: "c", app: "a")))))
        #expect(ControlCodec().decode(Self.frames("status", "{}")) == .request(id: "c1", .observation(.status)))
    }

    @Test func anUnknownCommandIsUnknownTypeNamingIt() throws {
        let refused = try #require(Self.refusal(ControlCodec().decode(Self.frames("teleport", "{}"))))
        #expect(refused.error.isProtocol(.unknownType))
        #expect(refused.error.description.contains("teleport"))
        #expect(refused.id == "c1")
        #expect(refused.command == nil)
    }

    @Test func aMissingFieldIsInvalidRequestNamingTheField() throws {
        let refused = try #require(
            Self.refusal(ControlCodec().decode(Self.frames("createPerson", #"{"handle":"dan@example.com"}"#))))
        #expect(refused.error.isControl(.invalidRequest))
        #expect(refused.error.domain == "msghost.control")
        #expect(refused.error.description.contains("name"))
        #expect(refused.command == .createPerson)
    }

    /// A JSON object whose number does not fit an integer field is the field's fault, not a
    /// frame that is not JSON: `invalidRequest` naming the field, never `malformedFrame`.
    @Test(arguments: [
        ("transcript", #"{"device":"d","conversation":"c","limit":2.5}"#, "limit"),
        ("advanceClock", #"{"milliseconds":1e20}"#, "milliseconds"),
        ("tap", #"{"device":"d","conversation":"c","entry":3.0e0}"#, ""),
        ("events", #"{"after":-1.5}"#, "after"),
    ])
    func aNumberThatIsNoIntegerIsInvalidRequestNamingTheField(type: String, body: String, field: String) throws {
        let inbound = ControlCodec().decode(Self.frames(type, body))
        if field.isEmpty {
            // 3.0e0 is a whole number: Foundation reads it as 3.
            guard case .request = inbound else {
                Issue.record("\(body) should be read: \(inbound)")
                return
            }
            return
        }
        let refused = try #require(Self.refusal(inbound))
        #expect(refused.error.isControl(.invalidRequest), "\(refused.error)")
        #expect(refused.error.description.contains("\(field): expected an integer"), "\(refused.error.description)")
    }

    @Test(arguments: [#"[1]"#, #"{"device":"#, "nope", ""])
    func aBodyThatIsNoJSONObjectIsMalformedFrame(body: String) throws {
        let refused = try #require(Self.refusal(ControlCodec().decode(Self.frames("view", body))))
        #expect(refused.error.isProtocol(.malformedFrame), "\(refused.error)")
        #expect(refused.id == "c1", "the header was read, so the reply names it")
    }

    @Test func framesThatCannotBeReadKeepNoCommand() throws {
        let refused = try #require(
            Self.refusal(ControlCodec(maxFrameBytes: 8).decode(Self.frames("status", #"{"padding":"........"}"#))))
        #expect(refused.error.isProtocol(.malformedFrame))
        #expect(refused.command == nil)
    }

    @Test func repliesAreUnsignedAndWrittenAsOKReplies() throws {
        let header = Header(id: "h1", type: ReplyType.name, replyTo: "c1", time: 5)
        let result = OpenResult(instance: "i1", presentationStyle: .compact)
        let frames = ControlCodec.frames(ControlMessage(header: header, body: .ok(.opened(result))))
        #expect(frames[1].isEmpty, "control messages are not signed")
        #expect(frames[3] == WireJSON.encode(OKReply(result)))
        let error = WireError.control(.notFound, "no device x")
        #expect(ControlCodec.body(.error(error)) == WireJSON.encode(ErrorReply(error)))
        #expect(ControlCodec.body(.ok(.empty)) == Array(#"{"status":"ok"}"#.utf8))
    }

    /// Every example of a control request's schema is read as its command or refused with a
    /// field's error; and what is read writes back to the same request (the typed body holds
    /// everything the codec understood).
    @Test func everySchemaExampleOfARequestIsTypedOrRefusedByField() throws {
        var read: [ControlCommand: Int] = [:]
        for (schema, body) in Self.examples {
            guard schema.hasPrefix("control."), !schema.contains("#"),
                let command = ControlCommand(rawValue: String(schema.dropFirst("control.".count)))
            else { continue }
            switch ControlCodec().decode(
                Envelope(header: Header(id: "c1", type: command.rawValue, time: 0), body: body).frames(signingWith: nil)
            ) {
            case .request(_, let request):
                #expect(request.command == command)
                read[command, default: 0] += 1
            case .refused(_, let refusedCommand, let error):
                #expect(refusedCommand == command)
                #expect(error.isControl(.invalidRequest) || error.isProtocol(.malformedFrame), "\(command): \(error)")
            }
        }
        let requested = Set(ControlCommand.allCases)
        #expect(
            Set(read.keys) == requested,
            "commands with no example read: \(requested.subtracting(read.keys).map(\.rawValue).sorted())")
    }

    /// (schema, body) of every example in schema-examples.json.
    static let examples: [(String, [UInt8])] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "schema-examples.json")
        guard let data = try? Data(contentsOf: url),
            case .array(let entries)? = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return [] }
        return entries.compactMap { entry in
            guard case .object(let fields) = entry, case .string(let schema)? = fields["schema"],
                let body = fields["body"]
            else { return nil }
            return (schema, WireJSON.foundationEncode(body))
        }
    }()
}
