import MsgHostProtocol

/// Draws transcript entries readably as text: who sent what (by the viewer's contact name),
/// captions, summaries, what is staged, and how the device renders it. Shared by msghostctl
/// (a terminal) and msghost-mcp (a coding agent's model), which read the same entries.
public enum Bubbles {
    public static func draw(_ entry: TranscriptEntryValue) -> String {
        let who = "[\(entry.entry)] \(entry.senderName)"
        switch entry.kind {
        case "summary":
            return "\(who) · \(entry.text ?? "(summary)")"
        case "text":
            return "\(who): \(entry.text ?? "")"
        case "sticker":
            return "\(who): [sticker \(entry.text ?? "")] \(entry.file?.filename ?? "")"
        case "attachment":
            return "\(who): [attachment \(entry.file?.filename ?? "") \(entry.file?.mediaType ?? "")]"
        case "legacyImage":
            return "\(who): [image \(entry.file?.filename ?? "")]"
        case "legacyURL":
            return "\(who): \(entry.text ?? "")"
        default:
            return self.bubble(entry, who: who)
        }
    }

    private static func bubble(_ entry: TranscriptEntryValue, who: String) -> String {
        let rendered = entry.rendered ?? RenderedText()
        let texts = [rendered.caption, rendered.subcaption, rendered.trailingCaption, rendered.trailingSubcaption, rendered.imageTitle, rendered.imageSubtitle]
            .compactMap { $0 }
        var lines = ["\(who) (\(entry.app ?? "?"), \(entry.rendering ?? "template")\(entry.message?.isPending == true ? ", staged" : "")):"]
        lines.append("  ┌─ " + (texts.isEmpty ? "(no caption)" : texts.joined(separator: " · ")))
        if let summary = rendered.summaryText { lines.append("  │ summary: \(summary)") }
        if let url = entry.message?.url { lines.append("  │ \(url.count > 72 ? String(url.prefix(69)) + "..." : url)") }
        if let size = entry.liveSize { lines.append("  │ live bubble \(Int(size.width))×\(Int(size.height)) pt") }
        if entry.expiring == true { lines.append("  │ expires after it is read\(entry.kept == true ? " (kept)" : "")") }
        lines.append("  └─ sender \(entry.senderParticipantIdentifier ?? "(app not installed here)")")
        return lines.joined(separator: "\n")
    }
}
