import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// The Swift SDK's inputs and sticker element (PROTOCOL.md §4.9): their wire form, the
/// stickers a view offers when the person opens the app's stickers, and reading the values
/// a touch brings back.
@Suite struct ViewInputsTests {
    static func wire(_ elements: [MSViewElement]) -> (ViewValue, [[UInt8]], [MSSticker]) {
        var buffers: [[UInt8]] = []
        var stickers: [MSSticker] = []
        let view = ViewValue(elements: elements.map { $0.value(buffers: &buffers, stickers: &stickers) })
        return (view, buffers, stickers)
    }

    /// `YYYY-MM-DDTHH:MM` in the current time zone, as UIDatePicker's dates are.
    static func utc(_ text: String) -> Date {
        let n = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4]))!
    }

    @Test func inputsWriteTheDocumentedWireForm() {
        let (view, buffers, _) = Self.wire([
            .choice(id: "size", options: [MSViewOption(id: "s", title: "Small"), "Large"], selected: "s"),
            .choice(id: "month", options: ["Dec"], style: .picker),
            .toggle(id: "gift", title: "Gift wrap"),
            .datePicker(
                id: "day", title: "Day", date: Self.utc("2026-12-24T18:30"), minimumDate: Self.utc("2026-12-01T00:00")),
            .datePicker(id: "at", mode: .dateAndTime, date: Self.utc("2026-12-24T18:30")),
            .datePicker(id: "time", mode: .time, date: Self.utc("2026-12-24T07:05")),
        ])
        #expect(buffers.isEmpty)
        #expect(
            view.elements == [
                .choice(
                    id: "size",
                    options: [ViewOption(id: "s", title: "Small"), ViewOption(id: "Large", title: "Large")],
                    selected: "s", style: nil),
                .choice(id: "month", options: [ViewOption(id: "Dec", title: "Dec")], selected: nil, style: .picker),
                .toggle(id: "gift", title: "Gift wrap", on: false),
                .date(id: "day", title: "Day", mode: nil, value: "2026-12-24", minimum: "2026-12-01", maximum: nil),
                .date(id: "at", title: nil, mode: .dateAndTime, value: "2026-12-24T18:30", minimum: nil, maximum: nil),
                .date(id: "time", title: nil, mode: .time, value: "07:05", minimum: nil, maximum: nil),
            ])
    }

    @MainActor
    @Test func aStickerViewIsItsImageAndTheStickerTheAppOffers() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("view-sticker-\(getpid()).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let sticker = try MSSticker(contentsOfFileURL: file, localizedDescription: "A cone")
        let element = try #require(MSViewElement.sticker(MSStickerView(frame: .zero, sticker: sticker), side: 150))
        #expect(MSViewElement.sticker(MSStickerView(frame: .zero)) == nil)
        // Without a side: the view's frame, else Messages' regular size.
        #expect(
            MSViewElement.sticker(MSStickerView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), sticker: sticker))
                == .sticker(MSStickerView(frame: .zero, sticker: sticker), side: 100))
        #expect(
            MSViewElement.sticker(MSStickerView(frame: .zero, sticker: sticker))
                == .sticker(MSStickerView(frame: .zero, sticker: sticker), side: 136))
        let (view, buffers, stickers) = Self.wire([.image(Data([1])), element])
        #expect(
            view.elements[1]
                == .sticker(FrameReference(frame: 1), sticker: 0, accessibilityLabel: "A cone", width: 150, height: 150)
        )
        #expect(buffers == [[1], [0x89, 0x50, 0x4E, 0x47]] && stickers == [sticker])
        // A sticker whose file is gone is drawn as its description, and not offered.
        let gone = try MSSticker(
            contentsOfFileURL: URL(fileURLWithPath: "/nonexistent.png"), localizedDescription: "Gone")
        let (missing, _, none) = Self.wire([
            try #require(MSViewElement.sticker(MSStickerView(frame: .zero, sticker: gone)))
        ])
        #expect(missing.elements == [.text("Gone", style: .caption)] && none.isEmpty)
    }

    @Test func aTouchReadsTogglesAndDates() throws {
        let touch = MSTouch(
            payload: .null, button: "go",
            fields: [
                "gift": "true", "off": "false", "day": "2026-12-24", "at": "2026-12-24T18:30", "time": "07:05",
                "none": "",
            ])
        #expect(
            touch.isOn("gift") == true && touch.isOn("off") == false && touch.isOn("day") == nil
                && touch.isOn("missing") == nil)
        #expect(touch.dateComponents("day") == DateComponents(year: 2026, month: 12, day: 24))
        #expect(touch.dateComponents("time") == DateComponents(hour: 7, minute: 5))
        #expect(touch.date("at") == Self.utc("2026-12-24T18:30"))
        #expect(touch.date("day") == Self.utc("2026-12-24T00:00"))
        #expect(touch.date("time", now: Self.utc("2027-03-01T12:00")) == Self.utc("2027-03-01T07:05"))
        #expect(touch.date("none") == nil && touch.date("gift") == nil)
    }
}
