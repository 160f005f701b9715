import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// §3.3: the peer broke the protocol. Most from the probe after its hello (the reply is signed
/// and the connection stays served); the hello refusals from a stranger (unsigned).
extension ErrorTableTests {
    static let hello = #"{"app":"\#(ErrorScene.probeApp)","protocol":1}"#

    static let protocolRows: [ErrorRow] = [
        ErrorRow(.protocolErrors, .expect(.malformedFrame), "a header that is not JSON", mentions: ["header"]) {
            try $0.fromProbe(RawMessage(unparsableHeader: "{not json"))
        },
        ErrorRow(.protocolErrors, .expect(.malformedFrame), "no body frame", mentions: ["frames"]) {
            try $0.fromProbe(RawMessage(body: nil))
        },
        ErrorRow(.protocolErrors, .expect(.malformedFrame), "an empty body from an extension", mentions: ["body"]) {
            try $0.fromProbe(RawMessage(body: ""))
        },
        ErrorRow(.protocolErrors, .expect(.malformedFrame), "an empty body from a control client", mentions: ["body"]) {
            try $0.fromControl(RawMessage(type: "status", body: ""))
        },
        ErrorRow(.protocolErrors, .expect(.malformedFrame), "a body that is not JSON", mentions: ["body"]) {
            try $0.fromProbe(RawMessage(body: "{oops"))
        },
        ErrorRow(
            .protocolErrors, .expect(.malformedFrame), "a body that is not an object, from an extension",
            mentions: ["body"]
        ) {
            try $0.fromProbe(RawMessage(body: "[1]"))
        },
        ErrorRow(
            .protocolErrors, .expect(.malformedFrame), "a body that is not an object, from a control client",
            mentions: ["body"]
        ) {
            try $0.fromControl(RawMessage(type: "status", body: "[1]"))
        },
        ErrorRow(.protocolErrors, .expect(.badSignature), "signed with another key", mentions: ["signature"]) {
            try $0.fromProbe(RawMessage(), key: Array("not-the-token".utf8))
        },
        ErrorRow(.protocolErrors, .expect(.unknownType), "a type no extension may send", mentions: ["launchRockets"]) {
            try $0.request("launchRockets", Empty())
        },
        ErrorRow(.protocolErrors, .expect(.helloRequired), "insertText first on a connection", mentions: ["hello"]) {
            try $0.fromStranger(RawMessage())
        },
        ErrorRow(.protocolErrors, .expect(.badToken), "hello signed with a guessed token", mentions: ["token"]) {
            try $0.fromStranger(RawMessage(type: "hello", body: hello), key: Array("guessed".utf8))
        },
        ErrorRow(.protocolErrors, .expect(.unsupportedVersion), "hello.protocol 2", mentions: ["protocol"]) {
            try $0.fromStranger(
                RawMessage(
                    type: "hello", body: hello.replacingOccurrences(of: #""protocol":1"#, with: #""protocol":2"#)))
        },
        ErrorRow(.protocolErrors, .expect(.unsupportedVersion), "version tag MSGHOST/2", mentions: ["MSGHOST/2"]) {
            try $0.fromStranger(RawMessage(type: "hello", tag: "MSGHOST/2", body: hello))
        },
        ErrorRow(.protocolErrors, .expect(.invalidBody), "sendMessage without instance", mentions: ["instance"]) {
            try $0.request("sendMessage", ["message": MessageValue()])
        },
        ErrorRow(
            .protocolErrors, .expect(.invalidBody), "setView with an image 1.5 points wide",
            mentions: ["view.elements[0].width", "integer"]
        ) { scene in
            let image: JSONValue = .object([
                "type": .string("image"), "image": .object(["frame": .number(0)]), "width": .number(1.5),
            ])
            return try scene.request(
                "setView",
                ["instance": .string(try scene.instance), "view": .object(["elements": .array([image])])]
                    as [String: JSONValue])
        },
        // PROTOCOL.md §4.9: elements nest at most 4 deep, so a row at depth 4 must be empty.
        ErrorRow(
            .protocolErrors, .expect(.invalidBody), "setView with text in a fourth nested row",
            mentions: ["view.elements[0].elements[0].elements[0].elements[0].elements", "at most 4 deep"]
        ) { scene in
            var element: JSONValue = .object(["type": .string("text"), "text": .string("deep")])
            for _ in 0..<4 { element = .object(["type": .string("row"), "elements": .array([element])]) }
            return try scene.request(
                "setView",
                ["instance": .string(try scene.instance), "view": .object(["elements": .array([element])])]
                    as [String: JSONValue])
        },
        ErrorRow(
            .protocolErrors, .expect(.unknownInstance), "an instance id that was never this extension's",
            mentions: ["no-such-instance"]
        ) {
            try $0.request("sendText", TextRequestBody(instance: "no-such-instance", text: "hi"))
        },
        ErrorRow(.protocolErrors, .expect(.replayedMessage), "a header id used twice", mentions: ["twice"]) { scene in
            // Already compact: a no-op.
            let stay = PresentationStyleBody(instance: try scene.instance, presentationStyle: .compact)
            guard case .reply(let first, _, _) = try scene.request("requestPresentationStyle", stay, id: "twice"),
                try first.envelope.decodeBody(ReplyStatus.self).isOK
            else { throw TestDaemonError(description: "the first use of the id was refused") }
            return try scene.request("requestPresentationStyle", stay, id: "twice")
        },
        ErrorRow(.protocolErrors, .expect(.unsupportedRequest)) { _ in
            .notProvokable(
                why: "every request this build knows it carries out; nothing in Sources returns unsupportedRequest")
        },
        ErrorRow(
            .protocolErrors, .expect(.unexpectedReply), "a reply to no callback: recorded, never answered",
            mentions: ["no-such-callback"]
        ) { scene in
            let probe = try scene.probe
            try probe.send("reply", OKReply(Empty()), replyTo: "no-such-callback")
            var event: EventRecord?
            try scene.daemon.eventually("the reply is recorded") {
                event = try scene.daemon.events(kind: "protocolError").first {
                    $0.code == ProtocolErrorCode.unexpectedReply.rawValue
                }
                return event != nil
            }
            #expect(try probe.isSilent(for: 0.2), "a reply is never answered")
            #expect(try scene.daemon.status().counters["unexpectedReplies"] == 1)
            return .recorded(try #require(event))
        },
    ]
}
