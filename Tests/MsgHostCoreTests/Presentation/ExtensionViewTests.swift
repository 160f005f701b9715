import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `ExtensionView` alone: the newest `setView` wins whatever order they finish in, only the
/// presented main instance may set one, a refused image names its element, and `activate`
/// turns a button and the inputs' values into the touch the app gets; `tapScreen` a tap or a
/// drag on the app's own screen, each number of it checked where it enters.
@Suite struct ExtensionViewTests {
    static let view = ViewValue(elements: [
        .row([
            .button(id: "cone", title: "Cone", payload: .object(["base": .string("cone")]), enabled: nil),
            .button(id: "off", title: "Off", payload: nil, enabled: false),
        ]),
        .textField(id: "note", placeholder: nil, text: "hello"),
        .toggle(id: "gift", title: "Gift", on: nil),
    ])
    static let other = ViewValue(elements: [.text("other", style: nil)])

    static func instance(
        style: PresentationStyle = .compact, phase: Instance.Phase = .active(UserTouch()), view: ViewValue? = Self.view
    ) -> Instance {
        var instance = Instance(
            id: "i1", launchID: "l1", device: "phone", conversation: "c", app: "app", installID: "in1",
            context: .messages, style: style)
        instance.phase = phase
        if let view { _ = instance.view.apply(view, serial: instance.view.take()) }
        return instance
    }

    @Test func aLaterRequestWinsEvenIfAnEarlierOneFinishesAfterIt() {
        var shown = ExtensionView()
        let parked = shown.take()
        let quick = shown.take()
        let quickApplied = shown.apply(Self.other, serial: quick)
        let parkedApplied = shown.apply(Self.view, serial: parked)
        #expect(quickApplied && !parkedApplied, "the parked one is older")
        #expect(shown.current == Self.other)
        let emptied = shown.apply(ViewValue(elements: []), serial: shown.take())
        #expect(emptied && shown.current == nil, "an empty view shows nothing")
        let clearedNothing = shown.clear()
        #expect(!clearedNothing)
        let again = shown.apply(Self.view, serial: shown.take())
        let cleared = shown.clear()
        #expect(again && cleared && shown.current == nil)
    }

    @Test func onlyThePresentedMainInstanceMaySetAView() throws {
        try ExtensionView.requireOwner(Self.instance(), isPresented: true)
        let bubble = #expect(throws: WireError.self) {
            try ExtensionView.requireOwner(Self.instance(style: .transcript), isPresented: true)
        }
        #expect(bubble?.isMessages(.apiUnavailableInPresentationContext) == true)
        for (instance, presented) in [(Self.instance(), false), (Self.instance(phase: .resigning), true)] {
            let error = #expect(throws: WireError.self) {
                try ExtensionView.requireOwner(instance, isPresented: presented)
            }
            #expect(error?.isMessages(.sendWhileNotVisible) == true)
            #expect(error?.description == "setView: instance \"i1\" is not the app presented on phone")
        }
    }

    @Test func storedImagesAreURLsAndARefusalNamesItsElement() throws {
        let file = StoredFile(
            sha256: String(repeating: "a", count: 64), storedName: "a.bin", filename: "a", mediaType: "image/png",
            byteCount: 1)
        let url = { (file: StoredFile) in "file:///files/\(file.storedName)" }
        let paths = ["view.elements[0].image", "view.elements[1].image"]
        #expect(
            try ExtensionView.storedImages([.accepted(file), .accepted(file)], paths: paths, url: url) == [
                FrameReference(url: "file:///files/a.bin"), FrameReference(url: "file:///files/a.bin"),
            ])
        let refused = #expect(throws: WireError.self) {
            try ExtensionView.storedImages(
                [.accepted(file), .refused(.messages(.improperFileType, "not a picture"))], paths: paths, url: url)
        }
        #expect(
            refused?.isMessages(.improperFileType) == true
                && refused?.description == "view.elements[1].image: not a picture")
    }

    @Test func activatingAButtonCarriesItsPayloadAndEveryInputsValue() throws {
        let instance = Self.instance()
        let touch = try instance.view.touch(
            ActivateRequest(device: "phone", button: "cone", fields: ["gift": "true"]), on: instance)
        #expect(
            touch
                == TouchBody(
                    instance: "i1", payload: .object(["base": .string("cone")]), button: "cone",
                    fields: ["note": "hello", "gift": "true"]))
    }

    @Test(arguments: [
        (
            ActivateRequest(device: "phone", button: "nope"), ControlErrorCode.invalidRequest,
            "button: the view of app on phone has no button \"nope\" (its buttons: cone, off)"
        ),
        (
            ActivateRequest(device: "phone", button: "off"), .invalidRequest,
            "button: \"off\" is disabled in the view of app on phone"
        ),
        (
            ActivateRequest(device: "phone", button: "cone", fields: ["zzz": "x"]), .invalidRequest,
            "fields.zzz: not a text field or other input of the view of app on phone (its inputs: gift, note)"
        ),
        (
            ActivateRequest(device: "phone", button: "cone", fields: ["gift": "yes"]), .invalidRequest,
            "fields.gift must be \"true\" or \"false\" for a toggle; got \"yes\""
        ),
    ])
    func aButtonOrFieldTheViewCannotTakeIsRefused(request: ActivateRequest, code: ControlErrorCode, reason: String) {
        let instance = Self.instance()
        let error = #expect(throws: WireError.self) { try instance.view.touch(request, on: instance) }
        #expect(error?.isControl(code) == true && error?.description == reason)
    }

    @Test func anInstanceWithoutAViewHasNoButton() {
        let instance = Self.instance(view: nil)
        let error = #expect(throws: WireError.self) {
            try instance.view.touch(ActivateRequest(device: "phone", button: "cone"), on: instance)
        }
        #expect(error?.isControl(.invalidState) == true)
        #expect(error?.description == "app on phone has set no view (setView), so it has no button \"cone\"")
        let empty = ViewValue(elements: [.text("no buttons", style: nil)])
        let bare = Self.instance(view: empty)
        let none = #expect(throws: WireError.self) {
            try bare.view.touch(ActivateRequest(device: "phone", button: "x"), on: bare)
        }
        #expect(none?.description.hasSuffix("(its buttons: none)") == true)
    }

    static let screen = ViewValue(elements: [.screen(FrameReference(frame: 0), width: 390, height: 292, items: [])])

    @Test func aDragOnTheScreenCarriesBothPointsAndItsMoves() throws {
        let instance = Self.instance(view: Self.screen)
        let drag = try instance.view.screenTouch(
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 389.5, y: 0)), on: instance)
        #expect(
            drag
                == TouchBody(
                    instance: "i1", payload: .null, point: ScreenPoint(x: 10, y: 20), to: ScreenPoint(x: 389.5, y: 0),
                    steps: 10))
        let slow = try instance.view.screenTouch(
            TapScreenRequest(device: "phone", x: 10, y: 20, long: false, to: ScreenPoint(x: 30, y: 40), steps: 100),
            on: instance)
        #expect(slow.steps == 100 && slow.long == nil, "long false is no long press, and a drag says nothing of it")
        let tap = try instance.view.screenTouch(
            TapScreenRequest(device: "phone", x: 10, y: 20, long: true), on: instance)
        #expect(
            tap == TouchBody(instance: "i1", payload: .null, point: ScreenPoint(x: 10, y: 20), long: true),
            "a tap has no to and no steps")
    }

    @Test(arguments: [
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 390, y: 5)),
            "to.x: the screen of app on phone is 390×292 points; to.x must be from 0 to below 390, got 390.0"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 5, y: -0.5)),
            "to.y: the screen of app on phone is 390×292 points; to.y must be from 0 to below 292, got -0.5"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: .nan, y: 5)),
            "to.x: the screen of app on phone is 390×292 points; to.x must be from 0 to below 390, got nan"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 5, y: .infinity)),
            "to.y: the screen of app on phone is 390×292 points; to.y must be from 0 to below 292, got inf"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, long: true, to: ScreenPoint(x: 5, y: 5)),
            "long: a drag (to) is not a long press; drop long or to"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, text: "", to: ScreenPoint(x: 5, y: 5)),
            "text: nothing is typed after a drag (to); tap the field, then type"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 5, y: 5), steps: 0),
            "steps: a drag makes from 1 to 100 moves, got 0"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, to: ScreenPoint(x: 5, y: 5), steps: 101),
            "steps: a drag makes from 1 to 100 moves, got 101"
        ),
        (
            TapScreenRequest(device: "phone", x: 10, y: 20, steps: 5),
            "steps: 5 moves of a drag, but there is no drag without to"
        ),
        (
            TapScreenRequest(device: "phone", x: 400, y: 20, to: ScreenPoint(x: 5, y: 5)),
            "x: the screen of app on phone is 390×292 points; x must be from 0 to below 390, got 400.0"
        ),
    ])
    func aDragTheScreenCannotTakeIsRefusedNamingItsField(request: TapScreenRequest, reason: String) {
        let instance = Self.instance(view: Self.screen)
        let error = #expect(throws: WireError.self) { try instance.view.screenTouch(request, on: instance) }
        #expect(error?.isControl(.invalidRequest) == true && error?.description == reason)
    }
}
