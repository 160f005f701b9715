import MsgHostProtocol

/// The control requests that look at the daemon itself (PROTOCOL.md §7.1), and what the
/// shell's wire tap asks of the machine.
///
/// The wire tap, `metrics` and `file` are answered by the shell: it alone sees the frames as
/// they cross the socket, keeps the metrics, and owns the files. The machine only checks their
/// bodies and hands them over (`HostAction.serveControl`), so a bad request is refused the
/// same way as any other. `held` is the machine's own: the held deliveries are world state.
extension HostStateMachine {
    mutating func observationCommand(_ command: ControlCommand, envelope: Envelope, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        switch command {
        case .wireTap:
            _ = try envelope.decodeBody(Empty.self)
            return [.serveControl(client: client, requestID: requestID, .wireTap)]
        case .metrics:
            _ = try envelope.decodeBody(Empty.self)
            return [.serveControl(client: client, requestID: requestID, .metrics)]
        case .file:
            let body = try envelope.decodeBody(FileRequest.self)
            guard !body.url.isEmpty, body.url.utf8.count <= 4096 else {
                throw .control(.invalidRequest, "url must be 1 to 4,096 bytes")
            }
            return [.serveControl(client: client, requestID: requestID, .file(url: body.url))]
        case .held:
            let body = try envelope.decodeBody(DeviceRequest.self)
            _ = try self.world.device(body.device)
            let result = HeldResult(messages: self.heldMessages(device: body.device))
            return [self.controlReply(to: client, requestID: requestID, body: WireJSON.encode(OKReply(result)), now: now)]
        default:
            preconditionFailure("\(command) is not an observation command")
        }
    }

    /// What `release` would deliver to `device`, in arrival order (delivery ids grow in the
    /// order messages were sent, whatever their latency: the order `release` uses).
    func heldMessages(device: String) -> [HeldResult.Message] {
        self.world.pendingDeliveries.values
            .filter { $0.device == device && $0.held }
            .sorted { $0.id < $1.id }
            .compactMap { delivery in
                guard let stored = self.world.message(delivery.messageID) else { return nil }
                var text: String?
                if case .text(let value) = stored.content { text = value }
                return HeldResult.Message(
                    id: stored.id, conversation: stored.conversation, sender: stored.sender, sentAt: stored.sentAt,
                    kind: stored.content.kindName, text: text)
            }
    }

    // MARK: For the wire tap

    /// Who is at the other end of an extension connection, while it is one.
    public func peer(route: [UInt8]) -> (device: String, app: String, pid: Int?)? {
        guard let launchID = self.processes.launchID(route: route), let process = self.processes[launchID] else { return nil }
        return (process.device, process.app, process.pid)
    }

    /// Why the last extension message was not acted on, once: set only where a message is
    /// refused or dropped (so a message that is handled costs nothing here), taken by the
    /// shell's wire tap after each message it shows. Without a tap nobody takes it, and the
    /// tap clears it when it starts.
    public mutating func takeRefusal() -> WireError? {
        defer { self.lastRefusal = nil }
        return self.lastRefusal
    }
}

extension HostStateMachine {
    /// How long each of the host's queues is now, for the shell's `msghost_queue_depth` gauges.
    /// Read when metrics are asked for, never per event: a gauge nobody reads costs nothing.
    public func queueDepths() -> [(queue: String, depth: Int)] {
        var queued = 0
        var inFlight = 0
        for instance in self.screens.all {
            queued += instance.queue.count
            if instance.inFlight != nil { inFlight += 1 }
        }
        var held = 0
        var delayed = 0
        for delivery in self.world.pendingDeliveries.values {
            if delivery.held { held += 1 } else { delayed += 1 }
        }
        return [
            ("callbacks_queued", queued), ("callbacks_in_flight", inFlight),
            ("held_deliveries", held), ("delayed_deliveries", delayed),
            ("parked_requests", self.pendingRequests.count),
            ("control_waiters", self.sessions.waiters.count + self.sessions.settleWaiters.count),
            ("event_followers", self.sessions.subscribers.count),
        ]
    }
}
