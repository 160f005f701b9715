import MsgHostProtocol

extension HostStateMachine {
    /// A message from an extension connection, as the codec read it. Protocol errors get an
    /// error reply (or are dropped and counted when the sender cannot be told); they never
    /// affect anyone else.
    mutating func handleExtensionInbound(route: [UInt8], _ inbound: ExtensionInbound, now: Instant)
        throws(HistoryUnreadable) -> [HostAction]
    {
        switch inbound {
        case .dropped:
            self.outbox.count(.droppedFrames)
            self.outbox.lastRefusal = .protocolError(
                .helloRequired, "dropped: this connection's hello was refused, so nothing more from it is read")
            return []
        case .helloRefused(let requestID, let error):
            return self.refuseAndIgnore(route: route, requestID, error, now: now)
        case .hello(let hello):
            return self.helloReceived(route: route, hello, now: now)
        case .malformed(let requestID, let error):
            guard let process = self.connectedProcess(route: route) else { return [] }
            if error.code == ProtocolErrorCode.malformedFrame.rawValue { self.outbox.count(.droppedFrames) }
            return self.outbox.protocolError(error, replyTo: requestID, process: process, route: route, now: now)
        case .refused(let requestID, let error):
            guard let process = self.connectedProcess(route: route) else { return [] }
            if error.code == ProtocolErrorCode.badSignature.rawValue { self.outbox.count(.badSignatures) }
            return self.outbox.protocolError(error, replyTo: requestID, process: process, route: route, now: now)
        case .reply(let reply):
            guard let process = self.connectedProcess(route: route) else { return [] }
            return self.replyReceived(reply, process: process, now: now)
        case .request(let request):
            guard let process = self.connectedProcess(route: route) else { return [] }
            do {
                return try self.requestReceived(request, process: process, route: route, now: now)
            } catch {
                if let failure = error.unreadable { throw failure }  // not the extension's fault: the step ends
                return self.outbox.protocolError(error, replyTo: request.id, process: process, route: route, now: now)
            }
        }
    }

    /// The process connected on `route`. The codec reads anything but a hello only from a
    /// connection that said hello, so a message without one was for a process now gone.
    private func connectedProcess(route: [UInt8]) -> ExtensionProcess? { self.processes.process(route: route) }

    /// Refuses a new connection's first message; nothing more from it is read.
    private mutating func refuseAndIgnore(route: [UInt8], _ requestID: String?, _ error: WireError, now: Instant)
        -> [HostAction]
    {
        self.processes.ignore(route: route)
        return self.outbox.connectionRefused(error, replyTo: requestID, route: route, now: now)
    }

    /// A new connection's hello (`Supervisor.hello`): a launch connects, and its instances'
    /// callbacks start; an attached process is taken on. A refused hello is answered, and the
    /// connection ignored.
    private mutating func helloReceived(route: [UInt8], _ inbound: InboundHello, now: Instant) -> [HostAction] {
        do {
            let attachInstall = inbound.body.attachDevice.flatMap {
                self.world.install(device: $0, app: inbound.body.app)
            }
            let (process, actions) = try self.supervisor.hello(
                inbound, route: route, attachInstall: attachInstall, ids: &self.ids, outbox: &self.outbox, now: now)
            guard !process.attached else { return actions }
            return actions + process.instanceIDs.flatMap { self.pump($0, now: now) }
                + self.goIdleIfUnneeded(launchID: process.launchID, now: now)
        } catch {
            return self.refuseAndIgnore(route: route, inbound.id, error, now: now)
        }
    }

    private mutating func replyReceived(_ reply: InboundReply, process: ExtensionProcess, now: Instant) -> [HostAction]
    {
        let replyTo = reply.replyTo
        switch self.supervisor.answered(replyTo, by: process) {
        case .goodbye(let attached): return attached ? self.forgetAttached(process.launchID, now: now) : []
        case .memoryWarning: return [.observed(.callbackAcknowledged(id: replyTo, type: .didReceiveMemoryWarning))]
        case nil: break
        }
        return self.callbackAcknowledged(process, reply, now: now) ?? [
            self.outbox.unexpectedReply(replyTo, from: process, now: now)
        ]
    }

    private mutating func requestReceived(
        _ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant
    ) throws(WireError) -> [HostAction] {
        let type = request.type
        if process.role == .parentApp {
            return try self.parentAppRequest(request, process: process, route: route, now: now)
        }
        switch type {
        case .hello:
            throw .protocolError(.unknownType, "this connection already said hello")
        case .presentMessageCompose:
            return try self.parentAppRequest(request, process: process, route: route, now: now)
        case .requestPresentationStyle:
            let actions = try self.presentationRequest(
                try request.decoded(PresentationStyleBody.self), process: process, now: now)
            return actions + [self.ok(request, process: process, route: route, now: now)]
        case .dismiss:
            let actions = try self.dismissRequest(try request.decoded(InstanceBody.self), process: process, now: now)
            return actions + [self.ok(request, process: process, route: route, now: now)]
        case .sendMessage, .sendText, .sendSticker, .sendAttachment, .insertMessage, .insertText, .insertSticker,
            .insertAttachment, .setView:
            do {
                if type == .setView {
                    return try self.setViewRequest(request, process: process, route: route, now: now)
                }
                return try self.contentRequest(request, process: process, now: now)
            } catch  where error.domain != ProtocolErrorCode.domain && error.unreadable == nil {
                // Messages' own refusals (1–11, stickers) are recorded as such; protocol
                // errors go the common way.
                let instance = request.instance.flatMap { self.screens[$0] }
                return self.outbox.requestRefused(
                    type, error, process: process, route: route, instance: instance, requestID: request.id, now: now)
            }
        }
    }

    private mutating func ok(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant)
        -> HostAction
    {
        self.outbox.extensionReply(to: route, replyTo: request.id, .ok, key: process.token, now: now)
    }
}
