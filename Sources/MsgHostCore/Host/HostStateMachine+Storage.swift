import MsgHostProtocol

/// What the machine answers when the shell could not store what an event changed
/// (PROTOCOL.md §3.5, `storageUnavailable`), once it was put back at its `HostCheckpoint`.
extension HostStateMachine {
    /// A unit of events begins: what the last one changed stays, and what this one changes
    /// can be undone until the next (`HostCheckpoint`).
    public mutating func checkpoint() -> HostCheckpoint {
        self.closeUnit(undoing: false)
        return HostCheckpoint(nextEventSeq: self.outbox.events.nextSeq)
    }

    /// Puts the machine back as it was at `checkpoint`, the last one taken: every part undoes
    /// what it changed since, and the events recorded since are forgotten.
    public mutating func restore(_ checkpoint: HostCheckpoint) {
        self.closeUnit(undoing: true)
        self.outbox.events.rollBack(to: checkpoint.nextEventSeq)
    }

    private mutating func closeUnit(undoing: Bool) {
        self.world.closeUnit(undoing: undoing)
        self.supervisor.closeUnit(undoing: undoing)
        self.screens.closeUnit(undoing: undoing)
        self.sessions.closeUnit(undoing: undoing)
        self.parentApps.closeUnit(undoing: undoing)
        self.inspections.closeUnit(undoing: undoing)
        self.outbox.closeUnit(undoing: undoing)
        if undoing {
            self.ids = self.unitStart.ids
            self.nextInstance = self.unitStart.nextInstance  // made in a unit that never happened
        } else {
            self.unitStart = (self.ids, self.nextInstance)
        }
    }

    /// Answers an extension's request whose change could not be stored. Nothing for a
    /// message that is not a request on a known connection (a hello, a reply).
    public mutating func extensionRequestNotStored(
        route: [UInt8], _ inbound: ExtensionInbound, reason: String, now: Instant
    ) -> [HostAction] {
        guard case .request(let request) = inbound, let launchID = self.processes.launchID(route: route),
            let process = self.processes[launchID]
        else { return [] }
        // Logged as `requestRefused` whatever it asked (PROTOCOL.md §3.5).
        let refused = self.outbox.requestRefused(
            request.type, Self.notStored(reason), process: process, route: route, instance: nil, requestID: request.id,
            isSend: false, now: now)
        return self.finish(refused, now: now)
    }

    /// Answers a control request whose change could not be stored.
    public mutating func controlRequestNotStored(client: [UInt8], requestID: String?, reason: String, now: Instant)
        -> [HostAction]
    {
        self.finish(
            [self.outbox.controlError(to: client, requestID: requestID, Self.notStored(reason), now: now)], now: now)
    }

    /// Answers a send whose files were looked at but whose message could not be stored; it
    /// consumes nothing (the touch is given back, as for a refused file).
    public mutating func filesNotStored(token: Int, reason: String, now: Instant) -> [HostAction] {
        guard case .request(let request)? = self.inspections.take(token),
            let process = self.processes[request.launchID],
            let route = process.route
        else { return [] }
        self.screens.failed(request)
        let actions = self.withCauses(request.causes) { machine in
            machine.outbox.requestRefused(
                request.type, Self.notStored(reason), process: process, route: route,
                instance: machine.screens[request.instanceID], requestID: request.requestID, now: now)
        }
        return self.finish(actions, now: now)
    }

    private static func notStored(_ reason: String) -> WireError {
        .host(
            .storageUnavailable,
            "the change could not be stored (\(reason)); nothing of this request was kept, it may be sent again")
    }
}
