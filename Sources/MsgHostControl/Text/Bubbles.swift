import MsgHostProtocol

/// Draws transcript entries readably as text: who sent what (by the viewer's contact name),
/// captions, summaries, images, what is staged, and how the device renders it. Shared by
/// msghostctl (a terminal) and msghost-mcp (a coding agent's model), which read the same entries.
public enum Bubbles {
    /// What a drawing shows beyond what every reader needs.
    public struct Options: Sendable {
        /// The sender's participant identifier as the viewing device's install sees it. Off by
        /// default: it differs per device and per install, so a reader comparing two phones'
        /// screens would otherwise see a difference on every bubble that is none.
        public var identifiers: Bool
        /// The headers of the images entries show, by their `file://` URL, for their size in
        /// pixels; an image not in here is named without a size.
        public var images: [String: ImageHeader]

        public init(identifiers: Bool = false, images: [String: ImageHeader] = [:]) {
            self.identifiers = identifiers
            self.images = images
        }
    }

    public static func draw(_ entry: TranscriptEntryValue) -> String {
        self.draw(entry, Options())
    }

    public static func draw(_ entry: TranscriptEntryValue, _ options: Options) -> String {
        let who = "[\(entry.entry)] \(entry.senderName)"
        let file = entry.file.map { self.image($0.url, options).map { " (\($0))" } ?? "" } ?? ""
        switch entry.kind {
        case "summary":
            // A session's older message, collapsed: only its summary is left in the transcript.
            return "\(who) · collapsed into its summary: \(entry.text ?? "(no summary)")"
        case "text":
            return "\(who): \(entry.text ?? "")"
        case "sticker":
            return "\(who): [sticker \(entry.text ?? "")] \(entry.file?.filename ?? "")\(file)"
        case "attachment":
            return "\(who): [attachment \(entry.file?.filename ?? "") \(entry.file?.mediaType ?? "")]\(file)"
        case "legacyImage":
            return "\(who): [image \(entry.file?.filename ?? "")]\(file)"
        case "legacyURL":
            return "\(who): \(entry.text ?? "")"
        default:
            return self.bubble(entry, who: who, options)
        }
    }

    /// The `file://` URL of the image an entry shows: a bubble's layout image (its template's,
    /// or a live layout's alternate's), or the file of a sticker, an image attachment or a
    /// legacy device's image. Nil when it shows none.
    public static func imageURL(of entry: TranscriptEntryValue) -> String? {
        if let url = entry.message?.layout?.template.image?.url { return url }
        guard let file = entry.file else { return nil }
        return entry.kind == "sticker" || entry.kind == "legacyImage" || file.mediaType.hasPrefix("image/")
            ? file.url : nil
    }

    /// `image 300×300 px`, or just `image` when its header is not known.
    static func image(_ url: String, _ options: Options) -> String? {
        guard let header = options.images[url] else { return nil }
        return "\(header.format.rawValue) image \(header.pixelWidth)×\(header.pixelHeight) px"
    }

    private static func bubble(_ entry: TranscriptEntryValue, who: String, _ options: Options) -> String {
        let rendered = entry.rendered ?? RenderedText()
        let texts = [
            rendered.caption, rendered.subcaption, rendered.trailingCaption, rendered.trailingSubcaption,
            rendered.imageTitle, rendered.imageSubtitle,
        ]
        .compactMap { $0 }
        var lines = [
            "\(who) (\(entry.app ?? "?"), \(entry.rendering ?? "template")\(entry.message?.isPending == true ? ", staged" : "")):"
        ]
        lines.append("  ┌─ " + (texts.isEmpty ? "(no caption)" : texts.joined(separator: " · ")))
        if let url = entry.message?.layout?.template.image?.url {
            let label =
                entry.message?.accessibilityLabel.map { "accessibility label \"\($0)\"" } ?? "no accessibility label"
            lines.append("  │ \(self.image(url, options) ?? "image"), \(label)")
        }
        if let summary = rendered.summaryText { lines.append("  │ summary: \(summary)") }
        if let url = entry.message?.url { lines.append("  │ \(url.count > 72 ? String(url.prefix(69)) + "..." : url)") }
        if let size = entry.liveSize { lines.append("  │ live bubble \(Int(size.width))×\(Int(size.height)) pt") }
        if entry.expiring == true { lines.append("  │ expires after it is read\(entry.kept == true ? " (kept)" : "")") }
        lines.append(
            options.identifiers
                ? "  └─ sender \(entry.senderParticipantIdentifier ?? "(app not installed here)")" : "  └─")
        return lines.joined(separator: "\n")
    }
}
