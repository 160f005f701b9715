import MsgHostProtocol

extension HostStateMachine {
    /// A control client sent a message.
    public mutating func controlFramesReceived(client: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames)
        } catch {
            return [self.controlError(to: client, requestID: nil, error, now: now)]
        }
        let requestID = received.header.id
        guard let command = ControlCommand(rawValue: received.header.type) else {
            let known = ControlCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return [self.controlError(to: client, requestID: requestID, .protocolError(.unknownType, "unknown control command \"\(received.header.type)\"; known: \(known)"), now: now)]
        }
        guard !self.isStopping else {
            return [self.controlError(to: client, requestID: requestID, .control(.shuttingDown, "the daemon is stopping"), now: now)]
        }
        do {
            return try self.run(command, envelope: received.envelope, client: client, requestID: requestID, now: now)
        } catch {
            let error = error.domain == ProtocolErrorCode.domain && error.code == ProtocolErrorCode.invalidBody.rawValue
                ? WireError.control(.invalidRequest, "\(command.rawValue): \(error.description)") : error
            return [self.controlError(to: client, requestID: requestID, error, now: now)]
        }
    }

    private mutating func run(_ command: ControlCommand, envelope: Envelope, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        /// Persists `changes` (if any), then replies ok with `result`.
        func ok(_ result: some Encodable, _ changes: [WorldChange] = []) -> [HostAction] {
            (changes.isEmpty ? [] : [.persist(changes)])
                + [self.controlReply(to: client, requestID: requestID, body: WireJSON.encode(OKReply(result)), now: now)]
        }
        switch command {
        case .status:
            return ok(self.status(now: now))
        case .world:
            return ok(WorldResult(
                people: self.world.people.values.sorted { $0.handle < $1.handle },
                devices: self.world.devices.values.sorted { $0.id < $1.id },
                conversations: self.world.conversations.values.sorted { $0.id < $1.id },
                apps: self.apps.values.sorted { $0.bundleID < $1.bundleID },
                installs: self.world.installs.values.sorted { ($0.device, $0.app) < ($1.device, $1.app) }))
        case .createPerson:
            let body = try envelope.decodeBody(CreatePersonRequest.self)
            let changes = try self.world.createPerson(handle: body.handle, name: body.name)
            return ok(PersonResult(person: try self.world.person(body.handle)), changes)
        case .createDevice:
            let body = try envelope.decodeBody(CreateDeviceRequest.self)
            let changes = try self.world.createDevice(id: body.id, owner: body.owner, platform: body.platform ?? .ios17)
            return ok(DeviceResult(device: try self.world.device(body.id)), changes)
        case .createConversation:
            let body = try envelope.decodeBody(CreateConversationRequest.self)
            let id = body.id ?? self.ids.makeUUID()
            let changes = try self.world.createConversation(id: id, members: body.members)
            return ok(ConversationResult(conversation: try self.world.conversation(id)), changes)
        case .installApp:
            let body = try envelope.decodeBody(DeviceAppRequest.self)
            try self.requireApp(body.app)
            let changes = try self.world.install(app: body.app, on: body.device, id: self.ids.makeUUID(), at: now)
            return ok(InstallResult(install: self.world.install(device: body.device, app: body.app)!), changes)
        case .uninstallApp:
            let body = try envelope.decodeBody(DeviceAppRequest.self)
            let (install, changes) = try self.world.uninstall(app: body.app, from: body.device)
            var actions: [HostAction] = [.persist(changes)]
            actions += self.endProcess(forDevice: install.device, app: install.app, reason: "uninstalled", now: now)
            return actions + ok(Empty())
        case .participants:
            let body = try envelope.decodeBody(DeviceAppRequest.self)
            guard let install = self.world.install(device: body.device, app: body.app) else {
                throw .control(.notFound, "\(body.app) is not installed on \(body.device)")
            }
            var changes: [WorldChange] = []
            var entries: [ParticipantsResult.Entry] = []
            for person in self.world.people.keys.sorted() {
                let (identifier, made) = self.world.participantIdentifier(install: install.id, person: person, ids: self.ids)
                changes += made
                entries.append(.init(person: person, identifier: identifier))
            }
            return ok(ParticipantsResult(install: install, participants: entries), changes)
        case .open:
            let body = try envelope.decodeBody(OpenRequest.self)
            return try self.open(body, client: client, requestID: requestID, now: now)
        case .close:
            let body = try envelope.decodeBody(DeviceRequest.self)
            _ = try self.world.device(body.device)
            guard let instanceID = self.presented[body.device] else {
                throw .control(.invalidState, "no app is open on \(body.device)")
            }
            let waiter = Instance.Waiter(client: client, requestID: requestID, result: WireJSON.encode(OKReply(Empty())))
            return self.resign(instanceID, waiter: waiter, now: now)
        case .touch:
            let body = try envelope.decodeBody(TouchRequest.self)
            _ = try self.world.device(body.device)
            guard let instanceID = self.presented[body.device], let instance = self.instances[instanceID], self.isVisible(instance) else {
                throw .control(.invalidState, "no app is open on \(body.device) to touch")
            }
            self.instances[instanceID]?.touchedAt = now
            let waiter = Instance.Waiter(client: client, requestID: requestID, result: WireJSON.encode(OKReply(Empty())))
            let touch = TouchBody(instance: instanceID, payload: body.payload ?? .null)
            return [self.record("touch", now: now, device: instance.device, app: instance.app, instance: instanceID)]
                + self.enqueue([(.touch, WireJSON.encode(touch))], on: instanceID, waiter: waiter, now: now)
        case .transcript:
            let body = try envelope.decodeBody(TranscriptRequest.self)
            let (result, changes) = try self.transcript(device: body.device, conversation: body.conversation)
            return ok(result, changes)
        case .events:
            let body = try envelope.decodeBody(EventsRequest.self)
            return ok(EventsResult(events: self.events.after(body.after), next: self.events.nextSeq - 1))
        }
    }

    private func requireApp(_ bundleID: String) throws(WireError) {
        guard self.apps[bundleID] != nil else {
            let known = self.apps.keys.sorted().joined(separator: ", ")
            throw .control(.notFound, "no app \"\(bundleID)\" (apps with a manifest: \(known.isEmpty ? "none" : known))")
        }
    }

    private func status(now: Instant) -> StatusResult {
        let extensions = self.processes.values
            .sorted { ($0.device, $0.app, $0.launchID) < ($1.device, $1.app, $1.launchID) }
            .map { StatusResult.ExtensionStatus(device: $0.device, app: $0.app, pid: $0.pid, state: $0.stateName, instances: $0.instanceIDs) }
        return StatusResult(
            daemon: .init(pid: self.daemonPID, protocol: WireVersion.major, startedAt: self.startedAt.milliseconds, uptimeMs: now.milliseconds(since: self.startedAt)),
            extensions: extensions,
            counters: self.counters)
    }

    /// The user opens `app` from the drawer of `device` in `conversation`: compact, cold start
    /// order (SPEC §3). Anything else presented on the device resigns first.
    private mutating func open(_ request: OpenRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(request.device)
        let conversation = try self.world.conversation(request.conversation)
        try self.requireApp(request.app)
        guard conversation.members.contains(device.owner) else {
            throw .control(.invalidState, "\(device.owner), who owns \(device.id), is not a member of \(conversation.id)")
        }
        guard let install = self.world.install(device: device.id, app: request.app) else {
            throw .control(.notFound, "\(request.app) is not installed on \(device.id)")
        }
        let app = self.apps[request.app]!
        let result = { (instance: String) in WireJSON.encode(OKReply(OpenResult(instance: instance, presentationStyle: .compact))) }

        if let current = self.presented[device.id], let instance = self.instances[current], instance.phase == .active {
            if instance.app == app.bundleID && instance.conversation == conversation.id {
                // Already open there: nothing to do once what is under way has finished.
                return self.addWaiter(.init(client: client, requestID: requestID, result: result(current)), to: current, now: now)
            }
        }
        var actions: [HostAction] = []
        if let current = self.presented[device.id] {
            actions += self.resign(current, waiter: nil, now: now)
        }
        self.showing[device.id] = conversation.id

        let (launchID, launchActions) = self.processServing(device: device.id, app: app.bundleID, installID: install.id, now: now)
        actions += launchActions
        let instanceID = self.makeInstanceID()
        let instance = Instance(
            id: instanceID, launchID: launchID, device: device.id, conversation: conversation.id, app: app.bundleID,
            installID: install.id, context: app.presentationContext, style: .compact)
        self.instances[instanceID] = instance
        self.processes[launchID]?.instanceIDs.append(instanceID)
        self.processes[launchID]?.idleGeneration += 1
        self.presented[device.id] = instanceID

        let (conversationValue, changes) = self.conversationValue(for: instance)
        if !changes.isEmpty { actions.append(.persist(changes)) }
        let activation = WireJSON.encode(ActivationBody(
            instance: instanceID, conversation: conversationValue, presentationStyle: .compact, presentationContext: instance.context))
        let instanceBody = WireJSON.encode(InstanceBody(instance: instanceID))
        actions.append(self.record("opened", now: now, device: device.id, app: app.bundleID, conversation: conversation.id, instance: instanceID))
        let waiter = Instance.Waiter(client: client, requestID: requestID, result: result(instanceID))
        return actions + self.enqueue(
            [(.willBecomeActive, activation), (.didBecomeActive, activation), (.viewWillAppear, instanceBody), (.viewDidAppear, instanceBody)],
            on: instanceID, waiter: waiter, now: now)
    }

    /// Starts the resign sequence of an instance (SPEC §3): it stops being visible at once.
    mutating func resign(_ instanceID: String, waiter: Instance.Waiter?, now: Instant) -> [HostAction] {
        guard var instance = self.instances[instanceID], instance.phase == .active else {
            return waiter.map { self.addWaiter($0, to: instanceID, now: now) } ?? []
        }
        instance.phase = .resigning
        instance.touchedAt = nil
        self.instances[instanceID] = instance
        if self.presented[instance.device] == instanceID { self.presented[instance.device] = nil }
        let (conversationValue, changes) = self.conversationValue(for: instance)
        let activation = WireJSON.encode(ActivationBody(
            instance: instanceID, conversation: conversationValue, presentationStyle: instance.style, presentationContext: instance.context))
        let instanceBody = WireJSON.encode(InstanceBody(instance: instanceID))
        var actions: [HostAction] = changes.isEmpty ? [] : [.persist(changes)]
        actions.append(self.record("closed", now: now, device: instance.device, app: instance.app, conversation: instance.conversation, instance: instanceID))
        return actions + self.enqueue(
            [(.viewWillDisappear, instanceBody), (.viewDidDisappear, instanceBody), (.willResignActive, activation), (.didResignActive, activation)],
            on: instanceID, waiter: waiter, now: now)
    }

    /// A device's transcript, with each sender as that device's install of the app sees them.
    private mutating func transcript(device deviceID: String, conversation conversationID: String) throws(WireError) -> (TranscriptResult, [WorldChange]) {
        let device = try self.world.device(deviceID)
        let conversation = try self.world.conversation(conversationID)
        guard conversation.members.contains(device.owner) else {
            throw .control(.invalidState, "\(device.owner), who owns \(device.id), is not a member of \(conversation.id)")
        }
        var changes: [WorldChange] = []
        var entries: [TranscriptEntryValue] = []
        for (index, stored) in self.world.transcript(device: device.id, conversation: conversation.id).enumerated() {
            var identifier: String?
            if let install = self.world.install(device: device.id, app: stored.app) {
                let (id, made) = self.world.participantIdentifier(install: install.id, person: stored.sender, ids: self.ids)
                identifier = id
                changes += made
            }
            var message = stored.message
            message.senderParticipantIdentifier = identifier
            entries.append(TranscriptEntryValue(
                index: index, kind: "message", sender: stored.sender, senderName: self.world.people[stored.sender]?.name ?? stored.sender,
                senderDevice: stored.senderDevice, app: stored.app, senderParticipantIdentifier: identifier, message: message, sentAt: stored.sentAt))
        }
        return (TranscriptResult(entries: entries), changes)
    }
}
