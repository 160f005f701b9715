/// `MSMessage` on the wire (PROTOCOL.md §5.2). Every field is optional when an extension sends
/// one; the host fills in `senderParticipantIdentifier` and `isPending`.
public struct MessageValue: Codable, Hashable, Sendable {
    public var url: String?
    public var session: String?
    public var summaryText: String?
    public var accessibilityLabel: String?
    public var shouldExpire: Bool?
    public var isPending: Bool?
    public var senderParticipantIdentifier: String?
    public var layout: LayoutValue?

    public init(
        url: String? = nil, session: String? = nil, summaryText: String? = nil,
        accessibilityLabel: String? = nil, shouldExpire: Bool? = nil, isPending: Bool? = nil,
        senderParticipantIdentifier: String? = nil, layout: LayoutValue? = nil
    ) {
        self.url = url
        self.session = session
        self.summaryText = summaryText
        self.accessibilityLabel = accessibilityLabel
        self.shouldExpire = shouldExpire
        self.isPending = isPending
        self.senderParticipantIdentifier = senderParticipantIdentifier
        self.layout = layout
    }
}

/// `MSMessageTemplateLayout` or `MSMessageLiveLayout`, told apart by `type`.
public enum LayoutValue: Codable, Hashable, Sendable {
    case template(TemplateLayoutValue)
    case live(alternateLayout: TemplateLayoutValue)

    private enum CodingKeys: String, CodingKey { case type, alternateLayout }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "template": self = .template(try TemplateLayoutValue(from: decoder))
        case "live":
            // The alternate is a template layout, with its own `"type": "template"` (which
            // older peers leave out, so it is optional here but always written).
            let alternate = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .alternateLayout)
            if let inner = try alternate.decodeIfPresent(String.self, forKey: .type), inner != "template" {
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: alternate,
                    debugDescription: "an alternateLayout must be \"template\", not \"\(inner)\"")
            }
            self = .live(alternateLayout: try container.decode(TemplateLayoutValue.self, forKey: .alternateLayout))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "must be \"template\" or \"live\", not \"\(type)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .template(let layout):
            try container.encode("template", forKey: .type)
            try layout.encode(to: encoder)
        case .live(let alternate):
            try container.encode("live", forKey: .type)
            try container.encode(LayoutValue.template(alternate), forKey: .alternateLayout)
        }
    }

    /// The template a device without the app (or too old for live layouts) renders.
    public var template: TemplateLayoutValue {
        switch self {
        case .template(let layout): layout
        case .live(let alternate): alternate
        }
    }
}

/// `MSMessageTemplateLayout`: six texts and an image (`{"frame": N}`) or media file URL.
public struct TemplateLayoutValue: Codable, Hashable, Sendable {
    public var caption: String?
    public var subcaption: String?
    public var trailingCaption: String?
    public var trailingSubcaption: String?
    public var imageTitle: String?
    public var imageSubtitle: String?
    public var image: FrameReference?
    public var mediaFileURL: String?

    public init(
        caption: String? = nil, subcaption: String? = nil, trailingCaption: String? = nil,
        trailingSubcaption: String? = nil, imageTitle: String? = nil, imageSubtitle: String? = nil,
        image: FrameReference? = nil, mediaFileURL: String? = nil
    ) {
        self.caption = caption
        self.subcaption = subcaption
        self.trailingCaption = trailingCaption
        self.trailingSubcaption = trailingSubcaption
        self.imageTitle = imageTitle
        self.imageSubtitle = imageSubtitle
        self.image = image
        self.mediaFileURL = mediaFileURL
    }
}

/// An image: bytes in a binary frame of the same envelope (`{"frame": N}`, what extensions
/// send, PROTOCOL.md §2.3), or a file in the daemon's store (`{"url": "file:///…"}`, what the
/// host gives back: read it, do not write it).
public struct FrameReference: Codable, Hashable, Sendable {
    public var frame: Int?
    public var url: String?
    public init(frame: Int) { self.frame = frame }
    public init(url: String) { self.url = url }
}
