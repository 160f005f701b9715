import HashTreeCollections
import MsgHostProtocol

/// The two deadlines a process can miss (SPEC §6): its hello within the launch timeout, and
/// each callback's acknowledgement within the response timeout (per app, or the daemon's).
/// Either way the process is killed; an unresponsive one also counts as a crash. Here the
/// miss is confirmed and logged; the machine ends the instances and kills the process.
extension Supervisor {
    /// The launch timeout fired: logged if the process is still launching (nil otherwise:
    /// it said hello in time, or is gone).
    func launchTimedOut(_ launchID: String, outbox: inout Outbox, now: Instant) -> HostAction? {
        guard let process = self.processes[launchID], process.isLaunching else { return nil }
        return outbox.record(
            .launchTimedOut, now: now, device: process.device, app: process.app, pid: process.pid,
            detail: "no hello within \(self.launchTimeout(process.app)) ms")
    }

    /// A callback's response timeout fired while it is still in flight to `instance` (the
    /// machine asks the screens which one has it): logged, and the process returned (nil when
    /// the process is gone).
    func unresponsive(_ launchID: String, instance: Instance, outbox: inout Outbox, now: Instant) -> (
        ExtensionProcess, HostAction
    )? {
        guard let process = self.processes[launchID] else { return nil }
        let callback = instance.callbacks.inFlight?.type.rawValue ?? "a callback"
        return (
            process,
            outbox.record(
                .unresponsive, now: now, device: process.device, app: process.app, instance: instance.id,
                pid: process.pid,
                detail: "\(callback) not acknowledged within \(self.responseTimeout(process.app)) ms")
        )
    }
}
