import HashTreeCollections
import MsgHostProtocol

/// What an instance's app answered, kept where the instance is: a live bubble's size
/// (`contentSizeThatFits`) and the sticker drawer's stickers (PROTOCOL.md §4.11), whose files
/// the shell looks at before the drawer shows them (`StickerDrawer` holds its rules). And
/// what goes with an instance's time on screen: its view, and whether the user can touch it.
extension Screens {
    /// The extension answered `contentSizeThatFits`: its size is kept, clamped to `offered`;
    /// a reply without a size is logged as the callback's failure.
    mutating func liveSizeAnswered(
        _ id: String, _ answer: ContentSizeResult?, offered: SizeValue, outbox: inout Outbox, now: Instant
    ) -> [HostAction] {
        guard let instance = self[id], let entry = instance.liveEntry else { return [] }
        guard let answer else {
            return [
                outbox.record(
                    .callbackFailed, now: now, device: instance.device, app: instance.app, instance: id,
                    name: "contentSizeThatFits", detail: "the reply has no size {width, height}")
            ]
        }
        self.liveSizes[LiveBubbleKey(device: instance.device, entry: entry)] = Instance.fitted(
            answer.size, offered: offered)
        return []
    }

    /// What the app's `stickers` answer came to: the drawer loaded (its event, if it shows), or
    /// the files of the stickers it offered to look at first (the machine parks the drawer
    /// with `Inspections` and says where with `drawerChecking`).
    enum StickersAnswered {
        case done([HostAction])
        case check(PendingDrawer)
    }

    /// The app answered `stickers`: the drawer loads, or waits, carrying `causes`, while the
    /// shell looks at the files of the stickers it offered.
    mutating func stickersAnswered(
        _ id: String, failure: WireError?, _ answer: StickersResult?, causes: Set<Int>, outbox: inout Outbox,
        now: Instant
    ) -> StickersAnswered {
        guard let app = self[id]?.app, let next = self[id]?.drawer?.answered(by: app, failure: failure, answer) else {
            return .done([])
        }
        guard case .check(let candidates, let rejected) = next else {
            return .done(self.drawerLoaded(id, outbox: &outbox, now: now))
        }
        return .check(PendingDrawer(instanceID: id, candidates: candidates, rejected: rejected, causes: causes))
    }

    /// The drawer's files are being looked at under `token`.
    mutating func drawerChecking(_ id: String, token: Int) { self[id]?.drawer?.checking(token: token) }

    /// The shell looked at a drawer's files; a drawer opened again, or gone with its
    /// instance, no longer wants them.
    mutating func drawerFilesChecked(
        _ pending: PendingDrawer, token: Int, results: [FileCheckResult], outbox: inout Outbox, now: Instant
    ) -> [HostAction] {
        guard self[pending.instanceID]?.drawer?.filesChecked(pending, token: token, results: results) == true else {
            return []
        }
        return self.drawerLoaded(pending.instanceID, outbox: &outbox, now: now)
    }

    private func drawerLoaded(_ id: String, outbox: inout Outbox, now: Instant) -> [HostAction] {
        guard let instance = self[id], let summary = instance.drawer?.summary else { return [] }
        return [
            outbox.record(
                .stickerDrawer, now: now, device: instance.device, app: instance.app,
                conversation: instance.conversation,
                instance: id, detail: summary)
        ]
    }

    /// The instance resigns or its process ended: its view goes with it.
    mutating func clearView(of instance: Instance, outbox: inout Outbox, now: Instant) -> [HostAction] {
        guard self[instance.id]?.view.clear() == true else { return [] }
        return [
            outbox.record(
                .viewChanged, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                instance: instance.id, elements: 0)
        ]
    }

    /// The app presented on `device` (active, if `activeOnly`): what `close` and the chevron act on.
    func open(on device: String, activeOnly: Bool) throws(WireError) -> Instance {
        guard let id = self.presented[device], let instance = self[id], !activeOnly || instance.isActive else {
            throw .control(.invalidState, "no app is open on \(device)")
        }
        return instance
    }

    /// The app a user can touch on `device` (which exists): presented, active, in the
    /// conversation shown; else the user cannot `action` it.
    func touchable(device: String, action: String) throws(WireError) -> Instance {
        guard let id = self.presented[device], let instance = self[id], self.isVisible(instance) else {
            throw .control(.invalidState, "no app is open on \(device) to \(action)")
        }
        return instance
    }
}
