import MsgHostProtocol

/// The sticker drawer (PROTOCOL.md §4.11): the user opens it over the app open on a device
/// (`stickers`), the host asks the app for its stickers and checks them, and the user picks
/// one (`chooseSticker`): tapped into the input field, or peeled onto a bubble, which sends it.
/// `StickerDrawer` holds the rules; this routes the app's answer, the shell's checks and the
/// user's choice to it, and turns what it decides into actions.
extension HostStateMachine {
    mutating func stickerCommand(_ request: StickerControlRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .stickers(let body):
            let instance = try self.touchable(device: body.device, action: "show stickers of")
            self.screens[instance.id]?.drawer = try StickerDrawer.open(replacing: instance.drawer, app: instance.app, device: body.device)
            return self.enqueue([(.stickers, OutboundBody.instance(InstanceBody(instance: instance.id)))], on: instance.id, now: now)
                + self.reply(to: to.client, requestID: to.requestID, answer: .stickerDrawer(instance: instance.id), after: [instance.id], now: now)
        case .choose(let body):
            return try self.chooseSticker(body, client: to.client, requestID: to.requestID, now: now)
        }
    }

    /// The app answered `stickers`: the shell checks the files of those it offered.
    mutating func stickersAnswered(instanceID: String, failure: WireError?, _ answer: StickersResult?, now: Instant) -> [HostAction] {
        guard let instance = self.screens[instanceID],
              let next = self.screens[instanceID]?.drawer?.answered(by: instance.app, failure: failure, answer) else { return [] }
        guard case .check(let candidates, let rejected) = next else { return self.drawerLoaded(instance, now: now) }
        let token = self.inspections.park(.drawer(PendingDrawer(instanceID: instanceID, candidates: candidates, rejected: rejected, causes: self.sessions.activeCauses)))
        self.screens[instanceID]?.drawer?.checking(token: token)
        return [.inspectFiles(token: token, candidates.map(\.fileCheck), alternateFilename: nil)]
    }

    /// The shell looked at a drawer's files; a drawer opened again, or gone with its
    /// instance, no longer wants them.
    mutating func drawerFilesChecked(_ pending: PendingDrawer, token: Int, results: [FileCheckResult], now: Instant) -> [HostAction] {
        guard let instance = self.screens[pending.instanceID],
              self.screens[pending.instanceID]?.drawer?.filesChecked(pending, token: token, results: results) == true else { return [] }
        return self.drawerLoaded(instance, now: now)
    }

    private mutating func drawerLoaded(_ instance: Instance, now: Instant) -> [HostAction] {
        guard let summary = self.screens[instance.id]?.drawer?.summary else { return [] }
        return [self.outbox.record(.stickerDrawer, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                            instance: instance.id, detail: summary)]
    }

    /// `chooseSticker`: into the input field (as a tap in the drawer), or peeled onto a bubble,
    /// which Messages sends at once. Either way the sticker is the app's (its install sent it);
    /// the app is not told, as on iOS.
    private mutating func chooseSticker(_ request: ChooseStickerRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        _ = try ControlRange.stickerIndex.check(Int64(request.sticker), "sticker")
        if let onto = request.onto { _ = try ControlRange.entryID.check(Int64(onto), "onto") }
        let instance = try self.touchable(device: request.device, action: "choose a sticker from")
        let sticker = try StickerDrawer.sticker(request.sticker, in: instance.drawer, app: instance.app, device: request.device)
        guard let onto = request.onto else {
            return self.stage(sticker.content, from: instance, now: now)
                + [self.outbox.controlReply(to: client, requestID: requestID, .ok(.chosenSticker(ChooseStickerResult(messageID: nil))), now: now)]
        }
        guard let entry = self.world.entry(onto, device: instance.device, conversation: instance.conversation) else {
            throw .control(.notFound, "no entry \(onto) in \(instance.conversation) on \(instance.device) to peel the sticker onto (see `transcript`)")
        }
        let (stored, actions) = self.dispatch(sticker.peeled(onto: entry.messageID), app: instance.app, install: instance.installID,
                                              from: instance.device, conversation: instance.conversation, now: now)
        return actions + self.reply(to: client, requestID: requestID, result: .chosenSticker(ChooseStickerResult(messageID: stored.id)), after: [], now: now)
    }
}
