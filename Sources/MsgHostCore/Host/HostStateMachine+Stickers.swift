import MsgHostProtocol

/// The sticker drawer (PROTOCOL.md §4.11): the user opens it over the app open on a device
/// (`stickers`), the host asks the app for its stickers and checks them, and the user picks
/// one (`chooseSticker`): tapped into the input field, or peeled onto a bubble, which sends it.
/// `StickerDrawer` holds the rules and `Screens+Answers` the app's answer; this routes the
/// user's requests to them, and sends a sticker peeled onto a bubble.
extension HostStateMachine {
    mutating func stickerCommand(_ request: StickerControlRequest, to: ControlRequestRef, now: Instant)
        throws(WireError) -> [HostAction]
    {
        switch request {
        case .stickers(let body):
            let instance = try self.touchable(device: body.device, action: "show stickers of")
            self.screens[instance.id]?.drawer = try StickerDrawer.open(
                replacing: instance.drawer, app: instance.app, device: body.device)
            return self.enqueue(
                [(.stickers, OutboundBody.instance(InstanceBody(instance: instance.id)))], on: instance.id, now: now)
                + self.reply(to: to, answer: .stickerDrawer(instance: instance.id), after: [instance.id], now: now)
        case .choose(let body):
            return try self.chooseSticker(body, to: to, now: now)
        }
    }

    /// The app answered `stickers` (`Screens.stickersAnswered`).
    mutating func stickersAnswered(instanceID: String, failure: WireError?, _ answer: StickersResult?, now: Instant)
        -> [HostAction]
    {
        switch self.screens.stickersAnswered(
            instanceID, failure: failure, answer, causes: self.sessions.activeCauses, outbox: &self.outbox, now: now)
        {
        case .done(let actions):
            return actions
        case .check(let pending):
            return self.checkDrawerFiles(pending)
        }
    }

    /// The drawer waits, parked, while the shell looks at its stickers' files.
    private mutating func checkDrawerFiles(_ pending: PendingDrawer) -> [HostAction] {
        let token = self.inspections.park(.drawer(pending))
        self.screens.drawerChecking(pending.instanceID, token: token)
        return [.inspectFiles(token: token, pending.candidates.map(\.fileCheck), alternateFilename: nil)]
    }

    /// `chooseSticker`: into the input field (as a tap in the drawer), or peeled onto a bubble,
    /// which Messages sends at once. Either way the sticker is the app's (its install sent it);
    /// the app is not told, as on iOS.
    private mutating func chooseSticker(_ request: ChooseStickerRequest, to: ControlRequestRef, now: Instant)
        throws(WireError) -> [HostAction]
    {
        _ = try ControlRange.stickerIndex.check(Int64(request.sticker), "sticker")
        if let onto = request.onto { _ = try ControlRange.entryID.check(Int64(onto), "onto") }
        let instance = try self.touchable(device: request.device, action: "choose a sticker from")
        let sticker = try StickerDrawer.sticker(
            request.sticker, in: instance.drawer, app: instance.app, device: request.device)
        guard let onto = request.onto else {
            return try reading(self.stage(sticker.content, from: instance, now: now))
                + [
                    self.outbox.controlReply(
                        to: to.client, requestID: to.requestID,
                        .ok(.chosenSticker(ChooseStickerResult(messageID: nil))), now: now)
                ]
        }
        guard
            let entry = try reading(
                self.world.entry(onto, device: instance.device, conversation: instance.conversation))
        else {
            throw .control(
                .notFound,
                "no entry \(onto) in \(instance.conversation) on \(instance.device) to peel the sticker onto (see `transcript`)"
            )
        }
        let (stored, actions) = try reading(
            self.dispatch(
                sticker.peeled(onto: entry.messageID), app: instance.app, install: instance.installID,
                from: instance.device, conversation: instance.conversation, now: now))
        return actions
            + self.reply(to: to, .chosenSticker(ChooseStickerResult(messageID: stored.id)), after: [], now: now)
    }
}
