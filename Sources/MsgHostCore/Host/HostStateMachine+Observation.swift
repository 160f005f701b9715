import HashTreeCollections
import MsgHostProtocol

/// The control requests that read the world and the daemon without changing them (PROTOCOL.md
/// §7, §7.1), and what the shell's wire tap asks of the machine.
///
/// The wire tap, `metrics` and `file` are answered by the shell: it alone sees the frames as
/// they cross the socket, keeps the metrics, and owns the files. The machine only checks their
/// bodies and hands them over (`HostAction.serveControl`), so a bad request is refused the
/// same way as any other.
extension HostStateMachine {
    mutating func observe(_ request: ObservationRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .status:
            return self.ok(.status(self.status(now: now)), to: to, now: now)
        case .world:
            return self.ok(.world(WorldResult(
                people: self.world.people.values.sorted { $0.handle < $1.handle },
                devices: self.world.devices.values.sorted { $0.id < $1.id },
                conversations: self.world.conversations.values.sorted { $0.id < $1.id },
                apps: self.apps.values.sorted { $0.bundleID < $1.bundleID },
                installs: self.world.installs.values.sorted { ($0.device, $0.app) < ($1.device, $1.app) })), to: to, now: now)
        case .participants(let body):
            guard let install = self.world.install(device: body.device, app: body.app) else {
                throw .control(.notFound, "\(body.app) is not installed on \(body.device)")
            }
            let entries = self.world.people.keys.sorted().map { ParticipantsResult.Entry(person: $0, identifier: self.world.identifier(install: install.id, person: $0)) }
            return self.ok(.participants(ParticipantsResult(install: install, participants: entries)), to: to, now: now)
        case .transcript(let body):
            let limit = try ControlRange.transcriptLimit.check(body.limit ?? TranscriptRequest.defaultLimit, "limit")
            if let before = body.before { _ = try ControlRange.entryID.check(before, "before") }
            return self.ok(.transcript(try self.transcript(device: body.device, conversation: body.conversation, before: body.before, limit: limit)), to: to, now: now)
        case .events(let body):
            if let after = body.after { _ = try ControlRange.eventSequence.check(after, "after") }
            return self.ok(.events(EventsResult(events: self.events.after(body.after), next: self.events.nextSeq - 1)), to: to, now: now)
        case .view(let body):
            return self.ok(.view(try self.viewResult(body)), to: to, now: now)
        case .wireTap:
            return [.serveControl(client: to.client, requestID: to.requestID, .wireTap)]
        case .metrics:
            return [.serveControl(client: to.client, requestID: to.requestID, .metrics)]
        case .file(let body):
            guard !body.url.isEmpty, body.url.utf8.count <= 4096 else {
                throw .control(.invalidRequest, "url must be 1 to 4,096 bytes")
            }
            return [.serveControl(client: to.client, requestID: to.requestID, .file(url: body.url))]
        }
    }

    private func status(now: Instant) -> StatusResult {
        let extensions = self.processes.all
            .sorted { ($0.device, $0.app, $0.launchID) < ($1.device, $1.app, $1.launchID) }
            .map {
                StatusResult.ExtensionStatus(
                    device: $0.device, app: $0.app, pid: $0.pid, state: $0.stateName, instances: $0.instanceIDs,
                    uptimeMs: now.milliseconds(since: $0.launchedAt), memoryBytes: $0.memory.bytes, attached: $0.attached ? true : nil,
                    role: $0.role == .parentApp ? ProcessRole.parentApp.rawValue : nil)
            }
        return StatusResult(
            daemon: .init(pid: self.daemonPID, protocol: WireVersion.major, startedAt: self.startedAt.milliseconds,
                          uptimeMs: now.milliseconds(since: self.startedAt), clock: self.settings.manualClock ? "manual" : "system"),
            extensions: extensions,
            counters: self.counters,
            quarantined: self.processes.quarantined.sorted().map(\.description))
    }

    /// One page of a device's transcript as its owner sees it: the newest `limit` entries
    /// older than `before`, each with its `index` in the whole transcript.
    private func transcript(device deviceID: String, conversation conversationID: String, before: Int?, limit: Int) throws(WireError) -> TranscriptResult {
        let device = try self.world.device(deviceID)
        let conversation = try self.memberConversation(conversationID, of: device, readOnly: true)
        let page = self.world.transcriptPage(device: device.id, conversation: conversation.id, before: before, limit: limit)
        let entries = page.entries.enumerated().compactMap { offset, entry in self.rendering.entryValue(entry, index: page.olderCount + offset, device: device) }
        return TranscriptResult(entries: entries, more: page.more, olderCount: page.olderCount)
    }

    /// What `release` would deliver to `device`, in arrival order (delivery ids grow in the
    /// order messages were sent, whatever their latency: the order `release` uses).
    func heldMessages(device: String) -> [HeldResult.Message] {
        self.world.deliveries.held(for: device).compactMap { delivery in
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
            queued += instance.callbacks.waiting.count
            if instance.callbacks.inFlight != nil { inFlight += 1 }
        }
        let (held, delayed) = self.world.deliveries.depths
        return [
            ("callbacks_queued", queued), ("callbacks_in_flight", inFlight),
            ("held_deliveries", held), ("delayed_deliveries", delayed),
            ("parked_requests", self.pendingRequests.count),
            ("control_waiters", self.sessions.waiters.count + self.sessions.settleWaiters.count),
            ("event_followers", self.sessions.subscribers.count),
        ]
    }
}
