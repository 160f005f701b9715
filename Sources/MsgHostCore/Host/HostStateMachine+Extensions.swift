import MsgHostProtocol

extension HostStateMachine {
    /// An extension connection sent a message. Protocol errors get an error reply (or are
    /// dropped and counted when the sender cannot be told); they never affect anyone else.
    public mutating func extensionFramesReceived(route: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        if self.ignoredRoutes.contains(route) {
            self.count("droppedFrames")
            return []
        }
        guard let launchID = self.launchByRoute[route] else {
            return self.helloReceived(route: route, frames: frames, now: now)
        }
        let process = self.processes[launchID]!
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames)
        } catch {
            return self.refuse(route: route, process: process, requestID: nil, error, now: now)
        }
        guard received.verify(key: process.token) else {
            self.count("badSignatures")
            return self.refuse(route: route, process: process, requestID: received.header.id,
                               .protocolError(.badSignature, "signature does not verify with this connection's launch token"), now: now)
        }
        guard self.processes[launchID]!.seenIDs.insert(received.header.id) else {
            return self.refuse(route: route, process: process, requestID: received.header.id,
                               .protocolError(.replayedMessage, "header id \"\(received.header.id)\" was already used on this connection"), now: now)
        }
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
        self.count("protocolErrors")
        let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: WireJSON.encode(ErrorReply(error)), key: process.token, now: now)
        return [send, self.record("protocolError", now: now, device: process.device, app: process.app, code: error.code, name: error.name, detail: error.description)]
    }

    /// The first message on a new connection: it must be a hello signed with the token of a
    /// launch of that app that is still waiting for one.
    private mutating func helloReceived(route: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        func refuseAndIgnore(_ requestID: String?, _ error: WireError) -> [HostAction] {
            self.ignoredRoutes.insert(route)
            self.count("refusedConnections")
            let (_, send) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: WireJSON.encode(ErrorReply(error)), key: nil, now: now)
            return [send, self.record("connectionRefused", now: now, code: error.code, name: error.name, detail: error.description)]
        }
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames)
        } catch {
            return refuseAndIgnore(nil, error)
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
        guard hello.protocol == WireVersion.major else {
            return refuseAndIgnore(requestID, .protocolError(.unsupportedVersion, "hello.protocol is \(hello.protocol); this daemon speaks \(WireVersion.major)"))
        }
        let candidates = self.processes.values
            .filter { if case .launching = $0.state { $0.app == hello.app } else { false } }
            .sorted { $0.launchID < $1.launchID }
        guard let process = candidates.first(where: { received.verify(key: $0.token) }) else {
            self.count("badTokens")
            return refuseAndIgnore(requestID, .protocolError(.badToken, "no launch of \(hello.app) is waiting for a hello signed with that token"))
        }
        self.processes[process.launchID]!.state = .connected(route: route)
        _ = self.processes[process.launchID]!.seenIDs.insert(requestID)
        if let pid = hello.pid, self.processes[process.launchID]!.pid == nil { self.processes[process.launchID]!.pid = pid }
        self.launchByRoute[route] = process.launchID
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: WireJSON.encode(OKReply(HelloResult())), key: process.token, now: now)
        var actions: [HostAction] = [reply, self.record("connected", now: now, device: process.device, app: process.app, pid: self.processes[process.launchID]!.pid, detail: hello.sdk)]
        for instanceID in process.instanceIDs { actions += self.pump(instanceID, now: now) }
        actions += self.goIdleIfUnneeded(launchID: process.launchID, now: now)
        return actions
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
        if replyTo == process.terminateNoticeID { return [] }
        if let actions = self.callbackAcknowledged(launchID: process.launchID, replyTo: replyTo, status: status, now: now) {
            return actions
        }
        // Answering a reply would let two peers ping-pong errors: count and record instead.
        self.count("unexpectedReplies")
        return [self.record("protocolError", now: now, device: process.device, app: process.app,
                            code: ProtocolErrorCode.unexpectedReply.rawValue, name: "unexpectedReply",
                            detail: "reply to \"\(replyTo)\", which is no callback in flight")]
    }

    private mutating func requestReceived(_ type: RequestType, envelope: Envelope, process: ExtensionProcess, route: [UInt8], now: Instant) throws(WireError) -> [HostAction] {
        switch type {
        case .hello:
            throw .protocolError(.unknownType, "this connection already said hello")
        case .sendMessage:
            let body = try envelope.decodeBody(MessageRequestBody.self)
            let instance = try self.instance(body.instance, of: process)
            return self.sendMessage(body.message, from: instance, process: process, requestID: envelope.header.id, now: now)
        case .sendText, .sendSticker, .sendAttachment, .insertMessage, .insertText, .insertSticker, .insertAttachment,
             .requestPresentationStyle, .dismiss:
            let body = try envelope.decodeBody(InstanceBody.self)
            _ = try self.instance(body.instance, of: process)
            throw .protocolError(.unsupportedRequest, "\(type.rawValue) is part of protocol 1 but this daemon does not carry it out yet")
        }
    }

    private func instance(_ id: String, of process: ExtensionProcess) throws(WireError) -> Instance {
        guard process.instanceIDs.contains(id), let instance = self.instances[id] else {
            throw .protocolError(.unknownInstance, "instance \"\(id)\" is not one of this extension's")
        }
        return instance
    }

    /// Direct send (SPEC §4): the policy, then validation, then store, deliver, reply, and
    /// `didStartSending`. A refused send consumes nothing.
    private mutating func sendMessage(_ message: MessageValue, from instance: Instance, process: ExtensionProcess, requestID: String, now: Instant) -> [HostAction] {
        let route = process.route!
        let facts = SendPolicy.Facts(context: instance.context, isVisible: self.isVisible(instance), touchedAt: instance.touchedAt)
        let refusal: WireError? = if let code = SendPolicy.refusal(for: facts, now: now, interactionWindowMs: self.settings.interactionWindowMs) {
            .messages(code)
        } else {
            nil
        }
        let validated = refusal.map { Result<MessageValue, WireError>.failure($0) } ?? MessageValidation.validate(message)
        let accepted: MessageValue
        switch validated {
        case .failure(let error):
            self.count("sendsRefused")
            let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: WireJSON.encode(ErrorReply(error)), key: process.token, now: now)
            return [reply, self.record("sendRefused", now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                                       instance: instance.id, code: error.code, name: error.name, detail: error.description)]
        case .success(let message):
            accepted = message
        }
        self.instances[instance.id]!.touchedAt = nil
        self.count("sendsAccepted")
        let sender = self.world.devices[instance.device]!.owner
        let stored = StoredMessage(
            id: self.ids.makeUUID(), conversation: instance.conversation, app: instance.app, sender: sender, senderDevice: instance.device,
            senderInstall: instance.installID, sentAt: now.milliseconds, message: accepted)
        var changes = self.world.deliver(stored)
        let (conversation, participantChanges) = self.conversationValue(for: instance)
        changes += participantChanges
        var sent = accepted
        sent.senderParticipantIdentifier = conversation.localParticipantIdentifier
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: WireJSON.encode(OKReply(SendMessageResult(message: sent))), key: process.token, now: now)
        let recipients = changes.count { if case .transcriptAppended = $0 { true } else { false } }
        var actions: [HostAction] = [
            .persist(changes), reply,
            self.record("sent", now: now, device: instance.device, app: instance.app, conversation: instance.conversation, instance: instance.id, detail: stored.id),
            self.record("delivered", now: now, app: instance.app, conversation: instance.conversation, detail: "\(stored.id) to \(recipients) devices"),
        ]
        let didStart = MessageCallbackBody(instance: instance.id, message: sent, conversation: conversation)
        actions += self.enqueue([(.didStartSending, WireJSON.encode(didStart))], on: instance.id, waiter: nil, now: now)
        return actions
    }
}
