import HashTreeCollections
import MsgHostProtocol

/// The answers to the control requests that read the world and the daemon without changing
/// them (PROTOCOL.md §7, §7.1): a read-only view of the machine's parts, so that no reading
/// can change anything, and the machine only wraps what it answers in a reply.
///
/// The wire tap, `metrics` and `file` are answered by the shell: it alone sees the frames as
/// they cross the socket, keeps the metrics, and owns the files. Here their bodies are only
/// checked and handed over (`HostAction.serveControl`), so a bad request is refused the same
/// way as any other.
struct Observer {
    /// What a request is answered with: a result, or the shell's to serve.
    enum Answer {
        case result(ControlResult)
        case shell(ShellControlRequest)
    }

    let world: World
    let apps: [String: AppDescriptor]
    let processes: ProcessTable
    let screens: Screens
    let events: EventLog
    let counters: Counters
    let settings: HostSettings
    let daemonPID: Int
    let startedAt: Instant
    let rendering: Rendering

    func answer(_ request: ObservationRequest, now: Instant) throws(WireError) -> Answer {
        switch request {
        case .status:
            return .result(.status(self.status(now: now)))
        case .world:
            return .result(
                .world(
                    WorldResult(
                        people: self.world.people.values.sorted { $0.handle < $1.handle },
                        devices: self.world.devices.values.sorted { $0.id < $1.id },
                        conversations: self.world.conversations.values.sorted { $0.id < $1.id },
                        apps: self.apps.values.sorted { $0.bundleID < $1.bundleID },
                        installs: self.world.installs.values.sorted { ($0.device, $0.app) < ($1.device, $1.app) })))
        case .participants(let body):
            guard let install = self.world.install(device: body.device, app: body.app) else {
                throw .control(.notFound, "\(body.app) is not installed on \(body.device)")
            }
            let entries = self.world.people.keys.sorted().map {
                ParticipantsResult.Entry(person: $0, identifier: self.world.identifier(install: install.id, person: $0))
            }
            return .result(.participants(ParticipantsResult(install: install, participants: entries)))
        case .transcript(let body):
            let limit = try ControlRange.transcriptLimit.check(body.limit ?? TranscriptRequest.defaultLimit, "limit")
            if let before = body.before { _ = try ControlRange.entryID.check(before, "before") }
            return .result(
                .transcript(
                    try self.transcript(
                        device: body.device, conversation: body.conversation, before: body.before, limit: limit)))
        case .events(let body):
            if let after = body.after { _ = try ControlRange.eventSequence.check(after, "after") }
            return .result(.events(EventsResult(events: self.events.after(body.after), next: self.events.nextSeq - 1)))
        case .view(let body):
            return .result(.view(try self.view(body)))
        case .wireTap:
            return .shell(.wireTap)
        case .metrics:
            return .shell(.metrics)
        case .file(let body):
            guard !body.url.isEmpty, body.url.utf8.count <= 4096 else {
                throw .control(.invalidRequest, "url must be 1 to 4,096 bytes")
            }
            return .shell(.file(url: body.url))
        }
    }

    private func status(now: Instant) -> StatusResult {
        let extensions = self.processes.all
            .sorted { ($0.device, $0.app, $0.launchID) < ($1.device, $1.app, $1.launchID) }
            .map {
                StatusResult.ExtensionStatus(
                    device: $0.device, app: $0.app, pid: $0.pid, state: $0.stateName, instances: $0.instanceIDs,
                    uptimeMs: now.milliseconds(since: $0.launchedAt), memoryBytes: $0.memory.bytes,
                    attached: $0.attached ? true : nil,
                    role: $0.role == .parentApp ? ProcessRole.parentApp.rawValue : nil)
            }
        let daemon = StatusResult.Daemon(
            pid: self.daemonPID, protocol: WireVersion.major, startedAt: self.startedAt.milliseconds,
            uptimeMs: now.milliseconds(since: self.startedAt), clock: self.settings.manualClock ? "manual" : "system")
        return StatusResult(
            daemon: daemon, extensions: extensions, counters: self.counters.byName,
            quarantined: self.processes.quarantined.sorted().map(\.description))
    }

    /// One page of a device's transcript as its owner sees it: the newest `limit` entries
    /// older than `before`, each with its `index` in the whole transcript.
    func transcript(device deviceID: String, conversation conversationID: String, before: Int?, limit: Int)
        throws(WireError) -> TranscriptResult
    {
        let device = try self.world.device(deviceID)
        let conversation = try self.world.memberConversation(conversationID, of: device, readOnly: true)
        return try reading(
            self.transcriptPage(device: device, conversation: conversation.id, before: before, limit: limit))
    }

    private func transcriptPage(device: Device, conversation: String, before: Int?, limit: Int)
        throws(HistoryUnreadable) -> TranscriptResult
    {
        let page = try self.world.transcriptPage(
            device: device.id, conversation: conversation, before: before, limit: limit)
        var entries: [TranscriptEntryValue] = []
        for (offset, entry) in page.entries.enumerated() {
            if let value = try self.rendering.entryValue(entry, index: page.olderCount + offset, device: device) {
                entries.append(value)
            }
        }
        return TranscriptResult(entries: entries, more: page.more, olderCount: page.olderCount)
    }

    /// `inputField`: what the field holds, its staged item as the device shows it.
    func inputField(_ body: InputFieldRequest) throws(WireError) -> InputFieldResult {
        let (device, conversation, field) = try self.world.field(device: body.device, conversation: body.conversation)
        return InputFieldResult(
            text: field.text,
            staged: field.staged.map { self.rendering.stagedValue($0, device: device, conversation: conversation.id) })
    }

    /// `view`: the app open on the device and its view; all null when none is open.
    private func view(_ request: ViewRequest) throws(WireError) -> ViewResult {
        _ = try self.world.device(request.device)
        guard let instanceID = self.screens.presented[request.device], let instance = self.screens[instanceID],
            instance.isActive
        else {
            return ViewResult()
        }
        return ViewResult(
            app: instance.app, instance: instanceID, presentationStyle: instance.style, view: instance.view.current)
    }

    /// What `release` would deliver to `device`, in arrival order (delivery ids grow in the
    /// order messages were sent, whatever their latency: the order `release` uses).
    func heldMessages(device: String) throws(HistoryUnreadable) -> [HeldResult.Message] {
        try self.world.deliveries.held(for: device).compactMapping { delivery throws(HistoryUnreadable) in
            guard let stored = try self.world.message(delivery.messageID) else { return nil }
            var text: String?
            if case .text(let value) = stored.content { text = value }
            return HeldResult.Message(
                id: stored.id, conversation: stored.conversation, sender: stored.sender, sentAt: stored.sentAt,
                kind: stored.content.kindName, text: text)
        }
    }
}
