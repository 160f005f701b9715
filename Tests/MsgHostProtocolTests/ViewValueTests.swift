import MsgHostProtocol
import Testing

/// The view of `setView` on the wire (PROTOCOL.md §4.9): every element type round-trips in
/// the documented shape, and unknown types or keys are refused by name.
@Suite struct ViewValueTests {
    @Test func everyElementTypeRoundTripsInTheDocumentedShape() throws {
        let json =
            #"{"elements":[{"style":"title","text":"Hi","type":"text"},{"accessibilityLabel":"a cone","height":160,"image":{"frame":0},"type":"image","width":120},{"elements":[{"id":"cone","payload":{"base":"cone"},"title":"Cone","type":"button"},{"enabled":false,"id":"send","title":"Send","type":"button"}],"type":"row"},{"id":"note","placeholder":"A note","text":"","type":"textField"}]}"#
        let view = try WireJSON.decode(ViewValue.self, from: Array(json.utf8))
        #expect(view.elements.count == 4)
        #expect(
            view.elements[2]
                == .row([
                    .button(id: "cone", title: "Cone", payload: .object(["base": .string("cone")]), enabled: nil),
                    .button(id: "send", title: "Send", payload: nil, enabled: false),
                ]))
        #expect(String(decoding: WireJSON.encode(view), as: UTF8.self) == json)
    }

    @Test(arguments: [
        (#"{"elements":[{"type":"slider"}]}"#, "elements[0].type: unknown element type \"slider\""),
        (
            #"{"elements":[{"type":"button","id":"a","title":"A","colour":"red"}]}"#,
            "elements[0]: unknown key \"colour\" in a button element"
        ),
        (#"{"elements":[],"extra":1}"#, "unknown key \"extra\" in a view"),
        (#"{"elements":[{"type":"text"}]}"#, "elements[0].text: required field is missing"),
        (
            #"{"elements":[{"type":"text","text":"a","style":"huge"}]}"#,
            "elements[0].style: must be one of title, headline, body, caption, not \"huge\""
        ),
    ])
    func badViewsAreRefusedNamingWhatWasWrong(json: String, message: String) throws {
        let body = #"{"instance":"i1","view":"# + json + "}"
        #expect(throws: WireError.protocolError(.invalidBody, "")) {
            try WireJSON.decode(SetViewBody.self, from: Array(body.utf8))
        }
        do {
            _ = try WireJSON.decode(SetViewBody.self, from: Array(body.utf8))
        } catch {
            #expect(
                error.description.contains("view." + message) || error.description.contains("view: " + message),
                "\(error.description)")
        }
    }

    @Test func aPlainTouchHasNoButtonOrFields() {
        #expect(
            String(decoding: WireJSON.encode(TouchBody(instance: "i1", payload: .null)), as: UTF8.self)
                == #"{"instance":"i1","payload":null}"#)
        let activated = TouchBody(instance: "i1", payload: .string("p"), button: "b", fields: ["f": "t"])
        #expect(
            String(decoding: WireJSON.encode(activated), as: UTF8.self)
                == #"{"button":"b","fields":{"f":"t"},"instance":"i1","payload":"p"}"#)
    }
}

/// Rows nest by recursion, so a hostile view as deep as the JSON parser allows must decode or
/// fail cleanly, never exhaust the stack; the depth limit (4) is the core's to enforce.
@Suite struct ViewNestingTests {
    static func nested(_ depth: Int) -> [UInt8] {
        Array(
            (String(repeating: #"{"type":"row","elements":["#, count: depth) + String(repeating: "]}", count: depth))
                .utf8)
    }

    @Test(arguments: [200, 255, 300, 5_000, 100_000])
    func aDeepRowNestDecodesOrFailsWithoutCrashing(depth: Int) throws {
        let body = Array(#"{"instance":"i1","view":{"elements":["#.utf8) + Self.nested(depth) + Array("]}}".utf8)
        do {
            let decoded = try WireJSON.decode(SetViewBody.self, from: body)
            #expect(decoded.view.elements.count == 1)
        } catch {
            #expect(
                error.code == ProtocolErrorCode.invalidBody.rawValue
                    || error.code == ProtocolErrorCode.malformedFrame.rawValue, "\(error)")
        }
    }
}
