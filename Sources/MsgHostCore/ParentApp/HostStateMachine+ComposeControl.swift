import HashTreeCollections
import MsgHostProtocol

/// The user's side of the parent app and its sheet, over control (PROTOCOL.md §7):
/// `openParentApp`, `closeParentApp`, `composeSheet` (what the sheet shows) and `compose`
/// (Send or Cancel). No request of the app itself can finish a sheet.
extension HostStateMachine {
    mutating func parentAppCommand(_ request: ParentAppControlRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .open(let body):
            return try self.openParentApp(body, client: to.client, requestID: to.requestID, now: now)
        case .close(let body):
            return try self.closeParentAppCommand(body, client: to.client, requestID: to.requestID, now: now)
        case .composeSheet(let body):
            return self.ok(.composeSheet(try self.composeSheet(device: body.device)), to: to, now: now)
        case .compose(let body):
            return try self.compose(body, client: to.client, requestID: to.requestID, now: now)
        }
    }

    /// `composeSheet`: the parent app in the foreground of the device and its sheet, the
    /// message as the device shows it (pending, as a staged one).
    private func composeSheet(device deviceID: String) throws(WireError) -> ComposeSheetResult {
        let device = try self.world.device(deviceID)
        let sheet = self.parentApps.sheets[device.id].map { sheet in
            let message = sheet.content.map { content in
                self.rendering.stagedValue(StagedItem(app: sheet.app, install: sheet.installID, instance: sheet.instanceID, content: content, stagedAt: sheet.presentedAt.milliseconds),
                                 device: device, conversation: "")
            }
            return ComposeSheetResult.Sheet(app: sheet.app, recipients: sheet.recipients, body: sheet.body, message: message, presentedAt: sheet.presentedAt.milliseconds)
        }
        return ComposeSheetResult(parentApp: self.parentApps.foreground[device.id]?.app, sheet: sheet)
    }

    /// `compose`: the user taps Send or Cancel. Send goes to the conversation whose members
    /// are exactly the device's owner and the recipients, the oldest by id if several, or a
    /// new one (ours, as Messages does): the bubble first, then the text, as the input field
    /// sends them. A recipient with no iMessage account (no person of the world) fails the
    /// sheet (`failed`, nothing stored), as Messages' "Not Delivered".
    private mutating func compose(_ request: ComposeRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(request.device)
        guard let sheet = self.parentApps.sheets[device.id] else {
            throw .control(.invalidState, "no compose sheet is up on \(device.id)")
        }
        func answer(_ actions: [HostAction], _ result: ComposeResult, waitingAlso: [String] = []) -> [HostAction] {
            actions + self.reply(to: client, requestID: requestID, result: .compose(result), after: Set([sheet.instanceID] + waitingAlso), now: now)
        }
        switch request.action {
        case .cancel:
            _ = self.parentApps.finish(device: device.id)
            return answer(self.sheetFinished(sheet, .cancelled, reason: "cancelled by the user", now: now), ComposeResult(result: .cancelled))
        case .send:
            let text = sheet.body ?? ""
            guard sheet.content != nil || !text.isEmpty else {
                throw .control(.invalidState, "the compose sheet on \(device.id) is empty: nothing to send (cancel it)")
            }
            let unknown = sheet.recipients.filter { self.world.people[$0] == nil }
            guard unknown.isEmpty else {
                _ = self.parentApps.finish(device: device.id)
                let reason = "no iMessage account for \(unknown.joined(separator: ", ")): nothing was sent"
                return answer(self.sheetFinished(sheet, .failed, reason: reason, now: now), ComposeResult(result: .failed, reason: reason))
            }
            let (conversation, changes) = try self.composeConversation(owner: device.owner, recipients: sheet.recipients)
            _ = self.parentApps.finish(device: device.id)
            var actions: [HostAction] = changes.isEmpty ? [] : [.persist(changes)]
            if let content = sheet.content {
                actions += self.dispatch(content, app: sheet.app, install: sheet.installID, from: device.id, conversation: conversation, now: now).1
            }
            if !text.isEmpty {
                actions += self.dispatch(.text(text), app: nil, install: nil, from: device.id, conversation: conversation, now: now).1
            }
            actions += self.sheetFinished(sheet, .sent, reason: "to \(conversation)", now: now)
            return answer(actions, ComposeResult(result: .sent, conversation: conversation), waitingAlso: self.waitingInstances())
        }
    }

    /// The conversation of exactly `owner` and `recipients`, made if there is none.
    private mutating func composeConversation(owner: String, recipients: [String]) throws(WireError) -> (String, [WorldChange]) {
        let members = [owner] + recipients
        let wanted = Set(members)
        if let existing = self.world.conversations.values.filter({ Set($0.members) == wanted }).map(\.id).min() {
            return (existing, [])
        }
        let id = self.ids.makeUUID()
        return (id, try self.world.createConversation(id: id, members: members))
    }
}
