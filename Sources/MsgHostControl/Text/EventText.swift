import MsgHostProtocol

/// An event of the daemon's log as one line a person or a model reads: its number, kind,
/// where, and a refusal's code and name as Apple spells them (`9 sendWithoutRecentInteraction`).
/// msghost-mcp's answers and msghostctl's user actions show what an action caused this way.
public enum EventText {
    public static func line(_ event: EventRecord) -> String {
        var text = "#\(event.seq) \(event.kind)"
        if let device = event.device { text += " on \(device)" }
        if let app = event.app { text += " \(app)" }
        if let conversation = event.conversation { text += " in \(conversation)" }
        if let code = event.code, let name = event.name {
            text += ": \(code) \(name)"
        } else if let name = event.name {
            text += ": \(name)"
        }
        if let detail = event.detail, !detail.isEmpty { text += " — \(detail)" }
        return text
    }
}

extension EventText {
    /// The kinds that say how an extension's process and presentation go (launched, connected,
    /// transitions, view changes …): what a reader of an action's consequences passes over to
    /// see what was sent, arrived, refused or failed.
    public static let lifecycle: Set<EventKind> = [
        .opened, .closed, .touch, .transition, .viewChanged, .liveBubble,
        .launching, .launched, .connected, .attached, .terminating,
    ]

    /// What an event says an action caused, as a line for a person, or nil for lifecycle
    /// noise: `refused on kate-iphone: 9 sendWithoutRecentInteraction (com.example.python-raw,
    /// sendMessage)`, `sent from kate-iphone in kate-john: message m5 (com.example.icecream)`,
    /// `arrived on john-iphone in kate-john: m5`.
    public static func caused(_ event: EventRecord) -> String? {
        if let kind = event.eventKind, self.lifecycle.contains(kind) { return nil }
        let place = (event.device.map { " on \($0)" } ?? "") + (event.conversation.map { " in \($0)" } ?? "")
        let detail = event.detail.flatMap { $0.isEmpty ? nil : $0 }
        switch event.eventKind {
        case .sendRefused?, .requestRefused?:
            let refusal = [event.code.map(String.init), event.name].compactMap { $0 }.joined(separator: " ")
            let about = [event.app, detail].compactMap { $0 }.joined(separator: ", ")
            return "refused\(place): \(refusal.isEmpty ? "(no code)" : refusal)\(about.isEmpty ? "" : " (\(about))")"
        case .sent?:
            return
                "sent from \(event.device ?? "?")\(event.conversation.map { " in \($0)" } ?? ""): \(detail ?? "")\(event.app.map { " (\($0))" } ?? "")"
        case .arrived?:
            return "arrived\(place): \(detail ?? "")"
        default:
            return self.line(event)
        }
    }
}
