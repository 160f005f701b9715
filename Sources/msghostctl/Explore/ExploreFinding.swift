import MsgHostProtocol

/// A bug the explorer found with no code from the user: what the daemon's events say an app
/// did that Messages would not let pass (docs/EXPLORE.md).
struct ExploreFinding: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Hashable, Sendable {
        /// The extension crashed, or exited when nothing asked it to.
        case crashed
        /// It did not answer a callback within its deadline.
        case unresponsive
        /// It did not start (no hello in time, or it could not be run).
        case launchFailed
        /// It went past its memory limit.
        case memoryExceeded
        /// Messages refused what it sent or asked (`sendWhileNotVisible`,
        /// `sendWithoutRecentInteraction`, a layout over its limits …).
        case refused
        /// It answered a callback with an error, or broke the protocol.
        case callbackFailed
    }

    var kind: Kind
    /// The step (1-based) after which the event came.
    var step: Int
    var device: String?
    var app: String?
    /// The event as the daemon reported it: its kind, name, code and detail.
    var event: String

    var description: String {
        "step \(self.step): \(self.kind.rawValue)\(self.app.map { " — \($0)" } ?? "")\(self.device.map { " on \($0)" } ?? ""): \(self.event)"
    }

    /// The finding an event is, or nil for the events of a well-behaved app (launches, idle
    /// terminations, sends, arrivals …).
    static func from(_ event: EventRecord, step: Int) -> ExploreFinding? {
        let kind: Kind
        switch event.kind {
        case "crashed": kind = .crashed
        case "terminated" where event.name == "exited by itself": kind = .crashed
        case "unresponsive": kind = .unresponsive
        case "launchFailed", "launchTimedOut": kind = .launchFailed
        case "memoryExceeded": kind = .memoryExceeded
        case "sendRefused", "requestRefused": kind = .refused
        case "callbackFailed", "protocolError": kind = .callbackFailed
        default: return nil
        }
        let said = [event.kind, event.name, event.code.map { "code \($0)" }, event.detail].compactMap { $0 }.joined(separator: " ")
        return ExploreFinding(kind: kind, step: step, device: event.device, app: event.app, event: said)
    }
}
