import MsgHostProtocol

/// Every side effect the host asks its shell for. The shell runs them in order.
public enum HostAction: Hashable, Sendable {
    /// Write these changes durably, in one transaction, before running the next action
    /// (which may be a reply acknowledging them).
    case persist([WorldChange])
    /// Send a message to the extension connection with this routing id: the shell writes its
    /// JSON and signs it (`OutboundMessage.frames()`) as it runs the action, in order, so
    /// what comes before it (a send's reply) leaves before what comes after is written.
    case sendToExtension(route: [UInt8], OutboundMessage)
    /// Send a reply or an event to the control client with this routing id: the shell writes
    /// it (`ControlCodec.frames`) as it runs the action.
    case sendToControl(client: [UInt8], ControlMessage)
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
    /// A control request the shell answers itself, from what only it has (the frames on the
    /// wire, its metrics, the files in its store): the machine has checked the request's body.
    case serveControl(client: [UInt8], requestID: String, ShellControlRequest)
    /// A fact for the shell's metrics (docs/PROTOCOL.md §7.1); nothing to run.
    case observed(Observation)
    /// The store could not answer a read this event needed. Alone in its list: the shell
    /// drops the unit (puts the machine back to its checkpoint, stores nothing) and answers
    /// its request `storageUnavailable`, as when a commit fails (PROTOCOL.md §3.5).
    case historyUnreadable(reason: String)
}

/// The control requests the shell answers (`HostAction.serveControl`).
public enum ShellControlRequest: Hashable, Sendable {
    /// Follow every frame between the daemon and its extensions.
    case wireTap
    /// The daemon's metrics in Prometheus text.
    case metrics
    /// A file of the daemon's store, by the `file://` URL the daemon gave out.
    case file(url: String)
    /// Start, stop or read a recording of the session (the shell sees every request and frame).
    case recording(RecordingRequest)
}

/// What the machine tells the shell's metrics that no other action shows. The shell measures
/// time itself (the machine's clock may be manual), so these carry no times.
public enum Observation: Hashable, Sendable {
    /// A callback is sent (it follows its `sendToExtension`).
    case callbackSent(id: String, type: CallbackType)
    /// The extension acknowledged a callback.
    case callbackAcknowledged(id: String, type: CallbackType)
}

/// What the shell needs to start an extension process. The command comes from the app's
/// manifest, which the shell owns.
public struct LaunchRequest: Hashable, Sendable {
    public var launchID: String
    public var device: String
    public var app: String
    public var installID: String
    public var token: String
    /// Which command of the manifest to run: the extension's, or the parent app's.
    public var role: ProcessRole = .extension
    /// The device's screen, which the process is told (`MSGHOST_SCREEN`, PROTOCOL.md §4.1).
    public var screen: ScreenGeometry = DeviceModel.default.namedScreen
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
