import HashTreeCollections
import MsgHostProtocol

/// Sending each instance's callbacks (SPEC §3): one in flight per instance, in order, each
/// with its response timer, to the process serving it once that process is connected.
///
/// `Screens` owns the queues; it borrows the `Supervisor` for the route, the key and the
/// timeout of the process serving an instance (and to let that process idle when nothing is
/// left for it), and the `Outbox` to write the callback.
extension Screens {
    /// Queues `callbacks` for an instance, in order, carrying `causes`, and sends the first if
    /// nothing is in flight.
    mutating func enqueue(
        _ callbacks: [(CallbackType, OutboundBody)], on id: String, causes: Set<Int>,
        supervisor: inout Supervisor, outbox: inout Outbox, now: Instant
    ) -> [HostAction] {
        guard self[id] != nil else { return [] }
        self[id]!.callbacks.append(callbacks.map { CallbackQueue.Callback(type: $0.0, body: $0.1, causes: causes) })
        return self.pump(id, supervisor: &supervisor, outbox: &outbox, now: now)
    }

    /// Sends the instance's next callback if none is in flight and its process is connected;
    /// when its queue is empty, lets the process go idle if nothing else needs it.
    mutating func pump(_ id: String, supervisor: inout Supervisor, outbox: inout Outbox, now: Instant) -> [HostAction] {
        guard var instance = self[id], instance.callbacks.inFlight == nil else { return [] }
        guard let callback = instance.callbacks.next else {
            instance.queueEmptied()
            self[id] = instance
            return supervisor.goIdleIfUnneeded(instance.launchID, screens: self, now: now)
        }
        guard let process = supervisor.processes[instance.launchID], case .connected(let route) = process.state else {
            return []
        }
        let (callbackID, send) = outbox.extensionMessage(
            to: route, type: callback.type.rawValue, body: callback.body, key: process.token, now: now)
        instance.sentNext(id: callbackID, at: now)
        self[id] = instance
        return [
            send, .observed(.callbackSent(id: callbackID, type: callback.type)),
            .startTimer(
                .responseTimeout(launchID: process.launchID, callbackID: callbackID),
                at: now.adding(milliseconds: supervisor.responseTimeout(process.app))),
        ]
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
