import MsgHostProtocol

/// Every side effect the host asks its shell for. The shell runs them in order.
public enum HostAction: Hashable, Sendable {
    /// Write these changes durably, in one transaction, before running the next action
    /// (which may be a reply acknowledging them).
    case persist([WorldChange])
    /// Send a multipart message to the extension connection with this routing id.
    case sendToExtension(route: [UInt8], frames: [[UInt8]])
    /// Send a multipart message to the control client with this routing id.
    case sendToControl(client: [UInt8], frames: [[UInt8]])
    /// Start an extension process; report `processStarted`/`processExited` for `launchID`.
    case launch(LaunchRequest)
    /// Signal the extension process (and its process group) started for `launchID`.
    case signal(launchID: String, ProcessSignal)
    /// Call `timerFired(id)` at `at` on the host clock. Timers are never cancelled: a timer
    /// that is no longer relevant does nothing when it fires.
    case startTimer(TimerID, at: Instant)
    /// Look at these files (and copy the good ones into the store), then call
    /// `filesInspected(token:results:)` with one result per check, in order.
    case inspectFiles(token: Int, [FileCheck], alternateFilename: String?)
    /// Move the manual clock forward (and fire what falls due) before the next action.
    case advanceClock(milliseconds: Int64)
    /// Something observable happened; the shell logs it.
    case event(EventRecord)
    /// Shutdown finished: no extension process is left. The shell may exit.
    case stopped
}

/// What the shell needs to start an extension process. The command comes from the app's
/// manifest, which the shell owns.
public struct LaunchRequest: Hashable, Sendable {
    public var launchID: String
    public var device: String
    public var app: String
    public var installID: String
    public var token: String
}

public enum ProcessSignal: String, Hashable, Sendable {
    /// SIGTERM to the process group.
    case terminate
    /// SIGKILL to the process group.
    case kill
}

public enum TimerID: Hashable, Sendable {
    case launchTimeout(launchID: String)
    case responseTimeout(launchID: String, callbackID: String)
    case idle(launchID: String, generation: Int)
    case escalate(launchID: String, ProcessSignal)
    case shutdownDeadline
    /// A pending delivery is due.
    case delivery(id: Int)
    /// An expiring message's time on a device is up.
    case expiry(device: String, conversation: String, entry: Int)
}
