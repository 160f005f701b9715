import MsgHostControl
import MsgHostProtocol

/// What one device shows of one conversation, read through the control API: the newest
/// transcript entries, the input field, and the app open on the device with its view.
public struct DeviceScreen: Sendable, Equatable {
    public var device: String
    /// The device's owner, by display name (nil if the world does not name them).
    public var owner: String?
    public var conversation: String
    public var transcript: TranscriptResult?
    public var inputField: InputFieldResult?
    /// Why the input field could not be read (a former member's device has none).
    public var inputFieldNote: String?
    public var view: ViewResult?

    public init(device: String, owner: String?, conversation: String, transcript: TranscriptResult?, inputField: InputFieldResult?, inputFieldNote: String? = nil, view: ViewResult?) {
        self.device = device
        self.owner = owner
        self.conversation = conversation
        self.transcript = transcript
        self.inputField = inputField
        self.inputFieldNote = inputFieldNote
        self.view = view
    }
}

/// Screens and events as text a model reads: the same drawing msghostctl prints (`Bubbles`,
/// `ViewText`), names as the device shows them (its own contact names, from `rendered` and
/// `senderName`), each entry with the id that `tap` and `keep` take, each button with the id
/// that `activate` takes.
public enum ScreenText {
    public static func render(_ screen: DeviceScreen) -> String {
        var lines = ["── \(screen.device)\(screen.owner.map { " (\($0))" } ?? ""), conversation \(screen.conversation) ──"]
        if let transcript = screen.transcript {
            let total = transcript.olderCount + transcript.entries.count
            if transcript.entries.isEmpty {
                lines.append("transcript: (empty)")
            } else {
                let shown = transcript.entries.count == total ? "all \(total)" : "newest \(transcript.entries.count) of \(total)"
                lines.append("transcript (\(shown); [id] sender):")
                lines += transcript.entries.map { Self.indent(Bubbles.draw($0), by: "  ") }
            }
        }
        if let field = screen.inputField {
            lines.append("input field: \(field.text.isEmpty ? "(no text)" : "\"\(field.text)\"")")
            if let staged = field.staged {
                lines.append("staged (Send sends it):")
                lines.append(Self.indent(Bubbles.draw(staged), by: "  "))
            } else {
                lines.append("staged: (nothing)")
            }
        } else if let note = screen.inputFieldNote {
            lines.append("input field: \(note)")
        }
        if let view = screen.view {
            lines.append("open app: " + ViewText.describe(view, device: screen.device))
        }
        return lines.joined(separator: "\n")
    }

    /// One event a line: its number, kind, where, and a refusal's code and name as Apple
    /// spells them (`9 sendWithoutRecentInteraction`).
    public static func render(_ event: EventRecord) -> String {
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

    static func indent(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
