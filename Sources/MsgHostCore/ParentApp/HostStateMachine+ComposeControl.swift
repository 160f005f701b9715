import HashTreeCollections
import MsgHostProtocol

/// The user's side of the parent app and its sheet, over control (PROTOCOL.md §7):
/// `openParentApp`, `closeParentApp`, `composeSheet` (what the sheet shows) and `compose`
/// (Send or Cancel). No request of the app itself can finish a sheet.
extension HostStateMachine {
    mutating func parentAppCommand(_ request: ParentAppControlRequest, to: ControlRequestRef, now: Instant)
        throws(WireError) -> [HostAction]
    {
        switch request {
        case .open(let body):
            return try self.openParentApp(body, to: to, now: now)
        case .close(let body):
            return try self.closeParentAppCommand(body, to: to, now: now)
        case .composeSheet(let body):
            return self.ok(.composeSheet(try self.composeSheet(device: body.device)), to: to, now: now)
        case .compose(let body):
            return try self.compose(body, to: to, now: now)
        }
    }

    /// `composeSheet`: what the device's sheet shows, its message as the device's owner sees it.
    private func composeSheet(device deviceID: String) throws(WireError) -> ComposeSheetResult {
        let device = try self.world.device(deviceID)
        return self.parentApps.shown(on: device.id) { self.rendering.stagedValue($0, device: device, conversation: "") }
    }

    /// `compose`: the user taps Send or Cancel. Send goes to the conversation whose members
    /// are exactly the device's owner and the recipients, the oldest by id if several, or a
    /// new one (ours, as Messages does). A recipient with no iMessage account (no person of
    /// the world) fails the sheet (`failed`, nothing stored), as Messages' "Not Delivered".
    private mutating func compose(_ request: ComposeRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let device = try self.world.device(request.device)
        let people = self.world.people
        let (sheet, finishing) = try self.parentApps.finishing(
            request.action, device: device.id, isPerson: { people[$0] != nil })
        func answer(_ actions: [HostAction], _ result: ComposeResult, waitingAlso: [String] = []) -> [HostAction] {
            actions + self.reply(to: to, .compose(result), after: Set([sheet.instanceID] + waitingAlso), now: now)
        }
        switch finishing {
        case .unsent(let result, let reason):
            _ = self.parentApps.finish(device: device.id)
            return answer(self.sheetFinished(sheet, result.result, reason: reason, now: now), result)
        case .send:
            let (conversation, changes) = try self.world.conversation(
                of: [device.owner] + sheet.recipients, newID: { self.ids.makeUUID() })
            _ = self.parentApps.finish(device: device.id)
            var actions: [HostAction] = changes.isEmpty ? [] : [.persist(changes)]
            for message in sheet.messages {
                actions += try reading(
                    self.dispatch(
                        message.content, app: message.app, install: message.install, from: device.id,
                        conversation: conversation, now: now
                    ).1)
            }
            actions += self.sheetFinished(sheet, .sent, reason: "to \(conversation)", now: now)
            return answer(
                actions, ComposeResult(result: .sent, conversation: conversation), waitingAlso: self.waitingInstances())
        }
    }
}
