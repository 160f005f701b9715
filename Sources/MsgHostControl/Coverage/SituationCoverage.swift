import MsgHostProtocol

/// Which of the host's situations a run reached (docs/EXPLORE.md, "Coverage"): each callback by
/// presentation style and what the user did to cause it, direct sends accepted and refused by
/// Apple's code, terminations by reason and whether the app was on screen, relaunches with and
/// without a selected message, reinstalls. Read from what a recording holds for each step — its
/// command, the frames on the wire, the daemon's events — so that the explorer (step by step),
/// `msghostctl coverage` (session files) and the test suites' reports count the same way.
public struct SituationCoverage: Sendable {
    /// A situation: its group (a table's section) and its words.
    public struct Situation: Hashable, Comparable, Sendable {
        public var group: String
        public var name: String
        public init(_ group: String, _ name: String) {
            self.group = group
            self.name = name
        }
        public static func < (a: Self, b: Self) -> Bool { (a.group, a.name) < (b.group, b.name) }
    }

    /// The situations the host brings about by the user's actions alone, for any app that shows
    /// itself and stages a message: `--until-covered` waits for these.
    public static let reachable: [Situation] = [
        Situation("launch", "cold launch from the drawer (compact)"),
        Situation("launch", "cold launch from a tapped bubble (expanded, a selected message)"),
        Situation("launch", "relaunch after termination, no selected message"),
        Situation("launch", "relaunch after termination, a selected message"),
        Situation("callback", "didTransition expanded ← chevron"),
        Situation("callback", "didTransition compact ← chevron"),
        Situation("callback", "didSelect compact ← tap"),
        Situation("callback", "didSelect expanded ← tap"),
        Situation("callback", "didReceive compact"),
        Situation("callback", "didReceive expanded"),
        Situation("callback", "didStartSending compact ← send"),
        Situation("callback", "didCancelSending compact ← cancel"),
        Situation("callback", "didResignActive compact ← close"),
        Situation("callback", "didResignActive expanded ← close"),
        Situation("termination", "idle, after it was closed"),
        Situation("termination", "uninstalled"),
        Situation("install", "reinstalled, then launched"),
    ]

    private static let callbacks: Set<String> = [
        "willBecomeActive", "didBecomeActive", "willResignActive", "didResignActive", "willTransition", "didTransition",
        "willSelect", "didSelect", "didReceive", "didStartSending", "didCancelSending", "contentSizeThatFits",
        "didReceiveMemoryWarning", "touch", "terminate", "stickers",
    ]
    private static let sends: Set<String> = ["sendMessage", "sendText", "sendSticker", "sendAttachment"]

    /// How often each situation was seen.
    public private(set) var counts: [Situation: Int] = [:]
    /// Per instance (device, instance id): its presentation style now.
    private var styles: [String: String] = [:]
    /// Per device and app: a process of it has run before (a launch now is a relaunch), it was
    /// uninstalled since (the next launch follows a reinstall).
    private var launched: Set<String> = []
    private var reinstalled: Set<String> = []
    /// Per device and app: presented now.
    private var presented: Set<String> = []
    /// Requests of extensions waiting for their reply, by the request's header id.
    private var pendingSends: [String: String] = [:]

    public init() {}

    /// Counts what one step caused: `command` is the control request the user or admin made.
    public mutating func add(command: String, frames: [TapFrame], events: [EventRecord]) {
        var starts: Set<String> = []
        for event in events {
            let key = "\(event.device ?? "") \(event.app ?? "")"
            switch event.eventKind {
            case .launching?:
                starts.insert(key)
            case .opened?: self.presented.insert(key)
            case .closed?: self.presented.remove(key)
            case .terminated?, .crashed?:
                let reason = event.eventKind == .crashed ? "crashed" : event.name ?? "?"
                let place = self.presented.contains(key) ? "while on screen" : "after it was closed"
                self.see(
                    "termination",
                    reason == "uninstalled"
                        ? "uninstalled" : reason == "idle" ? "idle, \(place)" : "\(reason), \(place)")
                if reason == "uninstalled" {
                    // A reinstall is a new install: its first launch is a cold one again.
                    self.reinstalled.insert(key)
                    self.launched.remove(key)
                }
                self.presented.remove(key)
            default: continue
            }
        }
        for frame in frames {
            let key = "\(frame.device ?? "") \(frame.app ?? "")"
            let body: [String: JSONValue] = if case .object(let fields)? = frame.body { fields } else { [:] }
            let instance: String? =
                if case .string(let id)? = body["instance"] { "\(frame.device ?? "") \(id)" } else { nil }
            if frame.direction == "in" {
                if Self.sends.contains(frame.type) { self.pendingSends[frame.id] = frame.type }
                continue
            }
            if let replyTo = frame.replyTo, frame.type == "reply",
                let send = self.pendingSends.removeValue(forKey: replyTo)
            {
                if let error = frame.error {
                    self.see("direct send", "\(send) refused: \(error.code) \(error.name)")
                } else {
                    self.see("direct send", "\(send) accepted")
                }
                continue
            }
            guard Self.callbacks.contains(frame.type) else { continue }
            if frame.type == "willBecomeActive", let instance {
                let style: String = if case .string(let style)? = body["presentationStyle"] { style } else { "?" }
                self.styles[instance] = style
                var selected = false
                if case .object(let conversation)? = body["conversation"],
                    let message = conversation["selectedMessage"], message != .null
                {
                    selected = true
                }
                if style == "transcript" {
                    self.see("launch", "live layout in the transcript")
                } else if starts.contains(key) {
                    if self.reinstalled.remove(key) != nil { self.see("install", "reinstalled, then launched") }
                    let again = self.launched.contains(key)
                    self.see(
                        "launch",
                        again
                            ? "relaunch after termination, \(selected ? "a selected message" : "no selected message")"
                            : selected
                                ? "cold launch from a tapped bubble (expanded, a selected message)"
                                : "cold launch from the drawer (compact)")
                    self.launched.insert(key)
                } else {
                    self.see("launch", "active again in a running process (\(style))")
                }
            }
            if frame.type == "didTransition", let instance, case .string(let style)? = body["presentationStyle"] {
                self.styles[instance] = style
            }
            let style = instance.flatMap { self.styles[$0] }
            if [
                "willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear", "willTransition",
                "willSelect", "willResignActive", "touch", "contentSizeThatFits",
            ].contains(frame.type) {
                continue  // each comes with the one counted
            }
            let cause = Self.cause(command)
            switch frame.type {
            case "didReceive": self.see("callback", "didReceive \(style ?? "?")")
            case "didReceiveMemoryWarning": self.see("callback", "didReceiveMemoryWarning")
            case "terminate": continue
            default: self.see("callback", "\(frame.type) \(style ?? "?")\(cause.map { " ← \($0)" } ?? "")")
            }
        }
    }

    /// Counts a recorded session's steps.
    /// Counts a recorded session's steps: a daemon of its own, so what the sessions before it
    /// launched or presented is not carried over.
    public mutating func add(_ session: Session) {
        var fresh = SituationCoverage()
        fresh.counts = self.counts
        for step in session.steps { fresh.add(command: step.command, frames: step.frames, events: step.events) }
        self = fresh
    }

    /// The reachable situations not yet seen.
    public var missing: [Situation] { Self.reachable.filter { self.counts[$0] == nil } }

    /// The table: every reachable situation and every other one seen, with its count.
    public func table() -> String {
        let rows = Set(Self.reachable).union(self.counts.keys).sorted()
        let width = rows.map { $0.name.count }.max() ?? 0
        var lines = ["situation".padded(to: width + 14) + "seen"]
        var group = ""
        for row in rows {
            if row.group != group {
                group = row.group
                lines.append(group + ":")
            }
            let count = self.counts[row] ?? 0
            lines.append("  " + ("\(row.name)").padded(to: width + 12) + (count == 0 ? "—" : String(count)))
        }
        let reached = Self.reachable.count - self.missing.count
        lines.append(
            "\(reached) of the \(Self.reachable.count) situations the user's actions can bring about were reached")
        return lines.joined(separator: "\n")
    }

    private mutating func see(_ group: String, _ name: String) {
        self.counts[Situation(group, name), default: 0] += 1
    }

    /// What the user did, in a situation's words, or nil when the admin did it.
    static func cause(_ command: String) -> String? {
        switch command {
        case "open", "close", "chevron", "tap", "send", "cancel", "activate", "touch", "tapScreen":
            command == "activate" || command == "tapScreen" ? "touch" : command
        case "advanceClock": "time"
        case "release": "release"
        default: nil
        }
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        self.count >= width ? self + " " : self + String(repeating: " ", count: width - self.count)
    }
}
