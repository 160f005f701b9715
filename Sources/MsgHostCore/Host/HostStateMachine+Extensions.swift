import MsgHostProtocol

extension HostStateMachine {
    /// An extension connection sent a message. Protocol errors get an error reply (or are
    /// dropped and counted when the sender cannot be told); they never affect anyone else.
    mutating func handleExtensionFrames(route: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        if self.processes.ignoredRoutes.contains(route) {
            self.count(.droppedFrames)
            self.lastRefusal = .protocolError(.helloRequired, "dropped: this connection's hello was refused, so nothing more from it is read")
            return []
        }
        guard let launchID = self.processes.launchID(route: route) else {
            return self.helloReceived(route: route, frames: frames, now: now)
        }
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.settings.maxFrameBytes)
        } catch {
            if error.code == ProtocolErrorCode.malformedFrame.rawValue { self.count(.droppedFrames) }
            return self.refuse(route: route, process: self.processes[launchID]!, requestID: ReceivedFrames.readableID(in: frames), error, now: now)
        }
        guard received.verify(key: self.processes[launchID]!.token) else {
            self.count(.badSignatures)
            return self.refuse(route: route, process: self.processes[launchID]!, requestID: received.header.id,
                               .protocolError(.badSignature, "signature does not verify with this connection's launch token"), now: now)
        }
        // Inserted in place before any copy of the process is taken: with a copy alive, the
        // insert would copy the recent-ids window on every message.
        guard self.processes[launchID]!.seenIDs.insert(received.header.id) else {
            return self.refuse(route: route, process: self.processes[launchID]!, requestID: received.header.id,
                               .protocolError(.replayedMessage, "header id \"\(received.header.id)\" was already used on this connection"), now: now)
        }
        let process = self.processes[launchID]!
        let envelope = received.envelope
        if envelope.header.type == ReplyType.name {
            return self.replyReceived(envelope, process: process, now: now)
        }
        guard let type = RequestType(rawValue: envelope.header.type) else {
            return self.refuse(route: route, process: process, requestID: envelope.header.id,
                               .protocolError(.unknownType, "\"\(envelope.header.type)\" is not a request an extension may send"), now: now)
        }
        do {
            return try self.requestReceived(type, envelope: envelope, process: process, route: route, now: now)
        } catch {
            return self.refuse(route: route, process: process, requestID: envelope.header.id, error, now: now)
        }
    }

    /// Answers a bad message with an error reply signed for the connection.
    private mutating func refuse(route: [UInt8], process: ExtensionProcess, requestID: String?, _ error: WireError, now: Instant) -> [HostAction] {
        self.count(.protocolErrors)
        self.lastRefusal = error
        let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .error(error), key: process.token, now: now)
        return [send, self.record(.protocolError, now: now, device: process.device, app: process.app, code: error.code, name: error.name, detail: error.description)]
    }

    /// The first message on a new connection: it must be a hello signed with the token of a
    /// launch of that app that is still waiting for one.
    private mutating func helloReceived(route: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        func refuseAndIgnore(_ requestID: String?, _ error: WireError) -> [HostAction] {
            self.processes.ignore(route: route)
            self.count(.refusedConnections)
            self.lastRefusal = error
            let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .error(error), key: nil, now: now)
            return [send, self.record(.connectionRefused, now: now, code: error.code, name: error.name, detail: error.description)]
        }
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.settings.maxFrameBytes)
        } catch {
            return refuseAndIgnore(ReceivedFrames.readableID(in: frames), error)
        }
        let requestID = received.header.id
        guard received.header.type == RequestType.hello.rawValue else {
            return refuseAndIgnore(requestID, .protocolError(.helloRequired, "the first message must be hello, not \(received.header.type)"))
        }
        let hello: HelloBody
        do {
            hello = try received.envelope.decodeBody(HelloBody.self)
        } catch {
            return refuseAndIgnore(requestID, error)
        }
        if let pid = hello.pid, !(1...Int(Int32.max)).contains(pid) {
            return refuseAndIgnore(requestID, .protocolError(.invalidBody, "pid must be from 1 to \(Int32.max); got \(pid)"))
        }
        guard hello.protocol == WireVersion.major else {
            return refuseAndIgnore(requestID, .protocolError(.unsupportedVersion, "hello.protocol is \(hello.protocol); this daemon speaks \(WireVersion.major)"))
        }
        if let device = hello.attachDevice {
            do {
                return try self.attach(route: route, hello: hello, device: device, received: received, now: now)
            } catch {
                return refuseAndIgnore(requestID, error)
            }
        }
        let candidates = self.processes.all
            .filter { if case .launching = $0.state { $0.app == hello.app } else { false } }
            .sorted { $0.launchID < $1.launchID }
        guard let process = candidates.first(where: { received.verify(key: $0.token) }) else {
            self.count(.badTokens)
            return refuseAndIgnore(requestID, .protocolError(.badToken, "no launch of \(hello.app) is waiting for a hello signed with that token"))
        }
        self.processes.connect(process.launchID, route: route)
        _ = self.processes[process.launchID]!.seenIDs.insert(requestID)
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
    private mutating func attach(route: [UInt8], hello: HelloBody, device: String, received: ReceivedFrames, now: Instant) throws(WireError) -> [HostAction] {
        guard let app = self.apps[hello.app], let key = app.attachKey else {
            throw .protocolError(.badToken, "\(hello.app) does not allow attaching (no attach key in its manifest)")
        }
        guard received.verify(key: Array(key.utf8)) else {
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
        var process = ExtensionProcess(
            launchID: launchID, device: device, app: hello.app, installID: install.id, token: SigningKey(Array(key.utf8)), state: .connected(route: route), launchedAt: now)
        process.attached = true
        process.pid = hello.pid
        _ = process.seenIDs.insert(received.header.id)
        self.processes.insert(process)
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: received.header.id, body: .encoding(OKReply(HelloResult())), key: process.token, now: now)
        return [reply, self.record(.attached, now: now, device: device, app: hello.app, pid: hello.pid, detail: hello.sdk)]
    }

    private mutating func replyReceived(_ envelope: Envelope, process: ExtensionProcess, now: Instant) -> [HostAction] {
        let status: ReplyStatus
        do {
            status = try envelope.decodeBody(ReplyStatus.self)
        } catch {
            return self.refuse(route: process.route!, process: process, requestID: envelope.header.id, error, now: now)
        }
        guard let replyTo = envelope.header.replyTo else {
            return self.refuse(route: process.route!, process: process, requestID: envelope.header.id,
                               .protocolError(.malformedFrame, "a reply needs header.replyTo"), now: now)
        }
        if replyTo == process.terminateNoticeID {
            // It said goodbye: a launched process exits now; an attached one is let go of.
            self.processes[process.launchID]?.terminateNoticeID = nil
            if process.attached { return self.forgetAttached(process.launchID, now: now) }
            self.processes[process.launchID]?.exitExpected = true
            return []
        }
        if replyTo == process.memoryWarningID {
            self.processes[process.launchID]?.memoryWarningID = nil
            return [.observed(.callbackAcknowledged(id: replyTo, type: .didReceiveMemoryWarning))]
        }
        if let actions = self.callbackAcknowledged(launchID: process.launchID, replyTo: replyTo, status: status, body: envelope.body, now: now) {
            return actions
        }
        // Answering a reply would let two peers ping-pong errors: count and record instead.
        self.count(.unexpectedReplies)
        self.lastRefusal = .protocolError(.unexpectedReply, "dropped: reply to \"\(replyTo)\", which is no callback in flight")
        return [self.record(.protocolError, now: now, device: process.device, app: process.app,
                            code: ProtocolErrorCode.unexpectedReply.rawValue, name: "unexpectedReply",
                            detail: "reply to \"\(replyTo)\", which is no callback in flight")]
    }

    private mutating func requestReceived(_ type: RequestType, envelope: Envelope, process: ExtensionProcess, route: [UInt8], now: Instant) throws(WireError) -> [HostAction] {
        if process.role == .parentApp || type == .presentMessageCompose {
            return try self.parentAppRequest(type, envelope: envelope, process: process, route: route, now: now)
        }
        switch type {
        case .hello:
            throw .protocolError(.unknownType, "this connection already said hello")
        case .presentMessageCompose:
            preconditionFailure("a parent-app request is handled above")
        case .requestPresentationStyle:
            let actions = try self.presentationRequest(try envelope.decodeBody(PresentationStyleBody.self), process: process, now: now)
            return actions + [self.ok(envelope, process: process, route: route, now: now)]
        case .dismiss:
            let actions = try self.dismissRequest(try envelope.decodeBody(InstanceBody.self), process: process, now: now)
            return actions + [self.ok(envelope, process: process, route: route, now: now)]
        case .sendMessage, .sendText, .sendSticker, .sendAttachment, .insertMessage, .insertText, .insertSticker, .insertAttachment, .setView:
            do {
                if type == .setView { return try self.setViewRequest(envelope, process: process, route: route, now: now) }
                return try self.contentRequest(type, envelope: envelope, process: process, now: now)
            } catch where error.domain != ProtocolErrorCode.domain {
                // Messages' own refusals (1–11, stickers) are recorded as such; protocol
                // errors go the common way.
                let instance = (try? envelope.decodeBody(InstanceBody.self)).flatMap { self.screens[$0.instance] }
                return self.refuseRequest(type, error, process: process, route: route, instance: instance, requestID: envelope.header.id, now: now)
            }
        }
    }

    private mutating func ok(_ envelope: Envelope, process: ExtensionProcess, route: [UInt8], now: Instant) -> HostAction {
        self.extensionMessage(to: route, type: ReplyType.name, replyTo: envelope.header.id, body: .ok, key: process.token, now: now).action
    }
}
