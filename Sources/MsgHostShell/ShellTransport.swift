import MsgHostCore
import MsgHostProtocol

/// Everything that leaves the host, and the timers it waits on: the daemon's sockets,
/// launcher, timer queue and log, or a fake that records what it is given. The driver calls
/// these only once what led to them is stored (`HostDriver`), in the order of the actions.
public protocol ShellTransport {
    /// A reply or a callback to the extension connected on `route` (written and signed as it
    /// leaves).
    func send(_ message: OutboundMessage, toExtension route: [UInt8])
    /// A reply or an event to a control client.
    func send(_ message: ControlMessage, toControl client: [UInt8])
    /// A control request that the shell answers itself (`ShellControlRequest`).
    func serve(_ request: ShellControlRequest, client: [UInt8], requestID: String)
    func launch(_ request: LaunchRequest)
    func signal(_ launchID: String, _ signal: ProcessSignal)
    func startTimer(_ timer: TimerID, at: Instant)
    /// Removes and returns the timers due at `now`, earliest first.
    func dueTimers(at now: Instant) -> [TimerID]
    /// An event for the log (`events`, followers, metrics).
    func log(_ record: EventRecord)
    func observe(_ observation: Observation)
    /// Changes were written into the open batch and the machine told, before the commit: for
    /// what watches the changes as they are made (a session's recording).
    func written(_ changes: [WorldChange])
    /// Changes are committed: what the shell keeps beside the store may follow them.
    func stored(_ changes: [WorldChange])
    /// The machine stopped: nothing more will happen.
    func stopped()
    /// A unit could not be stored (`reason`): it is being undone, and its request answered
    /// `storageUnavailable`.
    func unitLost(reason: String, events: Int)
    /// Events of a lost unit that were facts (timers, process events), to run again later
    /// (`HostDriver.dispatch`), since nothing asked for them again.
    func retry(_ events: [HostEvent])
}
