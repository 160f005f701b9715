import MsgHostProtocol

/// Why an extension process ended, as its exit is reported (SPEC §6).
enum ProcessExit: Equatable, Sendable {
    /// It exited before saying hello.
    case launchFailed
    /// It exited while needed: an instance not yet resigned, or a callback under way.
    case crashed
    /// It was ended (idle, uninstalled, unresponsive, …), or left by itself when not needed.
    case terminated(reason: TerminationReason)

    var event: EventKind {
        switch self {
        case .launchFailed: .launchFailed
        case .crashed: .crashed
        case .terminated: .terminated
        }
    }

    /// A termination's reason, the event's `name` (what metrics count terminations by).
    var reason: String? {
        if case .terminated(let reason) = self { return reason.rawValue }
        return nil
    }

    /// The event's detail: the exit status, after the reason for a termination.
    func detail(status: String) -> String {
        if case .terminated(let reason) = self { return "\(reason.rawValue); \(status)" }
        return status
    }
}
