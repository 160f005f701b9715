import MsgHostProtocol

/// What a replay compares, made independent of what differs between runs by design:
/// identifiers (entry ids, message ids, participant identifiers, instance ids), times, pids
/// and per-launch keys are left out, so that two runs of the same apps compare equal.
enum ReplayComparison {
    /// A transcript entry or a staged item as its device's owner sees it.
    struct Entry: Equatable {
        var kind: String
        var senderName: String
        var senderDevice: String
        var app: String?
        var rendering: String?
        var rendered: RenderedText?
        var text: String?
        var filename: String?
        var expiring: Bool
        var kept: Bool

        init(_ entry: TranscriptEntryValue) {
            self.kind = entry.kind
            self.senderName = entry.senderName
            self.senderDevice = entry.senderDevice
            self.app = entry.app
            self.rendering = entry.rendering
            self.rendered = entry.rendered
            self.text = entry.text
            self.filename = entry.file?.filename
            self.expiring = entry.expiring ?? false
            self.kept = entry.kept ?? false
        }

        /// `message from Kate Bell (Ice Cream, template): caption "Vanilla" …`, for reports.
        var description: String {
            var parts = ["\(self.kind) from \(self.senderName)"]
            var how = [self.app, self.rendering].compactMap { $0 }
            if self.expiring { how.append(self.kept ? "expiring, kept" : "expiring") }
            if !how.isEmpty { parts[0] += " (\(how.joined(separator: ", ")))" }
            if let rendered = self.rendered {
                let fields: [(String, String?)] = [
                    ("caption", rendered.caption), ("subcaption", rendered.subcaption),
                    ("trailingCaption", rendered.trailingCaption),
                    ("trailingSubcaption", rendered.trailingSubcaption), ("imageTitle", rendered.imageTitle),
                    ("imageSubtitle", rendered.imageSubtitle), ("summaryText", rendered.summaryText),
                ]
                parts += fields.compactMap { name, value in value.map { "\(name) \"\($0)\"" } }
            }
            if let text = self.text { parts.append("text \"\(text)\"") }
            if let filename = self.filename { parts.append("file \(filename)") }
            return parts.joined(separator: ", ")
        }
    }

    /// One device's view of one conversation.
    struct View: Equatable {
        var entries: [Entry]
        var text: String
        var staged: Entry?
    }

    /// The first difference between a recorded view and the view now: where, and each side
    /// in words; nil if they are equal.
    static func difference(recorded: View, now: View) -> (place: String, recorded: String, now: String)? {
        let count = max(recorded.entries.count, now.entries.count)
        for index in 0..<count
        where index >= recorded.entries.count || index >= now.entries.count
            || recorded.entries[index] != now.entries[index]
        {
            return (
                "entry \(index + 1) of \(count)",
                index < recorded.entries.count ? recorded.entries[index].description : "no entry",
                index < now.entries.count ? now.entries[index].description : "no entry"
            )
        }
        if recorded.staged != now.staged {
            return ("the staged item", recorded.staged?.description ?? "none", now.staged?.description ?? "none")
        }
        if recorded.text != now.text { return ("the input field's text", "\"\(recorded.text)\"", "\"\(now.text)\"") }
        return nil
    }

    /// The events a replay compares: what the user, the conversation and the apps did.
    /// Launches, connections and idle terminations are left out: when a process starts or
    /// stops is the host's housekeeping, not the session's outcome; so is `viewChanged`, which
    /// a process's end also makes (the view is gone with it).
    static let comparedEvents: Set<String> = [
        "opened", "closed", "touch", "transition", "staged", "cancelled", "sent", "arrived", "expired", "openedURL",
        "liveBubble", "sendRefused", "requestRefused", "callbackFailed", "crashed", "quarantined",
        "launchFailed", "unresponsive", "memoryExceeded", "memberAdded", "memberRemoved", "stickerDrawer",
        "parentAppOpened", "parentAppClosed", "composePresented", "composeFinished",
    ]

    /// An event as compared: its kind, where, and Apple's code and name for a refusal.
    struct Event: Equatable {
        var kind: String
        var app: String?
        var conversation: String?
        var code: Int?
        var name: String?

        init(_ record: EventRecord) {
            self.kind = record.kind
            self.app = record.app
            self.conversation = record.conversation
            self.code = record.code
            self.name = record.name
        }

        var description: String {
            var text = self.kind
            if let app = self.app { text += " of \(app)" }
            if let conversation = self.conversation { text += " in \(conversation)" }
            if let code = self.code { text += " \(code)" }
            if let name = self.name { text += " \(name)" }
            return text
        }
    }

    /// Events by device (in order on each: two devices' extensions run side by side, so the
    /// order between devices is theirs, not the session's).
    static func events(_ records: [EventRecord]) -> [String: [Event]] {
        var byDevice: [String: [Event]] = [:]
        for record in records where Self.comparedEvents.contains(record.kind) {
            byDevice[record.device ?? "", default: []].append(Event(record))
        }
        return byDevice
    }

    /// A reply as compared: ok, or the error's domain, code and name, with the fields that say
    /// what the action did (not the ids it made).
    static func reply(_ reply: JSONValue) -> String {
        guard case .object(let fields) = reply else { return "no reply" }
        if case .object(let error)? = fields["error"] {
            let name = error["name"].flatMap { if case .string(let value) = $0 { value } else { nil } } ?? "?"
            let domain = error["domain"].flatMap { if case .string(let value) = $0 { value } else { nil } } ?? "?"
            let code = error["code"].flatMap { if case .number(let value) = $0 { Int(value) } else { nil } } ?? 0
            return "error \(domain) \(code) \(name)"
        }
        var parts = ["ok"]
        for key in ["presentationStyle", "action", "result", "released"] {
            switch fields[key] {
            case .string(let value)?: parts.append("\(key) \(value)")
            case .array(let values)?: parts.append("\(key) \(values.count)")
            default: continue
            }
        }
        return parts.joined(separator: ", ")
    }
}
