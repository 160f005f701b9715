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

    /// A callback's response timeout fired: logged, and the process and the instance it was in
    /// flight to returned, if that callback is still in flight (nil otherwise).
    func unresponsive(_ launchID: String, callbackID: String, screens: Screens, outbox: inout Outbox, now: Instant) -> (
        ExtensionProcess, HostAction
    )? {
        guard let process = self.processes[launchID], let instance = screens.instance(inFlight: callbackID, of: process)
        else { return nil }
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
