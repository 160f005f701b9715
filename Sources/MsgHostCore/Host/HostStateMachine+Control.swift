import MsgHostProtocol

extension HostStateMachine {
    /// A control client sent a message.
    mutating func handleControlFrames(client: [UInt8], frames: [[UInt8]], now: Instant) -> [HostAction] {
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.settings.maxFrameBytes)
        } catch {
            if error.code == ProtocolErrorCode.malformedFrame.rawValue { self.count(.droppedFrames) }
            return [self.controlError(to: client, requestID: ReceivedFrames.readableID(in: frames), error, now: now)]
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
            let changes = try self.world.createPerson(handle: body.handle, name: body.name) + self.world.assignIdentifiers(ids: self.ids)
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
            let changes = try self.world.install(app: body.app, on: body.device, id: self.ids.makeUUID(), at: now) + self.world.assignIdentifiers(ids: self.ids)
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
            let entries = self.world.people.keys.sorted().map { ParticipantsResult.Entry(person: $0, identifier: self.world.identifier(install: install.id, person: $0)) }
            return ok(ParticipantsResult(install: install, participants: entries))
        case .open:
            let body = try envelope.decodeBody(OpenRequest.self)
            return try self.open(body, client: client, requestID: requestID, now: now)
        case .close:
            let body = try envelope.decodeBody(DeviceRequest.self)
            _ = try self.world.device(body.device)
            guard let instanceID = self.screens.presented[body.device] else {
                throw .control(.invalidState, "no app is open on \(body.device)")
            }
            let outcome = self.resign(instanceID, now: now)
            return outcome.actions + self.reply(to: client, requestID: requestID, result: WireJSON.encode(OKReply(Empty())), after: outcome.instances, now: now)
        case .touch:
            let body = try envelope.decodeBody(TouchRequest.self)
            var instance = try self.parentAppTouchable(device: body.device)
            if instance == nil { instance = try self.touchable(device: body.device, action: "touch") }
            guard let instance else { return [] }
            return self.userTouch(TouchBody(instance: instance.id, payload: body.payload ?? .null), on: instance, client: client, requestID: requestID, now: now)
        case .tap:
            let body = try envelope.decodeBody(TapRequest.self)
            _ = try ControlRange.entryID.check(body.entry, "entry")
            return try self.tap(body, client: client, requestID: requestID, now: now)
        case .chevron:
            let body = try envelope.decodeBody(DeviceRequest.self)
            _ = try self.world.device(body.device)
            guard let instanceID = self.screens.presented[body.device], let instance = self.screens[instanceID], instance.phase == .active else {
                throw .control(.invalidState, "no app is open on \(body.device)")
            }
            let style: PresentationStyle = instance.style == .compact ? .expanded : .compact
            return self.transition(instanceID, to: style, now: now)
                + self.reply(to: client, requestID: requestID, result: WireJSON.encode(OKReply(OpenResult(instance: instanceID, presentationStyle: style))), after: [instanceID], now: now)
        case .show:
            let body = try envelope.decodeBody(ShowRequest.self)
            let device = try self.world.device(body.device)
            if let conversation = body.conversation { _ = try self.memberConversation(conversation, of: device, readOnly: true) }
            let outcome = self.show(device: device.id, conversation: body.conversation, now: now)
            return outcome.actions + self.reply(to: client, requestID: requestID, result: WireJSON.encode(OKReply(Empty())), after: outcome.instances, now: now)
        case .typeText, .send, .cancel, .inputField:
            return try self.inputFieldCommand(command, envelope: envelope, client: client, requestID: requestID, now: now)
        case .delivery:
            let body = try envelope.decodeBody(DeliveryRequest.self)
            _ = try self.world.device(body.device)
            var rule = self.world.deliveryRules[body.device] ?? DeliveryRule()
            if let latency = body.latencyMs { rule.latencyMs = try ControlRange.latencyMs.check(latency, "latencyMs") }
            if let hold = body.hold { rule.hold = hold }
            return ok(Empty(), self.world.applying([.deliveryRuleChanged(device: body.device, rule)]))
        case .release:
            let (released, actions) = try self.release(try envelope.decodeBody(ReleaseRequest.self), now: now)
            let affected = Set(self.waitingInstances())
            return actions + self.reply(to: client, requestID: requestID, result: WireJSON.encode(OKReply(ReleaseResult(released: released))), after: affected, now: now)
        case .contact:
            let body = try envelope.decodeBody(ContactRequest.self)
            return ok(Empty(), try self.world.nameContact(body.person, on: body.device, name: body.name))
        case .keep:
            let body = try envelope.decodeBody(KeepRequest.self)
            _ = try ControlRange.entryID.check(body.entry, "entry")
            _ = try self.world.device(body.device)
            guard var entry = self.world.entry(body.entry, device: body.device, conversation: body.conversation) else {
                throw .control(.notFound, "no entry \(body.entry) in \(body.conversation) on \(body.device)")
            }
            entry.kept = true
            return ok(Empty(), self.world.applying([.transcriptEntryChanged(device: body.device, conversation: body.conversation, entry)]))
        case .transcript:
            let body = try envelope.decodeBody(TranscriptRequest.self)
            let limit = try ControlRange.transcriptLimit.check(body.limit ?? TranscriptRequest.defaultLimit, "limit")
            if let before = body.before { _ = try ControlRange.entryID.check(before, "before") }
            return ok(try self.transcript(device: body.device, conversation: body.conversation, before: body.before, limit: limit))
        case .settle, .advanceClock, .reset, .subscribe:
            return try self.supervisionCommand(command, envelope: envelope, client: client, requestID: requestID, now: now)
        case .view:
            return ok(try self.viewResult(try envelope.decodeBody(ViewRequest.self)))
        case .activate:
            return try self.activate(try envelope.decodeBody(ActivateRequest.self), client: client, requestID: requestID, now: now)
        case .addMember, .removeMember:
            return try self.memberCommand(command, try envelope.decodeBody(MemberRequest.self), client: client, requestID: requestID, now: now)
        case .stickers, .chooseSticker:
            return try self.stickerCommand(command, envelope: envelope, client: client, requestID: requestID, now: now)
        case .wireTap, .metrics, .file, .held:
            return try self.observationCommand(command, envelope: envelope, client: client, requestID: requestID, now: now)
        case .openParentApp, .closeParentApp, .composeSheet, .compose:
            return try self.parentAppCommand(command, envelope: envelope, client: client, requestID: requestID, now: now)
        case .events:
            let body = try envelope.decodeBody(EventsRequest.self)
            if let after = body.after { _ = try ControlRange.eventSequence.check(after, "after") }
            return ok(EventsResult(events: self.events.after(body.after), next: self.events.nextSeq - 1))
        }
    }

    func requireApp(_ bundleID: String) throws(WireError) {
        guard self.apps[bundleID] != nil else {
            let known = self.apps.keys.sorted().joined(separator: ", ")
            throw .control(.notFound, "no app \"\(bundleID)\" (apps with a manifest: \(known.isEmpty ? "none" : known))")
        }
    }

    private func status(now: Instant) -> StatusResult {
        let extensions = self.processes.all
            .sorted { ($0.device, $0.app, $0.launchID) < ($1.device, $1.app, $1.launchID) }
            .map {
                StatusResult.ExtensionStatus(
                    device: $0.device, app: $0.app, pid: $0.pid, state: $0.stateName, instances: $0.instanceIDs,
                    uptimeMs: now.milliseconds(since: $0.launchedAt), memoryBytes: $0.memoryBytes, attached: $0.attached ? true : nil,
                    role: $0.role == .parentApp ? ProcessRole.parentApp.rawValue : nil)
            }
        return StatusResult(
            daemon: .init(pid: self.daemonPID, protocol: WireVersion.major, startedAt: self.startedAt.milliseconds,
                          uptimeMs: now.milliseconds(since: self.startedAt), clock: self.settings.manualClock ? "manual" : "system"),
            extensions: extensions,
            counters: self.counters,
            quarantined: self.processes.quarantined.sorted().map(\.description))
    }

    /// The user opens `app` from the drawer of `device` in `conversation`: compact, cold start
    /// order (SPEC §3); a no-op if it is already open there.
    private mutating func open(_ request: OpenRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(request.device)
        let conversation = try self.memberConversation(request.conversation, of: device)
        try self.requireApp(request.app)
        guard device.platform.runsExtensions else {
            throw .control(.invalidState, "\(device.id) runs \(device.platform.rawValue), which has no iMessage apps")
        }
        guard let install = self.world.install(device: device.id, app: request.app) else {
            throw .control(.notFound, "\(request.app) is not installed on \(device.id)")
        }
        try self.requireNotQuarantined(device: device.id, app: request.app)
        let result = { (instance: String, style: PresentationStyle) in WireJSON.encode(OKReply(OpenResult(instance: instance, presentationStyle: style))) }
        if let current = self.screens.presented[device.id], let instance = self.screens[current], instance.phase == .active,
           instance.app == request.app, instance.conversation == conversation.id {
            return self.reply(to: client, requestID: requestID, result: result(current, instance.style), after: [current], now: now)
        }
        let (instanceID, outcome) = self.launchMain(app: self.apps[request.app]!, install: install, device: device.id, conversation: conversation.id, style: .compact, selectedEntry: nil, now: now)
        return outcome.actions + self.reply(to: client, requestID: requestID, result: result(instanceID, .compact), after: outcome.instances, now: now)
    }

    /// Instances with callbacks queued or in flight.
    func waitingInstances() -> [String] { self.screens.busy }

    /// One page of a device's transcript as its owner sees it: the newest `limit` entries
    /// older than `before`, each with its `index` in the whole transcript.
    private func transcript(device deviceID: String, conversation conversationID: String, before: Int?, limit: Int) throws(WireError) -> TranscriptResult {
        let device = try self.world.device(deviceID)
        let conversation = try self.memberConversation(conversationID, of: device, readOnly: true)
        let page = self.world.transcriptPage(device: device.id, conversation: conversation.id, before: before, limit: limit)
        let entries = page.entries.enumerated().compactMap { offset, entry in self.entryValue(entry, index: page.olderCount + offset, device: device) }
        return TranscriptResult(entries: entries, more: page.more, olderCount: page.olderCount)
    }
}
