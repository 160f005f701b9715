import MsgHostProtocol

/// The sticker drawer (PROTOCOL.md §4.11): the user opens it over the app open on a device
/// (`stickers`), the host asks the app for its stickers and checks them, and the user picks
/// one (`chooseSticker`): tapped into the input field, or peeled onto a bubble, which sends it.
extension HostStateMachine {
    mutating func stickerCommand(_ request: StickerControlRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .stickers(let body):
            let instance = try self.touchable(device: body.device, action: "show stickers of")
            if let drawer = instance.drawer, drawer.isLoading {
                throw .control(.invalidState, "the sticker drawer of \(instance.app) on \(body.device) is still loading")
            }
            self.screens[instance.id]?.drawer = StickerDrawer()
            return self.enqueue([(.stickers, OutboundBody.instance(InstanceBody(instance: instance.id)))], on: instance.id, now: now)
                + self.reply(to: to.client, requestID: to.requestID, answer: .stickerDrawer(instance: instance.id), after: [instance.id], now: now)
        case .choose(let body):
            return try self.chooseSticker(body, client: to.client, requestID: to.requestID, now: now)
        }
    }

    /// The app answered `stickers`: check the files of those it offered (or record why not).
    mutating func stickersAnswered(instanceID: String, failure: WireError?, _ answer: StickersResult?, now: Instant) -> [HostAction] {
        guard let instance = self.screens[instanceID], instance.drawer != nil else { return [] }
        func fail(_ error: WireError) -> [HostAction] {
            self.screens[instanceID]?.drawer?.state = .failed(error)
            return []
        }
        if let failure { return fail(.control(.extensionFailed, "\(instance.app) could not list its stickers: \(failure.description)")) }
        guard let answer else {
            return fail(.control(.extensionFailed, "\(instance.app) answered `stickers` without {\"stickers\": [{url, localizedDescription}…]}"))
        }
        guard answer.stickers.count <= StickerDrawer.maximumStickers else {
            return fail(.control(.extensionFailed, "\(instance.app) offered \(answer.stickers.count) stickers; a drawer takes at most \(StickerDrawer.maximumStickers)"))
        }
        let (candidates, rejected) = StickerDrawer.sort(answer.stickers)
        guard !candidates.isEmpty else { return self.drawerReady(instanceID, StickerDrawer.ready([], results: [], rejected: rejected), now: now) }
        self.nextRequestToken += 1
        let token = self.nextRequestToken
        self.pendingDrawers[token] = PendingDrawer(instanceID: instanceID, candidates: candidates, rejected: rejected, causes: self.sessions.activeCauses)
        self.screens[instanceID]?.drawer?.state = .checking(token: token)
        let checks = candidates.map { FileCheck(source: .url($0.sticker.url), purpose: .sticker) }
        return [.inspectFiles(token: token, checks, alternateFilename: nil)]
    }

    /// The shell looked at a drawer's files.
    mutating func drawerFilesChecked(_ pending: PendingDrawer, token: Int, results: [FileCheckResult], now: Instant) -> [HostAction] {
        // A drawer opened again, or gone with its instance, no longer wants these.
        guard case .checking(token)? = self.screens[pending.instanceID]?.drawer?.state else { return [] }
        return self.drawerReady(pending.instanceID, StickerDrawer.ready(pending.candidates, results: results, rejected: pending.rejected), now: now)
    }

    private mutating func drawerReady(_ instanceID: String, _ state: StickerDrawer.State, now: Instant) -> [HostAction] {
        guard let instance = self.screens[instanceID] else { return [] }
        self.screens[instanceID]?.drawer?.state = state
        guard case .ready(let shown, let rejected) = state else { return [] }
        return [self.record(.stickerDrawer, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                            instance: instanceID, detail: "\(shown.count) shown, \(rejected.count) left out")]
    }

    /// What `stickers` replies, once the drawer has loaded.
    func drawerResult(_ instanceID: String) -> Result<StickerDrawerResult, WireError> {
        guard let instance = self.screens[instanceID], let drawer = instance.drawer else {
            return .failure(.control(.invalidState, "the app closed before its sticker drawer loaded"))
        }
        switch drawer.state {
        case .ready(let shown, let rejected):
            let stickers = shown.map { StickerDrawerResult.Sticker(index: $0.index, localizedDescription: $0.localizedDescription, file: self.rendering.fileValue($0.file)) }
            return .success(StickerDrawerResult(app: instance.app, instance: instanceID, stickers: stickers, rejected: rejected))
        case .failed(let error):
            return .failure(error)
        case .asking, .checking:
            return .failure(.control(.invalidState, "the sticker drawer of \(instance.app) has not loaded"))
        }
    }

    /// `chooseSticker`: into the input field (as a tap in the drawer), or peeled onto a bubble,
    /// which Messages sends at once. Either way the sticker is the app's (its install sent it);
    /// the app is not told, as on iOS.
    private mutating func chooseSticker(_ request: ChooseStickerRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        _ = try ControlRange.stickerIndex.check(Int64(request.sticker), "sticker")
        if let onto = request.onto { _ = try ControlRange.entryID.check(Int64(onto), "onto") }
        let instance = try self.touchable(device: request.device, action: "choose a sticker from")
        guard let drawer = instance.drawer, case .ready(let shown, let rejected) = drawer.state else {
            throw .control(.invalidState, "the sticker drawer of \(instance.app) on \(request.device) is not open: ask for `stickers` first")
        }
        guard let sticker = shown.first(where: { $0.index == request.sticker }) else {
            if let left = rejected.first(where: { $0.index == request.sticker }) {
                throw .control(.invalidState, "sticker \(request.sticker) is not in the drawer: \(left.error.name) (\(left.error.description))")
            }
            throw .control(.notFound, "no sticker \(request.sticker) in the drawer of \(instance.app) (indices: \(shown.map { String($0.index) }.joined(separator: ", ")))")
        }
        guard let onto = request.onto else {
            let actions = self.stage(.sticker(sticker.file, description: sticker.localizedDescription), from: instance, now: now)
            return actions + [self.controlReply(to: client, requestID: requestID, .ok(.chosenSticker(ChooseStickerResult(messageID: nil))), now: now)]
        }
        guard let entry = self.world.entry(onto, device: instance.device, conversation: instance.conversation) else {
            throw .control(.notFound, "no entry \(onto) in \(instance.conversation) on \(instance.device) to peel the sticker onto (see `transcript`)")
        }
        let content = MessageContent.peeledSticker(sticker.file, description: sticker.localizedDescription, onto: entry.messageID)
        let (stored, actions) = self.dispatch(content, app: instance.app, install: instance.installID, from: instance.device, conversation: instance.conversation, now: now)
        return actions + self.reply(to: client, requestID: requestID, result: .chosenSticker(ChooseStickerResult(messageID: stored.id)), after: [], now: now)
    }
}
