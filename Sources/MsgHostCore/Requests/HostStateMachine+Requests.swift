import HashTreeCollections
import MsgHostProtocol

/// The extension's requests that put something in a conversation (SPEC §4): `send*` goes at
/// once if Messages allows it, `insert*` stages it in the input field.
extension HostStateMachine {
    mutating func contentRequest(_ request: InboundRequest, process: ExtensionProcess, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let type = request.type
        let body = try request.body.get()
        let instance = try self.screens.mayPut(
            type, from: body.instance ?? "", of: process, now: now, windowMs: self.settings.interactionWindowMs)
        switch try ContentRequest.read(body, type: type, buffers: request.buffers) {
        case .ready(let content):
            return try reading(
                self.complete(type, content: content, instance: instance, requestID: request.id, now: now))
        case .parked(let content, let checks, let alternateFilename):
            let pending = PendingRequest(
                launchID: process.launchID, instanceID: instance.id, requestID: request.id, type: type, content: content
            )
            return try reading(self.park(pending, checks: checks, alternateFilename: alternateFilename, now: now))
        }
    }

    mutating func park(_ request: PendingRequest, checks: [FileCheck], alternateFilename: String?, now: Instant)
        throws(HistoryUnreadable) -> [HostAction]
    {
        if checks.isEmpty { return try self.filesChecked(request, results: [], now: now) }
        let parked = self.screens.parking(request, causes: self.sessions.activeCauses)
        return [
            .inspectFiles(token: self.inspections.park(.request(parked)), checks, alternateFilename: alternateFilename)
        ]
    }

    /// The shell looked at a request's files (one result per check, in order).
    mutating func handleFilesInspected(token: Int, results: [FileCheckResult], now: Instant) throws(HistoryUnreadable)
        -> [HostAction]
    {
        guard let parked = self.inspections.take(token) else { return [] }
        return try self.withCauses(parked.causes) { (machine: inout HostStateMachine) throws(HistoryUnreadable) in
            switch parked {
            case .drawer(let drawer):
                machine.screens.drawerFilesChecked(
                    drawer, token: token, results: results, outbox: &machine.outbox, now: now)
            case .request(let request) where request.isView:
                machine.viewFilesChecked(request, results: results, now: now)
            case .request(let request): try machine.filesChecked(request, results: results, now: now)
            }
        }
    }

    mutating func filesChecked(_ request: PendingRequest, results: [FileCheckResult], now: Instant)
        throws(HistoryUnreadable) -> [HostAction]
    {
        guard let process = self.processes[request.launchID], let route = process.route,
            let instance = self.screens[request.instanceID]
        else { return [] }
        let files: [StoredFile]
        switch FileCheckResult.files(results) {
        case .success(let accepted): files = accepted
        case .failure(let error):
            self.screens.failed(request)
            return self.outbox.requestRefused(
                request.type, error, process: process, route: route, instance: instance, requestID: request.requestID,
                now: now)
        }
        // A view: `viewFilesChecked` takes it.
        guard let content = request.content.content(with: files) else { return [] }
        if case .sheet(let recipients, let body) = request.holding {
            return self.presentSheet(
                recipients: recipients, body: body, content: content, instance: instance,
                requestID: request.requestID, now: now)
        }
        return try self.complete(
            request.type, content: content, instance: instance, requestID: request.requestID, now: now)
    }

    /// Sends or stages accepted content, replies, and (for a sent message) `didStartSending`.
    ///
    /// Reply first: the reply follows the change it acknowledges (`.persist`) and
    /// comes before everything else the send leads to — its arrival on other devices, their
    /// callbacks, `didStartSending` — so the shell writes and sends it before it writes those.
    private mutating func complete(
        _ type: RequestType, content: MessageContent, instance: Instance, requestID: String, now: Instant
    ) throws(HistoryUnreadable) -> [HostAction] {
        guard let process = self.processes[instance.launchID], let route = process.route else { return [] }
        let isSend = type.isDirectSend
        var effects: [HostAction] = []
        var reply = OutboundBody.ok
        var sent: StoredMessage?
        if isSend {
            self.screens.sent(from: instance.id)
            self.outbox.count(.sendsAccepted)
            let (stored, dispatched) = try self.dispatch(
                content, app: instance.app, install: instance.installID, from: instance.device,
                conversation: instance.conversation, now: now)
            effects = dispatched
            if case .app = content {
                reply = .sent(self.rendering.messageValue(stored, for: instance.installID))
                sent = stored
            }
        } else {
            effects = self.stage(content, from: instance, now: now)
            if case .app = content {
                let owner = self.world.devices[instance.device]?.owner ?? ""
                let stored = StoredMessage.staged(
                    content, app: instance.app, install: instance.installID, device: instance.device, owner: owner,
                    conversation: instance.conversation, at: now.milliseconds)
                var message = self.rendering.messageValue(stored, for: instance.installID)
                message.isPending = true
                reply = .sent(message)
            }
        }
        let send = self.outbox.extensionReply(to: route, replyTo: requestID, reply, key: process.token, now: now)
        let stored = effects.prefix { if case .persist = $0 { true } else { false } }
        var actions = Array(stored) + [send] + effects.dropFirst(stored.count)
        if let sent {
            actions += self.enqueue(
                [try self.rendering.messageCallback(.didStartSending, sent, to: instance)], on: instance.id, now: now)
        }
        return actions
    }

    /// `requestPresentationStyle`: transcript is refused (Apple raises); from a live bubble,
    /// expanded acts like tapping that bubble; otherwise a transition.
    mutating func presentationRequest(_ body: PresentationStyleBody, process: ExtensionProcess, now: Instant)
        throws(WireError) -> [HostAction]
    {
        let instance = try self.screens.instance(body.instance, of: process)
        guard body.presentationStyle != .transcript else {
            throw .protocolError(.invalidBody, "Cannot request transition to transcript presentation style")
        }
        guard instance.style == .transcript else {
            return self.transition(instance.id, to: body.presentationStyle, now: now)
        }
        guard let entry = instance.liveEntry, let install = self.world.installs[instance.installID],
            let app = self.apps[instance.app]
        else { return [] }
        if let open = self.screens.activeMain(
            device: instance.device, app: instance.app, conversation: instance.conversation)
        {
            return try reading(self.select(entry, on: open.id, now: now))
                + (body.presentationStyle == .compact ? self.transition(open.id, to: .compact, now: now) : [])
        }
        return try reading(
            self.launchMain(
                app: app, install: install, device: instance.device, conversation: instance.conversation,
                style: body.presentationStyle, selectedEntry: entry, now: now
            ).1.actions)
    }

    /// `dismiss`: the main instance resigns, as when the user closes the app.
    mutating func dismissRequest(_ body: InstanceBody, process: ExtensionProcess, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let instance = try self.screens.instance(body.instance, of: process)
        guard instance.style != .transcript else { return [] }  // a no-op for live bubbles, as in Messages
        return try reading(self.resign(instance.id, now: now).actions)
    }
}
