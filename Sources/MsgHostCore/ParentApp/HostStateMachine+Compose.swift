import HashTreeCollections
import MsgHostProtocol

/// The compose sheet (`MFMessageComposeViewController`, WWDC 2017 "Best Practices"): the
/// parent app presents it with recipients, text and an `MSMessage`; only the user sends or
/// cancels it (control `compose`), and the app learns which through
/// `messageComposeDidFinish`. A sent bubble is the app's own: stored and delivered exactly as
/// one its extension staged on that device and the user sent (per-install identifiers,
/// `$uuid` tokens, fallbacks), under the device's install of the app.
extension HostStateMachine {
    /// At most this many recipients on one sheet.
    static let maxComposeRecipients = 32

    /// A request from a parent app's connection, or a parent app's request from an extension's.
    mutating func parentAppRequest(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant) throws(WireError) -> [HostAction] {
        let type = request.type
        guard process.role == .parentApp else {
            throw .protocolError(.unknownType, "presentMessageCompose is a parent app's request (PROTOCOL.md §4.10); an extension stages a message with insertMessage")
        }
        guard type == .presentMessageCompose else {
            throw .protocolError(.unknownType, "\(type.rawValue) is not a request a parent app may send: it may send presentMessageCompose (PROTOCOL.md §4.10)")
        }
        do {
            return try self.presentMessageCompose(request, process: process, now: now)
        } catch where error.domain != ProtocolErrorCode.domain {
            let instance = request.instance.flatMap { self.screens[$0] }
            return self.refuseRequest(type, error, process: process, route: route, instance: instance, requestID: request.id, now: now)
        }
    }

    /// `presentMessageCompose`: checked as the app's extension's `insertMessage` would be
    /// (the message, its files), and the sheet goes up once its files are in the store.
    private mutating func presentMessageCompose(_ request: InboundRequest, process: ExtensionProcess, now: Instant) throws(WireError) -> [HostAction] {
        let body = try request.decoded(PresentMessageComposeBody.self)
        let instance = try self.instance(body.instance, of: process)
        let owner = self.world.devices[instance.device]?.owner
        guard (1...Self.maxComposeRecipients).contains(body.recipients.count) else {
            throw .protocolError(.invalidBody, "recipients: 1 to \(Self.maxComposeRecipients) handles; got \(body.recipients.count)")
        }
        for (index, recipient) in body.recipients.enumerated() {
            guard (1...256).contains(recipient.count) else { throw .protocolError(.invalidBody, "recipients[\(index)] must be 1 to 256 characters") }
            guard recipient != owner else { throw .protocolError(.invalidBody, "recipients[\(index)] is \(recipient), who owns the device and sends the message") }
        }
        if let refusal = self.parentApps.refusal(instanceID: instance.id, device: instance.device) {
            throw Self.composeError(refusal, instance)
        }
        guard let message = body.message else {
            return self.presentSheet(recipients: body.recipients, body: body.body, content: nil, instance: instance, requestID: request.id, now: now)
        }
        let (content, checks) = try PendingRequest.Content.message(message, buffers: request.buffers)
        var pending = PendingRequest(launchID: process.launchID, instanceID: instance.id, requestID: request.id, type: .presentMessageCompose, content: content)
        pending.compose = (body.recipients, body.body)
        return self.park(pending, checks: checks, alternateFilename: nil, now: now)
    }

    /// Puts the sheet up (checked again: another may have gone up while files were looked at).
    mutating func presentSheet(recipients: [String], body: String?, content: MessageContent?, instance: Instance, requestID: String, now: Instant) -> [HostAction] {
        guard let process = self.processes[instance.launchID], let route = process.route else { return [] }
        let sheet = ParentApps.Sheet(device: instance.device, app: instance.app, installID: instance.installID, instanceID: instance.id,
                                     recipients: recipients, body: body, content: content, presentedAt: now)
        do {
            try self.parentApps.present(sheet)
        } catch {
            return self.refuseRequest(.presentMessageCompose, Self.composeError(error, instance), process: process, route: route, instance: instance, requestID: requestID, now: now)
        }
        let event = self.record(.composePresented, now: now, device: instance.device, app: instance.app, instance: instance.id,
                                detail: "to \(recipients.joined(separator: ", "))" + (content == nil ? "" : " with a message"))
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .ok, key: process.token, now: now)
        return [event, reply]
    }

    static func composeError(_ refusal: ParentApps.Refusal, _ instance: Instance) -> WireError {
        switch refusal {
        case .notInForeground:
            .compose(.notInForeground, "\(instance.app) is not in the foreground of \(instance.device): the user closed it (openParentApp brings it back)")
        case .alreadyPresented:
            .compose(.composeAlreadyPresented, "a compose sheet is already up on \(instance.device): the user must send or cancel it first")
        }
    }

    /// The sheet is finished: an event, and `messageComposeDidFinish` to the app.
    mutating func sheetFinished(_ sheet: ParentApps.Sheet, _ result: MessageComposeResult, reason: String, now: Instant) -> [HostAction] {
        let event = self.record(.composeFinished, now: now, device: sheet.device, app: sheet.app, instance: sheet.instanceID, name: result.rawValue, detail: reason)
        let body = OutboundBody.encoding(MessageComposeDidFinishBody(instance: sheet.instanceID, result: result))
        return [event] + self.enqueue([(.messageComposeDidFinish, body)], on: sheet.instanceID, now: now)
    }
}
