import HashTreeCollections
import MsgHostProtocol

/// Observation requests, answered by the read-only `Observer` part, and what the shell's
/// wire tap and metrics ask of the machine.
extension HostStateMachine {
    /// The machine's parts as observation reads them, now.
    var observer: Observer {
        Observer(
            world: self.world, apps: self.apps, processes: self.processes, screens: self.screens,
            events: self.outbox.events,
            counters: self.outbox.counters, settings: self.settings, daemonPID: self.daemonPID,
            startedAt: self.startedAt, rendering: self.rendering)
    }

    /// The same, for the shell's recorder (`HostReads`).
    public var reads: HostReads { HostReads(observer: self.observer) }

    mutating func observe(_ request: ObservationRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        switch try self.observer.answer(request, now: now) {
        case .result(let result): return self.ok(result, to: to, now: now)
        case .shell(let request): return [.serveControl(client: to.client, requestID: to.requestID, request)]
        }
    }

    // MARK: For the wire tap

    /// Who is at the other end of an extension connection, while it is one.
    public func peer(route: [UInt8]) -> (device: String, app: String, pid: Int?)? {
        self.processes.process(route: route).map { ($0.device, $0.app, $0.pid) }
    }

    /// Why the last extension message was not acted on, once: set only where a message is
    /// refused or dropped (so a message that is handled costs nothing here), taken by the
    /// shell's wire tap after each message it shows. Without a tap nobody takes it, and the
    /// tap clears it when it starts.
    public mutating func takeRefusal() -> WireError? {
        defer { self.outbox.lastRefusal = nil }
        return self.outbox.lastRefusal
    }
}

extension HostStateMachine {
    /// How long each of the host's queues is now, for the shell's `msghost_queue_depth` gauges.
    /// Read when metrics are asked for, never per event: a gauge nobody reads costs nothing.
    public func queueDepths() -> [(queue: String, depth: Int)] {
        QueueDepths.read(
            screens: self.screens, deliveries: self.world.deliveries, inspections: self.inspections,
            sessions: self.sessions)
    }
}
