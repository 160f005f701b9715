import Foundation
import MsgHostProtocol

/// msghost's addition: what an instance shows (PROTOCOL.md §4.9). On Linux there is no UIKit,
/// so a view controller describes its view with these elements and `setView(_:)`; msghost-web
/// draws it, `msghostctl view` prints it, and activating a button reaches
/// `didReceiveTouch(_:)` as a user touch (which allows one direct send).
///
///     self.setView([
///         .text("Build an ice cream", style: .title),
///         .row([.button(id: "cone", title: "Cone", payload: .string("cone")), .button(id: "cup", title: "Cup", payload: .string("cup"))]),
///         .textField(id: "note", placeholder: "A note"),
///     ])
public struct MSViewElement: Sendable, Equatable {
    public enum TextStyle: String, Sendable {
        case title, headline, body, caption
    }

    enum Kind: Sendable, Equatable {
        case text(String, TextStyle?)
        case image(Data, accessibilityLabel: String?, width: Int?, height: Int?)
        case button(id: String, title: String, payload: JSONValue?, isEnabled: Bool)
        case textField(id: String, placeholder: String?, text: String?)
        case row([MSViewElement])
        case choice(id: String, options: [MSViewOption], selected: String?, style: ChoiceStyle)
        case toggle(id: String, title: String, isOn: Bool)
        case date(id: String, title: String?, mode: MSDatePickerMode, date: Date?, minimum: Date?, maximum: Date?)
        case sticker(MSSticker, width: Int, height: Int)
    }

    /// How a choice is drawn: `UISegmentedControl`'s segments side by side, or `UIPickerView`'s list.
    public enum ChoiceStyle: String, Sendable {
        case segmented, picker
    }

    let kind: Kind

    /// Text; the host draws `body` when no style is given.
    public static func text(_ text: String, style: TextStyle? = nil) -> MSViewElement {
        MSViewElement(kind: .text(text, style))
    }

    /// An image's bytes (PNG, JPEG, GIF, …): checked and kept by the host like a layout image.
    /// `width` and `height` are the size to draw it at, in points.
    public static func image(_ data: Data, accessibilityLabel: String? = nil, width: Int? = nil, height: Int? = nil)
        -> MSViewElement
    {
        MSViewElement(kind: .image(data, accessibilityLabel: accessibilityLabel, width: width, height: height))
    }

    /// A button: activating it is a user touch whose payload is `payload`.
    public static func button(id: String, title: String, payload: JSONValue? = nil, isEnabled: Bool = true)
        -> MSViewElement
    {
        MSViewElement(kind: .button(id: id, title: title, payload: payload, isEnabled: isEnabled))
    }

    /// A text field; its text reaches `didReceiveTouch(_:)` in `fields` when a button is activated.
    public static func textField(id: String, placeholder: String? = nil, text: String? = nil) -> MSViewElement {
        MSViewElement(kind: .textField(id: id, placeholder: placeholder, text: text))
    }

    /// Elements side by side.
    public static func row(_ elements: [MSViewElement]) -> MSViewElement {
        MSViewElement(kind: .row(elements))
    }

    /// One of `options` (a `UISegmentedControl` or `UIPickerView`): the chosen option's `id`
    /// reaches `didReceiveTouch(_:)` in `fields[id]` when a button is activated ("" when none).
    public static func choice(
        id: String, options: [MSViewOption], selected: String? = nil, style: ChoiceStyle = .segmented
    ) -> MSViewElement {
        MSViewElement(kind: .choice(id: id, options: options, selected: selected, style: style))
    }

    /// A switch (`UISwitch` with its label): `touch.isOn(id)` tells its state.
    public static func toggle(id: String, title: String, isOn: Bool = false) -> MSViewElement {
        MSViewElement(kind: .toggle(id: id, title: title, isOn: isOn))
    }

    /// A date picker (`UIDatePicker`), its dates in the current time zone as UIKit's are:
    /// `touch.date(id)` gives what was picked (nil when none).
    public static func datePicker(
        id: String, title: String? = nil, mode: MSDatePickerMode = .date, date: Date? = nil,
        minimumDate: Date? = nil, maximumDate: Date? = nil
    ) -> MSViewElement {
        MSViewElement(
            kind: .date(id: id, title: title, mode: mode, date: date, minimum: minimumDate, maximum: maximumDate))
    }

    /// A sticker, as an `MSStickerView` in the app's own screen: the person can tap it into the
    /// input field or peel it onto a bubble (the host does it, as Messages does, without telling
    /// the app). `side` is its size in points; without one, the view's frame width, else
    /// Messages' regular sticker size (`MSStickerSize.regular.side`). Nil without a sticker.
    @preconcurrency @MainActor
    public static func sticker(_ stickerView: MSStickerView, side: Int? = nil) -> MSViewElement? {
        let width = stickerView.frame.width
        let fromFrame = width.isFinite && width >= 1 ? Int(min(width, 4_096)) : nil
        let points = side ?? fromFrame ?? MSStickerSize.regular.side
        return stickerView.sticker.map { MSViewElement(kind: .sticker($0, width: points, height: points)) }
    }

    /// The wire element; image bytes are appended to `buffers` and named by index; a sticker's
    /// is appended to `stickers`, which the app offers when the person opens its stickers.
    func value(buffers: inout [[UInt8]], stickers: inout [MSSticker]) -> ViewElement {
        switch self.kind {
        case .text(let text, let style):
            return .text(text, style: style.map { ViewTextStyle(rawValue: $0.rawValue)! })
        case .image(let data, let label, let width, let height):
            buffers.append(Array(data))
            return .image(
                FrameReference(frame: buffers.count - 1), accessibilityLabel: label, width: width, height: height)
        case .button(let id, let title, let payload, let isEnabled):
            return .button(id: id, title: title, payload: payload, enabled: isEnabled ? nil : false)
        case .textField(let id, let placeholder, let text):
            return .textField(id: id, placeholder: placeholder, text: text)
        case .row(let elements):
            return .row(elements.map { $0.value(buffers: &buffers, stickers: &stickers) })
        case .choice(let id, let options, let selected, let style):
            return .choice(
                id: id, options: options.map { ViewOption(id: $0.id, title: $0.title) }, selected: selected,
                style: style == .segmented ? nil : ViewChoiceStyle(rawValue: style.rawValue))
        case .toggle(let id, let title, let isOn):
            return .toggle(id: id, title: title, on: isOn)
        case .date(let id, let title, let mode, let date, let minimum, let maximum):
            return .date(
                id: id, title: title, mode: mode.wire == .date ? nil : mode.wire, value: date.map(mode.string),
                minimum: minimum.map(mode.string), maximum: maximum.map(mode.string))
        case .sticker(let sticker, let width, let height):
            guard let data = FileManager.default.contents(atPath: sticker.imageFileURL.path) else {
                return .text(sticker.localizedDescription, style: .caption)
            }
            buffers.append(Array(data))
            stickers.append(sticker)
            return .sticker(
                FrameReference(frame: buffers.count - 1), sticker: stickers.count - 1,
                accessibilityLabel: sticker.localizedDescription, width: width, height: height)
        }
    }
}

/// An option of a choice: `id` is what the app receives, `title` what the person sees.
/// A string literal is both.
public struct MSViewOption: Sendable, Equatable, ExpressibleByStringLiteral {
    public var id: String
    public var title: String
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
    public init(stringLiteral value: String) { self.init(id: value, title: value) }
}

/// A touch on the instance's view (`didReceiveTouch(_:)`): the payload, and, when the user
/// activated a button of the view set with `setView(_:)`, its id and every input's value.
public struct MSTouch: Sendable, Equatable {
    public let payload: JSONValue
    /// The activated button's id; nil for a plain touch.
    public let button: String?
    /// Every input of the view by id, as a string: a text field's text (what the user typed,
    /// else its text, else ""), a choice's option id, a toggle's "true"/"false", a date picker's
    /// date as `YYYY-MM-DD`, `HH:MM` or `YYYY-MM-DDTHH:MM`; empty for a plain touch.
    public let fields: [String: String]

    public init(payload: JSONValue, button: String? = nil, fields: [String: String] = [:]) {
        self.payload = payload
        self.button = button
        self.fields = fields
    }
}

extension MSMessagesAppViewController {
    /// Sets what this instance shows, top to bottom; it replaces the whole view, and `[]`
    /// clears it. Only the main (compact or expanded) instance that is open may set one (a live
    /// bubble gets `apiUnavailableInPresentationContext`); the view goes when it resigns. The
    /// completion gets nil, or the host's refusal as an `NSError` (a limit broken is a
    /// `msghost.protocol` `invalidBody` naming the element).
    public func setView(_ elements: [MSViewElement], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        guard let connection = self.connection else {
            return MSConversation.complete(
                completionHandler, NSError(messages: .unknown, "setView before the controller was presented"))
        }
        // From now on the app says what it shows; its views' screen is not sent for it.
        self.declaresView = true
        var buffers: [[UInt8]] = []
        var stickers: [MSSticker] = []
        let view = ViewValue(elements: elements.map { $0.value(buffers: &buffers, stickers: &stickers) })
        self.viewStickers = stickers
        connection.request(
            .setView, body: WireJSON.encode(SetViewBody(instance: self.instance, view: view)), buffers: buffers
        ) { result in
            switch result {
            case .success: MSConversation.complete(completionHandler, nil)
            case .failure(let error):
                HostConnection.log("setView failed: \(error)")
                MSConversation.complete(completionHandler, NSError(wire: error))
            }
        }
    }
}
