import MsgHostControl
import MsgHostProtocol

/// Screens and events as text a model reads: the same drawing msghostctl prints (`Bubbles`,
/// `ViewText`), names as the device shows them (its own contact names, from `rendered` and
/// `senderName`), each entry with the id that `tap` and `keep` take, each button with the id
/// that `activate` takes, each image by its size and accessibility label.
public enum ScreenText {
    /// `identifiers`: each bubble's sender as the device's install sees them (a UUID that
    /// differs per device), for a reader who asks.
    public static func render(_ screen: DeviceScreen, identifiers: Bool = false) -> String {
        let options = Bubbles.Options(identifiers: identifiers, images: ScreenImage.headers(screen.images))
        var lines = [
            "── \(screen.device)\(screen.owner.map { " (\($0))" } ?? ""), conversation \(screen.conversation) ──"
        ]
        if let transcript = screen.transcript {
            let total = transcript.olderCount + transcript.entries.count
            if transcript.entries.isEmpty {
                lines.append("transcript: (empty)")
            } else {
                let shown =
                    transcript.entries.count == total
                    ? "all \(total)" : "newest \(transcript.entries.count) of \(total)"
                lines.append("transcript (\(shown); [id] sender):")
                lines += transcript.entries.map { Self.indent(Bubbles.draw($0, options), by: "  ") }
            }
        }
        if let field = screen.inputField {
            lines.append("input field: \(field.text.isEmpty ? "(no text)" : "\"\(field.text)\"")")
            if let staged = field.staged {
                lines.append("staged (Send sends it):")
                lines.append(Self.indent(Bubbles.draw(staged, options), by: "  "))
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

    static func indent(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
