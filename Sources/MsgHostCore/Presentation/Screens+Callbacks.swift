import HashTreeCollections
import MsgHostProtocol

/// Sending each instance's callbacks (SPEC §3): one in flight per instance, in order, each
/// with its response timer, to the process serving it once that process is connected.
///
/// `Screens` owns the queues. What it needs of the process serving an instance comes in as a
/// value (`CallbackConnection`, which the machine asks the `Supervisor` for), and what the
/// process should do when nothing is left for it goes out as one (`Pumped.emptied`).
extension Screens {
    /// What sending an instance's next callback came to.
    enum Pumped: Equatable {
        /// The callback went: its message, its observation and its response timer.
        case sent([HostAction])
        /// Nothing went: one is in flight, the process has not said hello, or the instance is gone.
        case waiting
        /// Its queue is empty: the process serving it (`launchID`) may idle if nothing else needs it.
        case emptied(launchID: String)
    }

    /// Queues `callbacks` for an instance, in order, carrying `causes`. False when there is no
    /// such instance (nothing is queued).
    mutating func enqueue(_ callbacks: [(CallbackType, OutboundBody)], on id: String, causes: Set<Int>) -> Bool {
        guard self[id] != nil else { return false }
        self[id]!.callbacks.append(callbacks.map { CallbackQueue.Callback(type: $0.0, body: $0.1, causes: causes) })
        return true
    }

    /// Sends the instance's next callback over `connection` (nil while its process is not
    /// connected) if none is in flight.
    mutating func pump(_ id: String, over connection: CallbackConnection?, outbox: inout Outbox, now: Instant)
        -> Pumped
    {
        guard var instance = self[id], instance.callbacks.inFlight == nil else { return .waiting }
        guard let callback = instance.callbacks.next else {
            instance.queueEmptied()
            self[id] = instance
            return .emptied(launchID: instance.launchID)
        }
        guard let connection, connection.launchID == instance.launchID else { return .waiting }
        let (callbackID, send) = outbox.extensionMessage(
            to: connection.route, type: callback.type.rawValue, body: callback.body, key: connection.key, now: now)
        instance.sentNext(id: callbackID, at: now)
        self[id] = instance
        return .sent([
            send, .observed(.callbackSent(id: callbackID, type: callback.type)),
            .startTimer(
                .responseTimeout(launchID: connection.launchID, callbackID: callbackID),
                at: now.adding(milliseconds: connection.responseTimeoutMs)),
        ])
    }

    /// Whether any instance of the process is active, or has callbacks to deliver: a process
    /// nothing needs may idle, and one that exits while needed crashed.
    func needs(_ process: ExtensionProcess) -> Bool {
        process.instanceIDs.contains { self[$0].map { $0.phase != .resigned || !$0.isIdle } ?? false }
    }

    /// The causes of the callbacks `process` is handling now: what it asks for is their
    /// consequence.
    func causesInFlight(to process: ExtensionProcess) -> Set<Int> {
        process.instanceIDs.reduce(into: Set<Int>()) { causes, id in
            if let inFlight = self[id]?.callbacks.inFlight { causes.formUnion(inFlight.causes) }
        }
    }

    /// The instance of `process` that has callback `callbackID` in flight.
    func instance(inFlight callbackID: String, of process: ExtensionProcess) -> Instance? {
        process.instanceIDs.lazy.compactMap { self[$0] }.first { $0.callbacks.isInFlight(callbackID) }
    }

    /// The process acknowledged callback `callbackID`: the instance it was in flight to, and
    /// the callback. Nil when none of the process's instances has it in flight.
    mutating func acknowledge(_ callbackID: String, from process: ExtensionProcess) -> (
        instance: Instance, callback: CallbackQueue.InFlight
    )? {
        guard let instance = self.instance(inFlight: callbackID, of: process),
            let callback = self[instance.id]?.callbacks.acknowledge(callbackID)
        else { return nil }
        return (instance, callback)
    }
}
