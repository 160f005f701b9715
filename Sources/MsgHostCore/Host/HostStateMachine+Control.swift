import MsgHostProtocol

/// Control requests, typed by `ControlCodec` at the edge: this file routes each area's
/// requests to the handler that switches over exactly them (`+WorldAdmin`, `+UserActions`,
/// `+Delivery`, `+Observation`, `+ComposeControl`, `+Stickers`, `+Supervision`), and answers
/// what the codec refused.
extension HostStateMachine {
    /// A control client's message, as the codec read it.
    mutating func handleControl(client: [UInt8], _ inbound: ControlInbound, now: Instant) throws(HistoryUnreadable)
        -> [HostAction]
    {
        switch inbound {
        case .refused(let requestID, let command, let error):
            if command == nil && error.isProtocol(.malformedFrame) { self.outbox.count(.droppedFrames) }
            if command != nil && self.supervisor.isStopping {
                return [self.outbox.controlError(to: client, requestID: requestID, Self.stopping, now: now)]
            }
            return [self.outbox.controlError(to: client, requestID: requestID, error, now: now)]
        case .request(let requestID, let request):
            guard !self.supervisor.isStopping else {
                return [self.outbox.controlError(to: client, requestID: requestID, Self.stopping, now: now)]
            }
            do {
                return try self.run(request, to: ControlRequestRef(client: client, requestID: requestID), now: now)
            } catch {
                // A read of the store that failed ends the step: it is no answer to give.
                if let failure = error.unreadable { throw failure }
                // A field a handler found wrong is the request's fault, as the codec's are.
                let error =
                    error.isProtocol(.invalidBody)
                    ? WireError.control(.invalidRequest, "\(request.command.rawValue): \(error.description)") : error
                return [self.outbox.controlError(to: client, requestID: requestID, error, now: now)]
            }
        }
    }

    private static let stopping = WireError.control(.shuttingDown, "the daemon is stopping")

    private mutating func run(_ request: ControlRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        switch request {
        case .admin(let request): return try self.administer(request, to: to, now: now)
        case .user(let request): return try self.act(request, to: to, now: now)
        case .delivery(let request): return try self.deliveryCommand(request, to: to, now: now)
        case .observation(let request): return try self.observe(request, to: to, now: now)
        case .parentApp(let request): return try self.parentAppCommand(request, to: to, now: now)
        case .stickers(let request): return try self.stickerCommand(request, to: to, now: now)
        case .supervision(let request): return try self.supervise(request, to: to, now: now)
        case .recording(let request):
            return [.serveControl(client: to.client, requestID: to.requestID, .recording(request))]
        }
    }

    /// Persists `changes` (if any), then answers `request` with `result` at once.
    mutating func ok(
        _ result: ControlResult, persisting changes: [WorldChange] = [], to request: ControlRequestRef, now: Instant
    ) -> [HostAction] {
        (changes.isEmpty ? [] : [.persist(changes)]) + [
            self.outbox.controlReply(to: request.client, requestID: request.requestID, .ok(result), now: now)
        ]
    }

    func requireApp(_ bundleID: String) throws(WireError) {
        guard self.apps[bundleID] != nil else {
            let known = self.apps.keys.sorted().joined(separator: ", ")
            throw .control(
                .notFound, "no app \"\(bundleID)\" (apps with a manifest: \(known.isEmpty ? "none" : known))")
        }
    }

    /// Instances with callbacks queued or in flight.
    func waitingInstances() -> [String] { self.screens.busy }
}
