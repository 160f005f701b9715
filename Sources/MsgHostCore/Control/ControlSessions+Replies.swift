import HashTreeCollections
import MsgHostProtocol

/// What still holds a control reply back (PROTOCOL.md §7), read from the parts that carry
/// it: callbacks queued or in flight (`Screens`), requests parked while their files are looked
/// at (`Inspections`), and launches whose spawn the shell has not reported (`ProcessTable`).
struct UnderWay {
    let screens: Screens
    let inspections: Inspections
    let processes: ProcessTable

    /// The causes among `wanted` that a queued or in-flight callback, or a parked request,
    /// still carries.
    func causes(among wanted: Set<Int>) -> Set<Int> {
        var causes = self.screens.causes(among: wanted)
        guard !wanted.isEmpty else { return causes }
        causes.formUnion(self.inspections.causes(among: wanted))
        return causes
    }

    /// The instances among `ids` whose process was launched and said hello before the shell
    /// reported its spawn: a reply that acted on them waits for the report too, so that
    /// `status` right after it names the real process (never a pid an extension claimed).
    func unreportedLaunches(of ids: Set<String>) -> Set<String> {
        // Asked after every event while a reply waits: most often no launch is unreported,
        // and then no instance needs to be looked at.
        guard !ids.isEmpty, self.processes.hasUnreportedLaunch else { return [] }
        return ids.filter { id in
            guard let instance = self.screens[id], let process = self.processes[instance.launchID] else { return false }
            return process.pid == nil && !process.attached
        }
    }
}

extension ControlSessions {
    /// The reply of the request being handled: returned when it may go now, kept (nil) while
    /// something it caused is `underWay`.
    mutating func reply(_ waiter: Waiter, underWay: UnderWay) -> Waiter? {
        let kept = self.keep(
            waiter, outstanding: underWay.causes(among: waiter.causes),
            unreported: underWay.unreportedLaunches(of: waiter.instances))
        return kept ? nil : waiter
    }

    /// Removes and returns, in order, the kept replies nothing `underWay` holds back any more.
    mutating func takeAnswerable(underWay: UnderWay) -> [Waiter] {
        let awaited = self.awaited
        return self.takeAnswerable(
            outstanding: underWay.causes(among: awaited.causes),
            unreported: underWay.unreportedLaunches(of: awaited.instances))
    }
}

extension Waiter {
    /// The reply, now that it may go: its result, or what the sticker drawer it waited for
    /// shows (`file` renders a stored file).
    func reply(screens: Screens, file: (StoredFile) -> FileValue, outbox: inout Outbox, now: Instant) -> HostAction {
        switch self.answer {
        case .result(let result):
            return outbox.controlReply(to: self.client, requestID: self.requestID, .ok(result), now: now)
        case .stickerDrawer(let instanceID):
            switch screens.drawerResult(instanceID, file: file) {
            case .success(let result):
                return outbox.controlReply(
                    to: self.client, requestID: self.requestID, .ok(.stickerDrawer(result)), now: now)
            case .failure(let error):
                return outbox.controlError(to: self.client, requestID: self.requestID, error, now: now)
            }
        }
    }
}
