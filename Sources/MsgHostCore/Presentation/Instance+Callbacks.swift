import MsgHostProtocol

/// What an instance's callbacks change in it, beyond their queue's order: the rules that
/// follow from a callback reaching the view, or from there being none left.
extension Instance {
    /// The next callback went out as message `id`: in flight until acknowledged. A touch
    /// allows a send from the moment it reaches the view (PROTOCOL.md §4.5), so touches queued
    /// behind a busy handler each arm one send when their turn comes, not when they were made.
    mutating func sentNext(id: String, at now: Instant) {
        guard let next = self.callbacks.next else { return }
        self.callbacks.sent(id: id, at: now)
        if next.type == .touch { self.touch?.arm(at: now) }
    }

    /// Its queue ran dry: a resigning instance has now resigned (its last callback,
    /// `didResignActive`, was acknowledged).
    mutating func queueEmptied() {
        if self.phase == .resigning { self.phase = .resigned }
    }

    /// Whether a message that arrived on its device reaches it as `didReceive` (SPEC §3): only
    /// while it is active in Messages, only its app's messages in its conversation, only from
    /// someone else (`deviceOwner` is its device's owner).
    func receives(_ stored: StoredMessage, deviceOwner: String) -> Bool {
        guard case .app = stored.content, stored.sender != deviceOwner else { return false }
        return stored.app == self.app && stored.conversation == self.conversation && self.isActive
            && self.context == .messages
    }
}
