/// What an extension's main instance shows (PROTOCOL.md §4.4 "setView"): on Linux an extension
/// has no UIKit, so it describes its view declaratively and a front end (msghost-web,
/// `msghostctl view`) draws it. `setView` replaces the whole view; no elements clear it.
public struct ViewValue: Codable, Hashable, Sendable {
    public var elements: [ViewElement]
    public init(elements: [ViewElement]) { self.elements = elements }

    private enum CodingKeys: String, CodingKey { case elements }

    public init(from decoder: any Decoder) throws {
        try ViewElement.refuseUnknownKeys(in: decoder, known: ["elements"], what: "a view")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.elements = try container.decode([ViewElement].self, forKey: .elements)
    }
}

/// The style of a text element; `body` when none is given.
public enum ViewTextStyle: String, Codable, Hashable, Sendable, CaseIterable {
    case title, headline, body, caption
}

/// One element of a view, told apart by `type`. Unknown types and unknown keys are refused by
/// name, so that a typo in an extension shows up as an error rather than as a missing button.
public indirect enum ViewElement: Codable, Hashable, Sendable {
    case text(String, style: ViewTextStyle?)
    /// Bytes in a binary frame (`{"frame": N}`) from an extension; a file in the daemon's
    /// store (`{"url": "file:///…"}`) in what the host gives back.
    case image(FrameReference, accessibilityLabel: String?, width: Int?, height: Int?)
    /// Activating it is a user touch whose payload is `payload` (PROTOCOL.md §4.3 `touch`).
    case button(id: String, title: String, payload: JSONValue?, enabled: Bool?)
    case textField(id: String, placeholder: String?, text: String?)
    /// Its elements laid out horizontally.
    case row([ViewElement])
    /// One of `options` (`UISegmentedControl`, `UIPickerView`); delivered as the option's `id`.
    case choice(id: String, options: [ViewOption], selected: String?, style: ViewChoiceStyle?)
    /// On or off (`UISwitch`); delivered as `"true"` or `"false"`.
    case toggle(id: String, title: String, on: Bool?)
    /// A date, a time or both (`UIDatePicker`); delivered in its mode's format, `""` when unset.
    case date(id: String, title: String?, mode: ViewDateMode?, value: String?, minimum: String?, maximum: String?)
    /// A sticker (`MSStickerView`): drawn as its image; `sticker` is its index in the app's
    /// `stickers` answer (§4.11), with which a front end taps or peels it (`chooseSticker`).
    case sticker(FrameReference, sticker: Int, accessibilityLabel: String?, width: Int?, height: Int?)
    /// The app's own screen, drawn from its UIKit views (`width` × `height` points), with what
    /// is on it as `items`; a front end taps it at a point (control `tapScreen`).
    case screen(FrameReference, width: Int, height: Int, items: [ScreenItem])

    private enum CodingKeys: String, CodingKey {
        case type, text, style, image, accessibilityLabel, width, height, id, title, payload, enabled, placeholder,
            elements
        case options, selected, on, mode, value, minimum, maximum, sticker, items
    }

    /// The keys each type may carry, `type` included.
    public static let keys: [String: Set<String>] = [
        "text": ["type", "text", "style"],
        "image": ["type", "image", "accessibilityLabel", "width", "height"],
        "button": ["type", "id", "title", "payload", "enabled"],
        "textField": ["type", "id", "placeholder", "text"],
        "row": ["type", "elements"],
        "choice": ["type", "id", "options", "selected", "style"],
        "toggle": ["type", "id", "title", "on"],
        "date": ["type", "id", "title", "mode", "value", "minimum", "maximum"],
        "sticker": ["type", "image", "sticker", "accessibilityLabel", "width", "height"],
        "screen": ["type", "image", "width", "height", "items"],
    ]

    /// A value of `E` by its raw name, refused naming the allowed ones.
    private static func named<E: RawRepresentable & CaseIterable>(
        _: E.Type, _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> E?
    where E.RawValue == String {
        guard let name = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let known = E(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription:
                    "must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(name)\"")
        }
        return known
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let known = Self.keys[type] else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription:
                    "unknown element type \"\(type)\"; known: \(Self.keys.keys.sorted().joined(separator: ", "))")
        }
        try Self.refuseUnknownKeys(in: decoder, known: known, what: "a \(type) element")
        switch type {
        case "text":
            self = .text(
                try container.decode(String.self, forKey: .text),
                style: try Self.named(ViewTextStyle.self, .style, in: container))
        case "image":
            self = .image(
                try container.decode(FrameReference.self, forKey: .image),
                accessibilityLabel: try container.decodeIfPresent(String.self, forKey: .accessibilityLabel),
                width: try container.decodeIfPresent(Int.self, forKey: .width),
                height: try container.decodeIfPresent(Int.self, forKey: .height))
        case "button":
            self = .button(
                id: try container.decode(String.self, forKey: .id),
                title: try container.decode(String.self, forKey: .title),
                payload: try container.decodeIfPresent(JSONValue.self, forKey: .payload),
                enabled: try container.decodeIfPresent(Bool.self, forKey: .enabled))
        case "textField":
            self = .textField(
                id: try container.decode(String.self, forKey: .id),
                placeholder: try container.decodeIfPresent(String.self, forKey: .placeholder),
                text: try container.decodeIfPresent(String.self, forKey: .text))
        case "choice":
            self = .choice(
                id: try container.decode(String.self, forKey: .id),
                options: try container.decode([ViewOption].self, forKey: .options),
                selected: try container.decodeIfPresent(String.self, forKey: .selected),
                style: try Self.named(ViewChoiceStyle.self, .style, in: container))
        case "toggle":
            self = .toggle(
                id: try container.decode(String.self, forKey: .id),
                title: try container.decode(String.self, forKey: .title),
                on: try container.decodeIfPresent(Bool.self, forKey: .on))
        case "date":
            self = .date(
                id: try container.decode(String.self, forKey: .id),
                title: try container.decodeIfPresent(String.self, forKey: .title),
                mode: try Self.named(ViewDateMode.self, .mode, in: container),
                value: try container.decodeIfPresent(String.self, forKey: .value),
                minimum: try container.decodeIfPresent(String.self, forKey: .minimum),
                maximum: try container.decodeIfPresent(String.self, forKey: .maximum))
        case "sticker":
            self = .sticker(
                try container.decode(FrameReference.self, forKey: .image),
                sticker: try container.decode(Int.self, forKey: .sticker),
                accessibilityLabel: try container.decodeIfPresent(String.self, forKey: .accessibilityLabel),
                width: try container.decodeIfPresent(Int.self, forKey: .width),
                height: try container.decodeIfPresent(Int.self, forKey: .height))
        case "screen":
            self = .screen(
                try container.decode(FrameReference.self, forKey: .image),
                width: try container.decode(Int.self, forKey: .width),
                height: try container.decode(Int.self, forKey: .height),
                items: try container.decodeIfPresent([ScreenItem].self, forKey: .items) ?? [])
        default:
            self = .row(try container.decode([ViewElement].self, forKey: .elements))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text, let style):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(style, forKey: .style)
        case .image(let image, let label, let width, let height):
            try container.encode("image", forKey: .type)
            try container.encode(image, forKey: .image)
            try container.encodeIfPresent(label, forKey: .accessibilityLabel)
            try container.encodeIfPresent(width, forKey: .width)
            try container.encodeIfPresent(height, forKey: .height)
        case .button(let id, let title, let payload, let enabled):
            try container.encode("button", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(payload, forKey: .payload)
            try container.encodeIfPresent(enabled, forKey: .enabled)
        case .textField(let id, let placeholder, let text):
            try container.encode("textField", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(placeholder, forKey: .placeholder)
            try container.encodeIfPresent(text, forKey: .text)
        case .row(let elements):
            try container.encode("row", forKey: .type)
            try container.encode(elements, forKey: .elements)
        case .choice(let id, let options, let selected, let style):
            try container.encode("choice", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(options, forKey: .options)
            try container.encodeIfPresent(selected, forKey: .selected)
            try container.encodeIfPresent(style, forKey: .style)
        case .toggle(let id, let title, let on):
            try container.encode("toggle", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(on, forKey: .on)
        case .date(let id, let title, let mode, let value, let minimum, let maximum):
            try container.encode("date", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(mode, forKey: .mode)
            try container.encodeIfPresent(value, forKey: .value)
            try container.encodeIfPresent(minimum, forKey: .minimum)
            try container.encodeIfPresent(maximum, forKey: .maximum)
        case .sticker(let image, let sticker, let label, let width, let height):
            try container.encode("sticker", forKey: .type)
            try container.encode(image, forKey: .image)
            try container.encode(sticker, forKey: .sticker)
            try container.encodeIfPresent(label, forKey: .accessibilityLabel)
            try container.encodeIfPresent(width, forKey: .width)
            try container.encodeIfPresent(height, forKey: .height)
        case .screen(let image, let width, let height, let items):
            try container.encode("screen", forKey: .type)
            try container.encode(image, forKey: .image)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(items, forKey: .items)
        }
    }

    /// Throws naming the first key of the object being decoded that is not in `known`.
    static func refuseUnknownKeys(in decoder: any Decoder, known: Set<String>, what: String) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "unknown key \"\(unknown)\" in \(what); known keys: \(known.sorted().joined(separator: ", "))"))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
