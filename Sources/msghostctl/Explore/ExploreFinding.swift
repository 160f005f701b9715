import Foundation
import MsgHostProtocol

/// A bug the explorer found with no code from the user: what the daemon's events say an app
/// did that Messages would not let pass, a screen lost across a termination, or an invariant
/// of the user's that failed (docs/EXPLORE.md).
struct ExploreFinding: Hashable, Sendable, CustomStringConvertible {
    typealias Kind = SessionFinding.Kind

    var kind: Kind
    /// The step (1-based) after which it was seen.
    var step: Int
    var device: String?
    var app: String?
    /// The event as the daemon reported it (its kind, name, code and detail), or what failed.
    var event: String
    /// `stateLost`: what the app showed before its process was ended, and after.
    var before: String? = nil
    var after: String? = nil

    var description: String {
        "step \(self.step): \(self.kind.rawValue)\(self.app.map { " — \($0)" } ?? "")\(self.device.map { " on \($0)" } ?? ""): \(self.event)"
    }

    /// Both screens of a `stateLost`, side by side, for the report.
    var screens: String? {
        guard let before, let after else { return nil }
        let left =
            ["before it was ended:"] + before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let right = ["opened again:"] + after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let width = min(60, left.map(\.count).max() ?? 0)
        return (0..<max(left.count, right.count)).map { index in
            let one = index < left.count ? String(left[index].prefix(width)) : ""
            let other = index < right.count ? right[index] : ""
            let mark =
                index > 0 && (index >= left.count || index >= right.count || left[index] != right[index])
                ? " ≠ " : " │ "
            return one.padding(toLength: width, withPad: " ", startingAt: 0) + mark + other
        }.joined(separator: "\n")
    }

    /// As the session's end line keeps it.
    var recorded: SessionFinding {
        SessionFinding(
            kind: self.kind, step: self.step, device: self.device, app: self.app, detail: self.event,
            before: self.before, after: self.after)
    }

    /// The finding an event is, or nil for the events of a well-behaved app (launches, idle
    /// terminations, sends, arrivals …).
    static func from(_ event: EventRecord, step: Int) -> ExploreFinding? {
        guard let kind = SessionFinding.Kind(event: event) else { return nil }
        let said = [event.kind, event.name, event.code.map { "code \($0)" }, event.detail].compactMap { $0 }.joined(
            separator: " ")
        return ExploreFinding(kind: kind, step: step, device: event.device, app: event.app, event: said)
    }
}
