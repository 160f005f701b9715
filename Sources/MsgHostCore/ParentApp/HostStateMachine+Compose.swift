import HashTreeCollections
import MsgHostProtocol

/// The compose sheet (`MFMessageComposeViewController`, WWDC 2017 "Best Practices"): the
/// parent app presents it with recipients, text and an `MSMessage`; only the user sends or
/// cancels it (control `compose`), and the app learns which through
/// `messageComposeDidFinish`. A sent bubble is the app's own: stored and delivered exactly as
/// one its extension staged on that device and the user sent (per-install identifiers,
/// `$uuid` tokens, fallbacks), under the device's install of the app. `ParentApps` holds the
/// sheet's rules; this routes the app's request to it.
extension HostStateMachine {
    /// A request from a parent app's connection, or a parent app's request from an extension's.
    mutating func parentAppRequest(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant)
        throws(WireError) -> [HostAction]
    {
        try ParentApps.checkRequest(request.type, from: process.role)
        do {
            return try self.presentMessageCompose(request, process: process, now: now)
        } catch  where error.domain != ProtocolErrorCode.domain && error.unreadable == nil {
            let instance = request.instance.flatMap { self.screens[$0] }
            return self.outbox.requestRefused(
                request.type, error, process: process, route: route, instance: instance, requestID: request.id, now: now
            )
        }
    }

    /// `presentMessageCompose`: checked as the app's extension's `insertMessage` would be
    /// (the message, its files), and the sheet goes up once its files are in the store.
    private mutating func presentMessageCompose(_ request: InboundRequest, process: ExtensionProcess, now: Instant)
        throws(WireError) -> [HostAction]
    {
        let body = try request.decoded(PresentMessageComposeBody.self)
        let instance = try self.screens.instance(body.instance, of: process)
        try ParentApps.checkRecipients(body.recipients, owner: self.world.devices[instance.device]?.owner)
        if let refusal = self.parentApps.refusal(instanceID: instance.id, device: instance.device) {
            throw refusal.error(app: instance.app, device: instance.device)
        }
        guard let message = body.message else {
            return self.presentSheet(
                recipients: body.recipients, body: body.body, content: nil, instance: instance, requestID: request.id,
                now: now)
        }
        let (content, checks) = try PendingRequest.Content.message(message, buffers: request.buffers)
        var pending = PendingRequest(
            launchID: process.launchID, instanceID: instance.id, requestID: request.id, type: .presentMessageCompose,
            content: content)
        pending.holding = .sheet(recipients: body.recipients, body: body.body)
        return try reading(self.park(pending, checks: checks, alternateFilename: nil, now: now))
    }

    /// Puts the sheet up (checked again: another may have gone up while files were looked at).
    mutating func presentSheet(
        recipients: [String], body: String?, content: MessageContent?, instance: Instance, requestID: String,
        now: Instant
    ) -> [HostAction] {
        guard let process = self.processes[instance.launchID], let route = process.route else { return [] }
        let sheet = ParentApps.Sheet(
            device: instance.device, app: instance.app, installID: instance.installID, instanceID: instance.id,
            recipients: recipients, body: body, content: content, presentedAt: now)
        do {
            try self.parentApps.present(sheet)
        } catch {
            let refusal = error.error(app: instance.app, device: instance.device)
            return self.outbox.requestRefused(
                .presentMessageCompose, refusal, process: process, route: route, instance: instance,
                requestID: requestID, now: now)
        }
        let event = self.outbox.record(
            .composePresented, now: now, device: instance.device, app: instance.app, instance: instance.id,
            detail: sheet.summary)
        let reply = self.outbox.extensionReply(to: route, replyTo: requestID, .ok, key: process.token, now: now)
        return [event, reply]
    }

    /// The sheet is finished: an event, and `messageComposeDidFinish` to the app.
    mutating func sheetFinished(_ sheet: ParentApps.Sheet, _ result: MessageComposeResult, reason: String, now: Instant)
        -> [HostAction]
    {
        let event = self.outbox.record(
            .composeFinished, now: now, device: sheet.device, app: sheet.app, instance: sheet.instanceID,
            name: result.rawValue, detail: reason)
        let body = OutboundBody.encoding(MessageComposeDidFinishBody(instance: sheet.instanceID, result: result))
        return [event] + self.enqueue([(.messageComposeDidFinish, body)], on: sheet.instanceID, now: now)
    }
}
