import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// msghost's view (PROTOCOL.md §4.9) in the Swift SDK: `setView(_:)` sends `setView` with the
/// images as binary frames and reports the host's refusal as an `NSError`; a touch from a
/// button reaches `didReceiveTouch(_:)` with its id and fields, and then the payload override.
@Suite(.serialized) struct ViewTests {
    @Test func setViewSendsTheWholeViewWithImagesAsFrames() throws {
        let outcomes = RequestTests.Outcomes()
        let running = try DispatchTests.start { controller, _ in
            controller.setView([
                .text("Build an ice cream", style: .title),
                .image(Data([1, 2, 3]), accessibilityLabel: "a cone", width: 120, height: 160),
                .row([
                    .button(id: "cone", title: "Cone", payload: .object(["base": .string("cone")])),
                    .button(id: "send", title: "Send", isEnabled: false),
                ]),
                .textField(id: "note", placeholder: "A note"),
                .image(Data([4])),
            ]) { outcomes.record($0) }
        }
        defer { running.stop() }
        let host = running.host
        let touch = host.send(CallbackType.touch.rawValue, TouchBody(instance: "i7", payload: .null))
        let request = try #require(try host.receive())
        #expect(request.header.type == "setView")
        let body = try request.decodeBody(SetViewBody.self)
        #expect(body.instance == "i7")
        #expect(
            body.view
                == ViewValue(elements: [
                    .text("Build an ice cream", style: .title),
                    .image(FrameReference(frame: 0), accessibilityLabel: "a cone", width: 120, height: 160),
                    .row([
                        .button(id: "cone", title: "Cone", payload: .object(["base": .string("cone")]), enabled: nil),
                        .button(id: "send", title: "Send", payload: nil, enabled: false),
                    ]),
                    .textField(id: "note", placeholder: "A note", text: nil),
                    .image(FrameReference(frame: 1), accessibilityLabel: nil, width: nil, height: nil),
                ]))
        #expect(request.buffers == [[1, 2, 3], [4]])
        try host.expectAck(of: touch)
        host.send(
            ReplyType.name, ErrorReply(.protocolError(.invalidBody, "view.elements[2].elements[0].id is taken")),
            replyTo: request.header.id)
        #expect(outcomes.done.wait(timeout: .now() + 5) == .success)
        let error = try #require(outcomes.errors.value.first ?? nil)
        #expect(error.domain == ProtocolErrorCode.domain && error.code == ProtocolErrorCode.invalidBody.rawValue)
        #expect(error.localizedDescription.contains("view.elements[2].elements[0].id"))
    }

    @Test func aButtonsTouchCarriesItsIdAndFieldsAndStillReachesThePayloadOverride() throws {
        let payloads = Locked<[JSONValue]>([])
        let running = try DispatchTests.start { _, payload in payloads.withLock { $0.append(payload) } }
        defer { running.stop() }
        try DispatchTests.call(
            running.host, .touch,
            TouchBody(instance: "i1", payload: .string("cone"), button: "cone", fields: ["note": "hi", "a": ""]))
        try DispatchTests.call(running.host, .touch, TouchBody(instance: "i1", payload: .number(2)))
        #expect(running.recorder.calls.suffix(3) == ["button cone a=,note=hi", "touch", "touch"])
        #expect(payloads.value == [.string("cone"), .number(2)])
    }
}
