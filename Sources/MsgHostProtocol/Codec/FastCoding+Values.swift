/// `MSMessage`, its layouts and `MSConversation` (PROTOCOL.md §5), and the free-form payloads.

extension MessageValue: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("accessibilityLabel", self.accessibilityLabel)
            writer.field("isPending", self.isPending)
            writer.field("layout", self.layout)
            writer.field("senderParticipantIdentifier", self.senderParticipantIdentifier)
            writer.field("session", self.session)
            writer.field("shouldExpire", self.shouldExpire)
            writer.field("summaryText", self.summaryText)
            writer.field("url", self.url)
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let url = object.optional("url"), let session = object.optional("session"),
            let summaryText = object.optional("summaryText"),
            let accessibilityLabel = object.optional("accessibilityLabel"),
            let shouldExpire = object.optionalBool("shouldExpire"), let isPending = object.optionalBool("isPending"),
            let sender = object.optional("senderParticipantIdentifier"),
            let layout = object.optional("layout", as: LayoutValue.self)
        else { return nil }
        self.init(
            url: url, session: session, summaryText: summaryText, accessibilityLabel: accessibilityLabel,
            shouldExpire: shouldExpire,
            isPending: isPending, senderParticipantIdentifier: sender, layout: layout)
    }
}

extension LayoutValue: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .template(let layout):
            // "type" sorts after every field of the template: written in order, so that the
            // object needs no sorting when it closes (`JSONWriter.endObject`).
            writer.object { writer in
                layout.writeFields(to: &writer)
                writer.field("type", "template")
            }
        case .live(let alternate):
            writer.object { writer in
                writer.field("alternateLayout", LayoutValue.template(alternate))
                writer.field("type", "live")
            }
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let type = object.required("type") else { return nil }
        switch type {
        case "template":
            guard let layout = TemplateLayoutValue(json: json) else { return nil }
            self = .template(layout)
        case "live":
            guard let alternate = object["alternateLayout"], let inner = alternate.objectValue?.optional("type"),
                inner == nil || inner == "template",
                let layout = TemplateLayoutValue(json: alternate)
            else { return nil }
            self = .live(alternateLayout: layout)
        default:
            return nil
        }
    }
}

extension TemplateLayoutValue: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in self.writeFields(to: &writer) }
    }

    /// The fields, in key order, into the object open now.
    func writeFields(to writer: inout JSONWriter) {
        writer.field("caption", self.caption)
        writer.field("image", self.image)
        writer.field("imageSubtitle", self.imageSubtitle)
        writer.field("imageTitle", self.imageTitle)
        writer.field("mediaFileURL", self.mediaFileURL)
        writer.field("subcaption", self.subcaption)
        writer.field("trailingCaption", self.trailingCaption)
        writer.field("trailingSubcaption", self.trailingSubcaption)
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let caption = object.optional("caption"),
            let subcaption = object.optional("subcaption"),
            let trailingCaption = object.optional("trailingCaption"),
            let trailingSubcaption = object.optional("trailingSubcaption"),
            let imageTitle = object.optional("imageTitle"), let imageSubtitle = object.optional("imageSubtitle"),
            let image = object.optional("image", as: FrameReference.self), let media = object.optional("mediaFileURL")
        else { return nil }
        self.init(
            caption: caption, subcaption: subcaption, trailingCaption: trailingCaption,
            trailingSubcaption: trailingSubcaption,
            imageTitle: imageTitle, imageSubtitle: imageSubtitle, image: image, mediaFileURL: media)
    }
}

extension FrameReference: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("frame", self.frame)
            writer.field("url", self.url)
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let frame = object.optionalInt("frame"), let url = object.optional("url")
        else { return nil }
        self.frame = frame
        self.url = url
    }
}

extension ConversationValue: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("localParticipantIdentifier")
            writer.string(self.localParticipantIdentifier)
            writer.key("remoteParticipantIdentifiers")
            writer.array(self.remoteParticipantIdentifiers) { $0.string($1) }
            writer.fieldOrNull("selectedMessage", self.selectedMessage)
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let local = object.required("localParticipantIdentifier"),
            case .array(let elements)? = object["remoteParticipantIdentifiers"],
            let selected = object.optional("selectedMessage", as: MessageValue.self)
        else { return nil }
        var remote: [String] = []
        for element in elements {
            guard let identifier = element.stringValue else { return nil }
            remote.append(identifier)
        }
        self.init(localParticipantIdentifier: local, remoteParticipantIdentifiers: remote, selectedMessage: selected)
    }
}

extension JSONValue: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let values): writer.array(values) { $0.value($1) }
        case .object(let members):
            writer.object { writer in
                for (key, value) in members {
                    writer.key(key)
                    value.write(to: &writer)
                }
            }
        }
    }

    public init?(json: JSONTree) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .number(Double(value))
        case .string(let value): self = .string(value)
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = JSONValue(json: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case .object(let object):
            var members: [String: JSONValue] = [:]
            for (key, element) in object.members {
                guard let value = JSONValue(json: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        }
    }
}

extension PresentationStyle: FastEncodable {
    public func write(to writer: inout JSONWriter) { writer.string(self.rawValue) }
}

extension PresentationContext: FastEncodable {
    public func write(to writer: inout JSONWriter) { writer.string(self.rawValue) }
}
