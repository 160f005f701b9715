import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The view's inputs that are not text (PROTOCOL.md §4.9): choices, toggles and date inputs are
/// checked when the view is set, and `activate` delivers their values in `fields` as strings,
/// refusing a value that does not suit its input; a sticker element is an image with an index.
@Suite struct HostStateMachineViewInputsTests {
    typealias Views = HostStateMachineExtensionViewTests

    static let view = ViewValue(elements: [
        .choice(
            id: "size", options: [ViewOption(id: "s", title: "Small"), ViewOption(id: "l", title: "Large")],
            selected: "s", style: nil),
        .row([
            .toggle(id: "gift", title: "Gift wrap", on: nil),
            .choice(id: "month", options: [ViewOption(id: "12", title: "December")], selected: nil, style: .picker),
        ]),
        .date(id: "day", title: "Day", mode: nil, value: nil, minimum: "2026-12-01", maximum: "2026-12-31"),
        .date(id: "at", title: nil, mode: .dateAndTime, value: "2026-12-24T18:30", minimum: nil, maximum: nil),
        .date(id: "time", title: nil, mode: .time, value: "09:00", minimum: "08:00", maximum: "18:00"),
        .button(id: "go", title: "Go", payload: nil, enabled: nil),
    ])

    static func touch(_ fields: [String: String]?) throws -> TouchBody {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        #expect(Views.setView(&h, Self.view, from: instance).extensionReplies.first?.isOK == true)
        let (_, actions) = h.control(
            .user(.activate(ActivateRequest(device: HostHarness.amberPhone, button: "go", fields: fields))))
        return try #require(actions.callbacks.first).decodeBody(TouchBody.self)
    }

    @Test func untouchedInputsDeliverWhatTheViewSays() throws {
        #expect(
            try Self.touch(nil).fields == [
                "size": "s", "gift": "false", "month": "", "day": "", "at": "2026-12-24T18:30", "time": "09:00",
            ])
    }

    @Test func activateDeliversTheValuesItWasGiven() throws {
        let fields = [
            "size": "l", "gift": "true", "month": "12", "day": "2026-12-31", "at": "2027-02-28T23:59", "time": "08:00",
        ]
        #expect(try Self.touch(fields).fields == fields)
        // "" is a choice or date left without a value, as a page sends an untouched one.
        #expect(
            try Self.touch(["size": "", "day": "", "at": ""]).fields == [
                "size": "", "gift": "false", "month": "", "day": "", "at": "", "time": "09:00",
            ])
    }

    @Test(arguments: [
        (["size": "m"], "fields.size"), (["gift": "yes"], "fields.gift"), (["gift": "True"], "fields.gift"),
        (["gift": ""], "fields.gift"),
        (["day": "2026-11-30"], "minimum"), (["day": "2027-01-01"], "maximum"), (["day": "2026-12-32"], "fields.day"),
        (["day": "2026-12-1"], "YYYY-MM-DD"), (["at": "2026-12-24 18:30"], "fields.at"),
        (["at": "2026-02-29T10:00"], "fields.at"),
        (["time": "24:00"], "fields.time"), (["time": "19:00"], "maximum"), (["nope": "x"], "fields.nope"),
    ])
    func aValueThatDoesNotSuitItsInputIsRefused(fields: [String: String], word: String) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = Views.setView(&h, Self.view, from: instance)
        let reply = try h.controlReply(
            .user(.activate(ActivateRequest(device: HostHarness.amberPhone, button: "go", fields: fields))))
        let error = try #require(reply.error)
        #expect(error.isControl(.invalidRequest))
        #expect(error.description.contains(word), "\(error.description)")
        #expect(h.machine.screens[instance]?.touch?.armedAt == nil)
    }

    @Test(arguments: [
        (ViewElement.choice(id: "c", options: [], selected: nil, style: nil), "view.elements[0].options"),
        (
            .choice(
                id: "c", options: Array(repeating: ViewOption(id: "a", title: "A"), count: 2), selected: nil, style: nil
            ), "view.elements[0].options[1].id"
        ),
        (
            .choice(id: "c", options: [ViewOption(id: "", title: "A")], selected: nil, style: nil),
            "view.elements[0].options[0].id"
        ),
        (
            .choice(id: "c", options: [ViewOption(id: "a", title: "A")], selected: "b", style: nil),
            "view.elements[0].selected"
        ),
        (.toggle(id: "", title: "T", on: nil), "view.elements[0].id"),
        (.toggle(id: "t", title: String(repeating: "x", count: 4_097), on: nil), "view.elements[0].title"),
        (
            .date(id: "d", title: nil, mode: nil, value: "2026-13-01", minimum: nil, maximum: nil),
            "view.elements[0].value"
        ),
        (
            .date(id: "d", title: nil, mode: .time, value: nil, minimum: "2026-12-01", maximum: nil),
            "view.elements[0].minimum"
        ),
        (
            .date(id: "d", title: nil, mode: nil, value: nil, minimum: "2026-12-02", maximum: "2026-12-01"),
            "view.elements[0].maximum"
        ),
        (
            .date(id: "d", title: nil, mode: nil, value: "2026-11-01", minimum: "2026-12-01", maximum: nil),
            "view.elements[0].value"
        ),
        (
            .sticker(FrameReference(frame: 0), sticker: 256, accessibilityLabel: nil, width: nil, height: nil),
            "view.elements[0].sticker"
        ),
        (
            .sticker(FrameReference(frame: 1), sticker: 0, accessibilityLabel: nil, width: nil, height: nil),
            "view.elements[0].image"
        ),
    ])
    func anInputBreakingALimitIsInvalidBodyNamingIt(element: ViewElement, field: String) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let reply = try #require(
            Views.setView(&h, ViewValue(elements: [element]), from: instance, buffers: [[1]]).extensionReplies.first)
        let error = try #require(reply.error)
        #expect(error.isProtocol(.invalidBody))
        #expect(
            error.description.hasPrefix(field + " ") || error.description.hasPrefix(field + ":"), "\(error.description)"
        )
    }

    @Test func anInputsIDMustDifferFromAButtons() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let view = ViewValue(elements: [
            .button(id: "a", title: "A", payload: nil, enabled: nil), .toggle(id: "a", title: "T", on: nil),
        ])
        let error = try #require(Views.setView(&h, view, from: instance).extensionReplies.first?.error)
        #expect(error.description.hasPrefix("view.elements[1].id"))
    }

    @Test func aStickersImageIsCheckedAndShownAsAStoredFile() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let view = ViewValue(elements: [
            .sticker(FrameReference(frame: 0), sticker: 3, accessibilityLabel: "A cone", width: 136, height: 136)
        ])
        let parked = Views.setView(&h, view, from: instance, buffers: [[1, 2]])
        #expect(parked.inspections.first?.checks == [FileCheck(source: .bytes([1, 2]), purpose: .viewImage)])
        let done = try h.answerFiles(in: parked, [.accepted(HostHarness.storedFile("a"))])
        #expect(done.extensionReplies.first?.isOK == true)
        let files = h.machine.settings.filesDirectory
        #expect(
            try Views.shown(&h).view
                == ViewValue(elements: [
                    .sticker(
                        FrameReference(url: "file://\(files)/a.bin"), sticker: 3, accessibilityLabel: "A cone",
                        width: 136, height: 136)
                ]))
    }

    @Test func datesAreReadInTheirModesFormat() {
        #expect(ViewDateMode.date.parse("2024-02-29") != nil && ViewDateMode.date.parse("2023-02-29") == nil)
        #expect(ViewDateMode.date.parse("1900-02-29") == nil && ViewDateMode.date.parse("2000-02-29") != nil)
        #expect(
            ViewDateMode.time.parse("23:59") != nil && ViewDateMode.time.parse("23:60") == nil
                && ViewDateMode.time.parse("7:00") == nil)
        #expect(
            ViewDateMode.dateAndTime.parse("2026-12-24T18:30") != nil
                && ViewDateMode.dateAndTime.parse("2026-12-24t18:30") == nil)
        #expect(ViewDateMode.date.parse("٢٠٢٦-١٢-٢٤") == nil)
        #expect(ViewDateMode.date.parse("2026-12-24")! < ViewDateMode.date.parse("2027-01-01")!)
    }
}
