import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What an extension shows (PROTOCOL.md §4.9): `setView` from the presented main instance is
/// kept in memory and shown by control `view`; its images are checked by the shell like a
/// layout image; a transcript instance or one not presented is refused; the view goes when
/// the instance resigns or its process ends, each change an event `viewChanged`; and
/// `activate` is a user touch carrying the button's payload, its id and the text fields.
@Suite struct HostStateMachineExtensionViewTests {
    static let view = ViewValue(elements: [
        .text("Build an ice cream", style: .title),
        .row([
            .button(id: "cone", title: "Cone", payload: .object(["base": .string("cone")]), enabled: nil),
            .button(id: "off", title: "Off", payload: nil, enabled: false),
        ]),
        .textField(id: "note", placeholder: "A note", text: "hello"),
        .textField(id: "empty", placeholder: nil, text: nil),
    ])

    static func shown(_ h: inout HostHarness, on device: String = HostHarness.amberPhone) throws -> ViewResult {
        try h.controlReply(.observation(.view(ViewRequest(device: device)))).result(ViewResult.self)
    }

    static func setView(
        _ h: inout HostHarness, _ view: ViewValue = Self.view, from instance: String, buffers: [[UInt8]] = []
    ) -> [HostAction] {
        h.request(.setView, SetViewBody(instance: instance, view: view), from: instance, buffers: buffers)
    }

    @Test func noAppOpenShowsAllNullAndAnUnknownDeviceIsNotFound() throws {
        var h = try HostHarness()
        #expect(try Self.shown(&h) == ViewResult())
        let bytes = ControlCodec.body(
            try h.controlReply(.observation(.view(ViewRequest(device: HostHarness.amberPhone)))).body)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"app":null,"instance":null,"presentationStyle":null,"status":"ok","view":null}"#)
        let unknown = try h.controlReply(.observation(.view(ViewRequest(device: "nobody-phone"))))
        #expect(unknown.error?.isControl(.notFound) == true)
    }

    @Test func aViewSetByTheOpenAppIsShownAndCountedInAnEvent() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        #expect(
            try Self.shown(&h)
                == ViewResult(app: HostHarness.app, instance: instance, presentationStyle: .compact, view: nil))
        let actions = Self.setView(&h, from: instance)
        #expect(actions.extensionReplies.first?.isOK == true)
        #expect(try Self.shown(&h).view == Self.view)
        let event = try #require(actions.events.first { $0.kind == "viewChanged" })
        #expect(event.instance == instance && event.device == HostHarness.amberPhone && event.app == HostHarness.app)
        #expect(event.elements == 6, "rows and their elements count")

        let cleared = Self.setView(&h, ViewValue(elements: []), from: instance)
        #expect(cleared.extensionReplies.first?.isOK == true)
        #expect(try Self.shown(&h).view == nil)
        #expect(cleared.events.first { $0.kind == "viewChanged" }?.elements == 0)
    }

    @Test func imagesAreCheckedByTheShellAndShownAsStoredFiles() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let view = ViewValue(elements: [
            .image(FrameReference(frame: 1), accessibilityLabel: "cone", width: 100, height: 120),
            .row([.image(FrameReference(frame: 0), accessibilityLabel: nil, width: nil, height: nil)]),
        ])
        let parked = Self.setView(&h, view, from: instance, buffers: [[1, 2], [3, 4]])
        #expect(parked.extensionReplies.isEmpty, "answered once the images were looked at")
        let checks = try #require(parked.inspections.first).checks
        #expect(
            checks == [
                FileCheck(source: .bytes([3, 4]), purpose: .viewImage),
                FileCheck(source: .bytes([1, 2]), purpose: .viewImage),
            ])
        let done = try h.answerFiles(
            in: parked, [.accepted(HostHarness.storedFile("a")), .accepted(HostHarness.storedFile("b"))])
        #expect(done.extensionReplies.first?.isOK == true)
        let files = h.machine.settings.filesDirectory
        #expect(
            try Self.shown(&h).view
                == ViewValue(elements: [
                    .image(
                        FrameReference(url: "file://\(files)/a.bin"), accessibilityLabel: "cone", width: 100,
                        height: 120),
                    .row([
                        .image(
                            FrameReference(url: "file://\(files)/b.bin"), accessibilityLabel: nil, width: nil,
                            height: nil)
                    ]),
                ]))
    }

    @Test func anImageThatIsNotOneIsRefusedNamingItsElementAndTheViewStays() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = Self.setView(&h, from: instance)
        let view = ViewValue(elements: [
            .text("x", style: nil), .image(FrameReference(frame: 0), accessibilityLabel: nil, width: nil, height: nil),
        ])
        let parked = Self.setView(&h, view, from: instance, buffers: [[0x25, 0x50]])
        let refused = try h.answerFiles(
            in: parked,
            [.refused(.messages(.improperFileType, "view image (2 bytes in the request) is not a supported type"))])
        let error = try #require(refused.extensionReplies.first?.error)
        #expect(error.isMessages(.improperFileType))
        #expect(error.description.hasPrefix("view.elements[1].image: "))
        #expect(try Self.shown(&h).view == Self.view)
    }

    @Test(arguments: [
        (ViewValue(elements: [.button(id: "", title: "x", payload: nil, enabled: nil)]), "view.elements[0].id"),
        (
            ViewValue(elements: [
                .button(id: "a", title: "x", payload: nil, enabled: nil),
                .row([.textField(id: "a", placeholder: nil, text: nil)]),
            ]), "view.elements[1].elements[0].id"
        ),
        (ViewValue(elements: [.text(String(repeating: "x", count: 4_097), style: nil)]), "view.elements[0].text"),
        (
            ViewValue(elements: [.image(FrameReference(frame: 3), accessibilityLabel: nil, width: nil, height: nil)]),
            "view.elements[0].image"
        ),
        (
            ViewValue(elements: [.image(FrameReference(frame: 0), accessibilityLabel: nil, width: 4_097, height: nil)]),
            "view.elements[0].width"
        ),
        (
            ViewValue(elements: [.row([.row([.row([.row([.text("deep", style: nil)])])])])]),
            "view.elements[0].elements[0].elements[0].elements[0].elements"
        ),
        (ViewValue(elements: Array(repeating: .text("x", style: nil), count: 257)), "view.elements[256]"),
    ])
    func aViewBreakingALimitIsInvalidBodyNamingTheElement(view: ViewValue, field: String) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let reply = try #require(Self.setView(&h, view, from: instance, buffers: [[1]]).extensionReplies.first)
        let error = try #require(reply.error)
        #expect(error.isProtocol(.invalidBody))
        #expect(
            error.description.hasPrefix(field + " ") || error.description.hasPrefix(field + ":"), "\(error.description)"
        )
        #expect(try Self.shown(&h).view == nil)
    }

    @Test func aViewAtTheLimitsIsAccepted() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let deep = ViewElement.row([.row([.row([.text(String(repeating: "x", count: 4_096), style: .caption)])])])
        let many = Array(repeating: ViewElement.text("x", style: nil), count: 251)
        let view = ViewValue(
            elements: [deep] + many + [
                .button(id: String(repeating: "b", count: 128), title: "B", payload: nil, enabled: nil)
            ])
        #expect(Self.setView(&h, view, from: instance).extensionReplies.first?.isOK == true)
    }

    @Test func unknownTypesAndKeysAreRefusedByName() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        for (json, words) in [
            (#"{"instance":"\#(instance)","view":{"elements":[{"type":"slider"}]}}"#, ["view.elements[0]", "slider"]),
            (
                #"{"instance":"\#(instance)","view":{"elements":[{"type":"text","text":"a","colour":"red"}]}}"#,
                ["view.elements[0]", "colour"]
            ),
            (#"{"instance":"\#(instance)","view":{"elements":[],"title":"x"}}"#, ["view", "title"]),
            (
                #"{"instance":"\#(instance)","view":{"elements":[{"type":"text","text":"a","style":"huge"}]}}"#,
                ["style", "huge"]
            ),
        ] {
            let raw = JSONValue.object(try WireJSON.decode([String: JSONValue].self, from: Array(json.utf8)))
            let reply = try #require(h.request(.setView, raw, from: instance).extensionReplies.first)
            let error = try #require(reply.error)
            #expect(error.isProtocol(.invalidBody))
            for word in words { #expect(error.description.contains(word), "\(error.description)") }
        }
    }

    @Test func aTranscriptInstanceCannotSetAView() throws {
        var h = try HostHarness()
        try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let (_, arrived) = try h.dispatch(HostStateMachinePresentationTests.live)
        let actions = h.settle(arrived)
        let instance = try #require(actions.callbacks.last?.instance)
        let reply = try #require(Self.setView(&h, from: instance).extensionReplies.first)
        #expect(reply.error?.isMessages(.apiUnavailableInPresentationContext) == true)
        #expect(try Self.shown(&h, on: HostHarness.benPhone) == ViewResult())
    }

    @Test func theViewGoesWhenTheInstanceResignsAndWhenItsProcessEnds() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = Self.setView(&h, from: instance)
        let (closed, actions) = try h.user(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        #expect(closed.isOK)
        #expect(actions.events.filter { $0.kind == "viewChanged" }.map(\.elements) == [0])
        #expect(try Self.shown(&h) == ViewResult())
        let late = try #require(Self.setView(&h, from: instance).extensionReplies.first)
        #expect(late.error?.isMessages(.sendWhileNotVisible) == true)

        let again = try h.open(on: HostHarness.amberPhone)
        _ = Self.setView(&h, from: again)
        let exited = h.observe(
            h.machine.processExited(launchID: h.machine.screens[again]!.launchID, status: "signal 9", now: h.now))
        #expect(exited.events.filter { $0.kind == "viewChanged" }.map(\.instance) == [again])
        #expect(try Self.shown(&h) == ViewResult())
    }

    @Test func activateIsATouchWithTheButtonsPayloadAndEveryTextField() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = Self.setView(&h, from: instance)
        let (id, actions) = h.control(
            .user(
                .activate(ActivateRequest(device: HostHarness.amberPhone, button: "cone", fields: ["empty": "typed"]))))
        #expect(actions.controlReplies.isEmpty, "answered once the touch is acknowledged")
        let touch = try #require(actions.callbacks.first)
        #expect(touch.header.type == "touch")
        #expect(
            try touch.decodeBody(TouchBody.self)
                == TouchBody(
                    instance: instance, payload: .object(["base": .string("cone")]), button: "cone",
                    fields: ["note": "hello", "empty": "typed"]))
        #expect(h.machine.screens[instance]?.touch?.armedAt == h.now, "it arms one send, as a touch does")
        let acked = h.settle(actions)
        #expect(acked.controlReplies.first { $0.header.replyTo == id }?.isOK == true)
        let sent = h.request(.sendText, TextRequestBody(instance: instance, text: "one"), from: instance)
        #expect(sent.extensionReplies.first?.isOK == true)
        let second = h.request(.sendText, TextRequestBody(instance: instance, text: "two"), from: instance)
        #expect(second.extensionReplies.first?.error?.isMessages(.sendWithoutRecentInteraction) == true)
    }

    @Test(arguments: [
        (ActivateRequest(device: HostHarness.amberPhone, button: "nope"), ControlErrorCode.invalidRequest, "nope"),
        (ActivateRequest(device: HostHarness.amberPhone, button: "off"), .invalidRequest, "disabled"),
        (
            ActivateRequest(device: HostHarness.amberPhone, button: "cone", fields: ["cone": "x"]), .invalidRequest,
            "fields.cone"
        ),
        (
            ActivateRequest(
                device: HostHarness.amberPhone, button: "cone", fields: ["note": String(repeating: "x", count: 4_097)]),
            .invalidRequest, "fields.note"
        ),
        (ActivateRequest(device: HostHarness.benPhone, button: "cone"), .invalidState, "no app is open"),
        (ActivateRequest(device: "nobody-phone", button: "cone"), .notFound, "nobody-phone"),
    ])
    func activateRefusesWhatTheViewDoesNotHave(request: ActivateRequest, code: ControlErrorCode, word: String) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = Self.setView(&h, from: instance)
        let reply = try h.controlReply(.user(.activate(request)))
        let error = try #require(reply.error)
        #expect(error.isControl(code))
        #expect(error.description.contains(word), "\(error.description)")
        #expect(h.machine.screens[instance]?.touch?.armedAt == nil, "a refused activation is no touch")
    }

    @Test func activateWithoutAViewIsInvalidState() throws {
        var h = try HostHarness()
        _ = try h.open(on: HostHarness.amberPhone)
        let reply = try h.controlReply(
            .user(.activate(ActivateRequest(device: HostHarness.amberPhone, button: "cone"))))
        #expect(reply.error?.isControl(.invalidState) == true)
        #expect(reply.error?.description.contains("no view") == true)
    }

    @Test func aParkedViewDoesNotOverwriteALaterOne() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let withImage = ViewValue(elements: [
            .image(FrameReference(frame: 0), accessibilityLabel: nil, width: nil, height: nil)
        ])
        let parked = Self.setView(&h, withImage, from: instance, buffers: [[1]])
        #expect(Self.setView(&h, from: instance).extensionReplies.first?.isOK == true)
        let done = try h.answerFiles(in: parked, [.accepted(HostHarness.storedFile("a"))])
        #expect(done.extensionReplies.first?.isOK == true)
        #expect(try Self.shown(&h).view == Self.view)
    }
}
