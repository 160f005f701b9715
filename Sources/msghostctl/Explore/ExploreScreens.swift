import MsgHostControl
import MsgHostProtocol

/// The check of state across termination (Apple's WWDC advice: save when resigning, expect to
/// be ended at any time): an app opened again at the same point of a conversation after its
/// process was ended shows what it showed when last opened there. "The same point": nothing
/// happened since in that conversation (no message sent, arrived, staged or cancelled, no
/// member changed) and the user did nothing to the app on that device. The explorer makes the
/// situation likely by opening a closed app once more before moving the clock past the idle
/// timeout (`probes`): that open shows the state the app kept, which the open after the
/// termination must show again.
struct ExploreScreens {
    struct Key: Hashable {
        var device: String
        var app: String
    }

    /// What the app showed when last opened on a device, and what happened since.
    struct Shown {
        var conversation: String
        var screen: String
        /// Its process was ended (idle, memory …) since.
        var ended = false
        /// Something in the conversation, or the user's touch, since.
        var changed = false
        /// It is on screen now.
        var visible = true
    }

    struct Lost {
        var before: String
        var said: String
    }

    private var shown: [Key: Shown] = [:]

    /// What `events` and the user's step `step` changed.
    mutating func note(_ events: [EventRecord], step: ExploreStep) {
        for key in self.shown.keys {
            if step.touches(device: key.device) { self.shown[key]?.changed = true }
        }
        for event in events {
            switch event.eventKind {
            case .terminated?, .crashed?:
                for key in self.shown.keys where key.device == event.device && key.app == event.app {
                    // A reinstall is a new install, with an empty container: nothing to keep.
                    if event.name == "uninstalled" { self.shown[key] = nil } else { self.shown[key]?.ended = true }
                }
            case .closed?, .opened?:
                for key in self.shown.keys where key.device == event.device && key.app == event.app {
                    self.shown[key]?.visible = event.eventKind == .opened
                }
            case .sent?, .arrived?, .staged?, .cancelled?, .expired?, .memberAdded?, .memberRemoved?:
                // On that device (a message sent from it or arriving at it, its input field), or
                // on every device of the conversation (a member joined or left).
                for (key, value) in self.shown
                where value.conversation == event.conversation && (event.device == nil || event.device == key.device) {
                    self.shown[key]?.changed = true
                }
            default:
                continue
            }
        }
    }

    /// The app opened on a device in a conversation shows `screen`: lost, if it was ended since
    /// it last showed something else at the same point.
    mutating func opened(_ opened: ExploreStep.Opened, screen: String, app: String?) -> Lost? {
        guard app == opened.app else { return nil }  // it did not open (quarantined, failed): not this check's
        let key = Key(device: opened.device, app: opened.app)
        defer { self.shown[key] = Shown(conversation: opened.conversation, screen: screen) }
        guard let before = self.shown[key], before.conversation == opened.conversation, before.ended, !before.changed,
            before.screen != screen
        else {
            return nil
        }
        return Lost(
            before: before.screen,
            said:
                "opened again after its process was ended, at the same point of \(opened.conversation), it shows another screen"
        )
    }

    /// The closed apps whose process still runs and whose kept state was not seen since the
    /// user last changed it: open each once more (and close it) before time ends them.
    func probes() -> [(device: String, app: String, conversation: String)] {
        self.shown.filter { !$0.value.visible && !$0.value.ended && $0.value.changed }
            .map { (device: $0.key.device, app: $0.key.app, conversation: $0.value.conversation) }
            .sorted { ($0.device, $0.app) < ($1.device, $1.app) }
    }

    func isEndedAtTheSamePoint(device: String, app: String) -> Bool {
        self.shown[Key(device: device, app: app)].map { $0.ended && !$0.changed && !$0.visible } ?? false
    }

    /// What a person sees of the app: its view (the screen's items, not its picture's address)
    /// and the staged message in the input field.
    static func text(_ view: ViewResult, field: InputFieldResult) -> String {
        let lines = ViewText.lines(view.view?.elements ?? [], indent: "").filter { !$0.hasPrefix("screen ") }
        let staged = field.staged.map { "staged: \($0.rendered?.caption ?? $0.text ?? $0.kind)" } ?? "staged: nothing"
        return (lines + [staged]).joined(separator: "\n")
    }
}

extension ExploreStep {
    /// Whether the step is the user's own doing to an app on `device` (a touch, typing, a send,
    /// the chevron, a tapped bubble): after it, the app may rightly show something else. An
    /// open is not: what it shows is what the check compares.
    func touches(device: String) -> Bool {
        switch self.kind {
        case .activate, .tapScreen, .send, .cancel, .chevron: return self.device == device
        case .tapBubble: return self.bubble?.device == device
        default: return false
        }
    }
}
