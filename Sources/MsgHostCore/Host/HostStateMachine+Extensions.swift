import MsgHostProtocol

extension HostStateMachine {
    /// A message from an extension connection, as the codec read it. Protocol errors get an
    /// error reply (or are dropped and counted when the sender cannot be told); they never
    /// affect anyone else.
    mutating func handleExtensionInbound(route: [UInt8], _ inbound: ExtensionInbound, now: Instant) -> [HostAction] {
        switch inbound {
        case .dropped:
            self.count(.droppedFrames)
            self.outbox.lastRefusal = .protocolError(.helloRequired, "dropped: this connection's hello was refused, so nothing more from it is read")
            return []
        case .helloRefused(let requestID, let error):
            return self.refuseAndIgnore(route: route, requestID, error, now: now)
        case .hello(let hello):
            return self.helloReceived(route: route, hello, now: now)
        case .malformed(let requestID, let error):
            guard let process = self.connectedProcess(route: route) else { return [] }
            if error.code == ProtocolErrorCode.malformedFrame.rawValue { self.count(.droppedFrames) }
            return self.refuse(route: route, process: process, requestID: requestID, error, now: now)
        case .refused(let requestID, let error):
            guard let process = self.connectedProcess(route: route) else { return [] }
            if error.code == ProtocolErrorCode.badSignature.rawValue { self.count(.badSignatures) }
            return self.refuse(route: route, process: process, requestID: requestID, error, now: now)
        case .reply(let reply):
            guard let process = self.connectedProcess(route: route) else { return [] }
            return self.replyReceived(reply, process: process, now: now)
        case .request(let request):
            guard let process = self.connectedProcess(route: route) else { return [] }
            do {
                return try self.requestReceived(request, process: process, route: route, now: now)
            } catch {
                return self.refuse(route: route, process: process, requestID: request.id, error, now: now)
            }
        }
    }

    /// The process connected on `route`. The codec reads anything but a hello only from a
    /// connection that said hello, so a message without one was for a process now gone.
    private func connectedProcess(route: [UInt8]) -> ExtensionProcess? { self.processes.process(route: route) }

    /// Answers a bad message with an error reply signed for the connection.
    private mutating func refuse(route: [UInt8], process: ExtensionProcess, requestID: String?, _ error: WireError, now: Instant) -> [HostAction] {
        self.count(.protocolErrors)
        self.outbox.lastRefusal = error
        let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .error(error), key: process.token, now: now)
        return [send, self.record(.protocolError, now: now, device: process.device, app: process.app, code: error.code, name: error.name, detail: error.description)]
    }

    /// Refuses a new connection's first message; nothing more from it is read.
    private mutating func refuseAndIgnore(route: [UInt8], _ requestID: String?, _ error: WireError, now: Instant) -> [HostAction] {
        self.processes.ignore(route: route)
        self.count(.refusedConnections)
        self.outbox.lastRefusal = error
        let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .error(error), key: nil, now: now)
        return [send, self.record(.connectionRefused, now: now, code: error.code, name: error.name, detail: error.description)]
    }

    /// The first message on a new connection: it must be a hello signed with the token of a
    /// launch of that app that is still waiting for one (the codec says which signed it).
    private mutating func helloReceived(route: [UInt8], _ inbound: InboundHello, now: Instant) -> [HostAction] {
        let (requestID, hello) = (inbound.id, inbound.body)
        if let pid = hello.pid, !(1...Int(Int32.max)).contains(pid) {
            return self.refuseAndIgnore(route: route, requestID, .protocolError(.invalidBody, "pid must be from 1 to \(Int32.max); got \(pid)"), now: now)
        }
        guard hello.protocol == WireVersion.major else {
            return self.refuseAndIgnore(route: route, requestID, .protocolError(.unsupportedVersion, "hello.protocol is \(hello.protocol); this daemon speaks \(WireVersion.major)"), now: now)
        }
        if let device = hello.attachDevice {
            do {
                return try self.attach(route: route, inbound, device: device, now: now)
            } catch {
                return self.refuseAndIgnore(route: route, requestID, error, now: now)
            }
        }
        guard let launchID = inbound.launchID, let process = self.processes[launchID], process.isLaunching, process.app == hello.app else {
            self.count(.badTokens)
            return self.refuseAndIgnore(route: route, requestID, .protocolError(.badToken, "no launch of \(hello.app) is waiting for a hello signed with that token"), now: now)
        }
        self.processes.connect(process.launchID, route: route)
        // A launched process's pid is the one the shell spawned (`processStarted`), never the
        // one its hello claims: that is informative only, and a wrong one would make `status`
        // name another process — for a tool that signals what `status` says, a dangerous one.
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .encoding(OKReply(HelloResult())), key: process.token, now: now)
        var actions: [HostAction] = [reply, self.record(.connected, now: now, device: process.device, app: process.app, pid: self.processes[process.launchID]!.pid, detail: hello.sdk)]
        for instanceID in process.instanceIDs { actions += self.pump(instanceID, now: now) }
        actions += self.goIdleIfUnneeded(launchID: process.launchID, now: now)
        return actions
    }

    /// Attach mode (SPEC §6): an extension started by hand, for a debugger, signs its hello
    /// with the app's attach key and names the device it serves.
    private mutating func attach(route: [UInt8], _ inbound: InboundHello, device: String, now: Instant) throws(WireError) -> [HostAction] {
        let hello = inbound.body
        guard let app = self.apps[hello.app], let key = app.attachKey else {
            throw .protocolError(.badToken, "\(hello.app) does not allow attaching (no attach key in its manifest)")
        }
        guard inbound.signedWithAttachKey else {
            self.count(.badTokens)
            throw .protocolError(.badToken, "the hello is not signed with \(hello.app)'s attach key")
        }
        guard let install = self.world.install(device: device, app: hello.app) else {
            throw .protocolError(.invalidBody, "attachDevice: \(hello.app) is not installed on \"\(device)\"")
        }
        if let running = self.processes.serving(ProcessKey(device: device, app: hello.app)), let process = self.processes[running] {
            throw .protocolError(.invalidBody, "\(hello.app) already runs on \(device) (\(process.stateName), pid \(process.pid.map(String.init) ?? "?")); attach when it does not")
        }
        let launchID = self.ids.makeUUID()
        let process = ExtensionProcess(attachedAs: launchID, device: device, app: hello.app, installID: install.id, key: SigningKey(Array(key.utf8)),
                                       route: route, pid: hello.pid, now: now)
        self.processes.insert(process)
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: inbound.id, body: .encoding(OKReply(HelloResult())), key: process.token, now: now)
        return [reply, self.record(.attached, now: now, device: device, app: hello.app, pid: hello.pid, detail: hello.sdk)]
    }

    private mutating func replyReceived(_ reply: InboundReply, process: ExtensionProcess, now: Instant) -> [HostAction] {
        let replyTo = reply.replyTo
        if self.processes[process.launchID]?.noticeAnswered(replyTo) == true {
            // It said goodbye: a launched process exits now; an attached one is let go of.
            return process.attached ? self.forgetAttached(process.launchID, now: now) : []
        }
        if replyTo == process.memory.warningID {
            self.processes[process.launchID]?.memory.warningID = nil
            return [.observed(.callbackAcknowledged(id: replyTo, type: .didReceiveMemoryWarning))]
        }
        if let actions = self.callbackAcknowledged(launchID: process.launchID, reply, now: now) {
            return actions
        }
        // Answering a reply would let two peers ping-pong errors: count and record instead.
        self.count(.unexpectedReplies)
        self.outbox.lastRefusal = .protocolError(.unexpectedReply, "dropped: reply to \"\(replyTo)\", which is no callback in flight")
        return [self.record(.protocolError, now: now, device: process.device, app: process.app,
                            code: ProtocolErrorCode.unexpectedReply.rawValue, name: "unexpectedReply",
                            detail: "reply to \"\(replyTo)\", which is no callback in flight")]
    }

    private mutating func requestReceived(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant) throws(WireError) -> [HostAction] {
        let type = request.type
        if process.role == .parentApp || type == .presentMessageCompose {
            return try self.parentAppRequest(request, process: process, route: route, now: now)
        }
        switch type {
        case .hello:
            throw .protocolError(.unknownType, "this connection already said hello")
        case .presentMessageCompose:
            return try self.parentAppRequest(request, process: process, route: route, now: now)
        case .requestPresentationStyle:
            let actions = try self.presentationRequest(try request.decoded(PresentationStyleBody.self), process: process, now: now)
            return actions + [self.ok(request, process: process, route: route, now: now)]
        case .dismiss:
            let actions = try self.dismissRequest(try request.decoded(InstanceBody.self), process: process, now: now)
            return actions + [self.ok(request, process: process, route: route, now: now)]
        case .sendMessage, .sendText, .sendSticker, .sendAttachment, .insertMessage, .insertText, .insertSticker, .insertAttachment, .setView:
            do {
                if type == .setView { return try self.setViewRequest(request, process: process, route: route, now: now) }
                return try self.contentRequest(request, process: process, now: now)
            } catch where error.domain != ProtocolErrorCode.domain {
                // Messages' own refusals (1–11, stickers) are recorded as such; protocol
                // errors go the common way.
                let instance = request.instance.flatMap { self.screens[$0] }
                return self.refuseRequest(type, error, process: process, route: route, instance: instance, requestID: request.id, now: now)
            }
        }
    }

    private mutating func ok(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant) -> HostAction {
        self.extensionMessage(to: route, type: ReplyType.name, replyTo: request.id, body: .ok, key: process.token, now: now).action
    }
}
