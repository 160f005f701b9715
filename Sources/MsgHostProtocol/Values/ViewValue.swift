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

    private enum CodingKeys: String, CodingKey {
        case type, text, style, image, accessibilityLabel, width, height, id, title, payload, enabled, placeholder, elements
    }

    /// The keys each type may carry, `type` included.
    public static let keys: [String: Set<String>] = [
        "text": ["type", "text", "style"],
        "image": ["type", "image", "accessibilityLabel", "width", "height"],
        "button": ["type", "id", "title", "payload", "enabled"],
        "textField": ["type", "id", "placeholder", "text"],
        "row": ["type", "elements"],
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let known = Self.keys[type] else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown element type \"\(type)\"; known: \(Self.keys.keys.sorted().joined(separator: ", "))")
        }
        try Self.refuseUnknownKeys(in: decoder, known: known, what: "a \(type) element")
        switch type {
        case "text":
            var style: ViewTextStyle?
            if let name = try container.decodeIfPresent(String.self, forKey: .style) {
                guard let known = ViewTextStyle(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .style, in: container, debugDescription: "must be one of \(ViewTextStyle.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(name)\"")
                }
                style = known
            }
            self = .text(try container.decode(String.self, forKey: .text), style: style)
        case "image":
            self = .image(
                try container.decode(FrameReference.self, forKey: .image),
                accessibilityLabel: try container.decodeIfPresent(String.self, forKey: .accessibilityLabel),
                width: try container.decodeIfPresent(Int.self, forKey: .width), height: try container.decodeIfPresent(Int.self, forKey: .height))
        case "button":
            self = .button(
                id: try container.decode(String.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
                payload: try container.decodeIfPresent(JSONValue.self, forKey: .payload), enabled: try container.decodeIfPresent(Bool.self, forKey: .enabled))
        case "textField":
            self = .textField(
                id: try container.decode(String.self, forKey: .id), placeholder: try container.decodeIfPresent(String.self, forKey: .placeholder),
                text: try container.decodeIfPresent(String.self, forKey: .text))
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
        }
    }

    /// Throws naming the first key of the object being decoded that is not in `known`.
    static func refuseUnknownKeys(in decoder: any Decoder, known: Set<String>, what: String) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "unknown key \"\(unknown)\" in \(what); known keys: \(known.sorted().joined(separator: ", "))"))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
