import MsgHostProtocol

/// `$<uuid>` participant tokens in layout texts and `summaryText` (SPEC §5, W16-224).
///
/// A token is `$` followed by a UUID in its 36-character form, either case. A sender writes
/// the identifiers its own install sees; the host translates them for every reader.
enum Tokens {
    /// Replaces each token with `replacement(uuid)`; a nil replacement leaves the token as is.
    static func replace(in text: String, _ replacement: (String) -> String?) -> String {
        // Looked for in the UTF-8 bytes, not the Characters: every text of every message a
        // reader sees comes through here, and breaking it into graphemes first was 2.4 % of a
        // send's instructions (callgrind). A "$" that a combining mark joins is still passed
        // over below, as before.
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var output = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let candidate = rest[rest.index(after: dollar)...].prefix(36)
            if candidate.count == 36, Self.isUUID(candidate), let value = replacement(String(candidate)) {
                output += value
                rest = rest[candidate.endIndex...]
            } else {
                output += "$"
                rest = rest[rest.index(after: dollar)...]
            }
        }
        return output + rest
    }

    static func isUUID(_ text: Substring) -> Bool {
        for (index, character) in text.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard character == "-" else { return false }
            } else {
                guard character.isHexDigit else { return false }
            }
        }
        return true
    }
}

extension MessageValue {
    /// Applies `transform` to every text a reader sees: the six layout strings, the summary
    /// and the accessibility label.
    mutating func mapTexts(_ transform: (String) -> String) {
        var message = self
        defer { self = message }
        message.summaryText = message.summaryText.map(transform)
        message.accessibilityLabel = message.accessibilityLabel.map(transform)
        switch message.layout {
        case .template(var layout):
            layout.mapTexts(transform)
            message.layout = .template(layout)
        case .live(var layout):
            layout.mapTexts(transform)
            message.layout = .live(alternateLayout: layout)
        case nil:
            break
        }
    }
}

extension TemplateLayoutValue {
    mutating func mapTexts(_ transform: (String) -> String) {
        self.caption = self.caption.map(transform)
        self.subcaption = self.subcaption.map(transform)
        self.trailingCaption = self.trailingCaption.map(transform)
        self.trailingSubcaption = self.trailingSubcaption.map(transform)
        self.imageTitle = self.imageTitle.map(transform)
        self.imageSubtitle = self.imageSubtitle.map(transform)
    }
}
