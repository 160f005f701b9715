import HashTreeCollections
import MsgHostProtocol

/// History as the machine reads it: the store's answer (`HistoryReader`) with what this unit
/// changed and the store has not yet (`PendingHistory`) laid over it.
///
/// A read the store cannot answer is not "nothing there": it throws `HistoryUnreadable`, and
/// the step that asked ends there with it (the machine answers the event with the error).
extension World {
    public func message(_ id: String) throws(HistoryUnreadable) -> StoredMessage? {
        if let pending = self.pending.messages[id] { return pending }
        return try self.read { try $0.message(id) }
    }

    /// The entry with `id` in a device's transcript.
    public func entry(_ id: Int, device: String, conversation: String) throws(HistoryUnreadable) -> TranscriptEntry? {
        guard let located = try self.located(id), located.device == device, located.conversation == conversation else {
            return nil
        }
        return located.entry
    }

    func located(_ id: Int) throws(HistoryUnreadable) -> LocatedEntry? {
        if let touched = self.pending.entries[id] {
            return touched.entry.map {
                LocatedEntry(device: touched.device, conversation: touched.conversation, entry: $0)
            }
        }
        return try self.read { try $0.entry(id) }
    }

    /// Up to `limit` entries of a transcript below `before`, the newest, oldest first.
    func entries(device: String, conversation: String, before: Int?, limit: Int) throws(HistoryUnreadable)
        -> [TranscriptEntry]
    {
        let touched = self.pending.touched(device: device, conversation: conversation)
        guard !touched.isEmpty else {
            return try self.read {
                try $0.entries(device: device, conversation: conversation, before: before, limit: limit)
            }
        }
        let below = { (id: Int) in before.map { id < $0 } ?? true }
        // Stored entries removed here leave gaps: ask for as many more as there are.
        let gaps = touched.filter { $0.value.entry == nil && !$0.value.added && below($0.key) }.count
        let stored = try self.read {
            try $0.entries(device: device, conversation: conversation, before: before, limit: limit.addingClamped(gaps))
        }
        let added = touched.values.filter { $0.added && below($0.entry?.id ?? 0) }.compactMap(\.entry)
        return Array(PendingHistory.merge(stored, touched, adding: added).suffix(max(0, limit)))
    }

    /// How many entries a transcript has with ids at or above `from` (all when nil).
    func entryCount(device: String, conversation: String, from: Int?) throws(HistoryUnreadable) -> Int {
        let stored = try self.read { try $0.entryCount(device: device, conversation: conversation, from: from) }
        var count = stored
        for (id, touched) in self.pending.touched(device: device, conversation: conversation)
        where from.map({ id >= $0 }) ?? true {
            if touched.added { count += 1 } else if touched.entry == nil { count -= 1 }
        }
        return max(0, count)
    }

    /// The bubbles of `app`'s messages of `session` in a transcript, oldest first.
    func sessionBubbles(device: String, conversation: String, app: String, session: String) throws(HistoryUnreadable)
        -> [TranscriptEntry]
    {
        let stored = try self.read {
            try $0.sessionBubbles(device: device, conversation: conversation, app: app, session: session)
        }
        let touched = self.pending.touched(device: device, conversation: conversation)
        guard !touched.isEmpty else { return stored }
        let added = try touched.values.filter(\.added).compactMap(\.entry).filtering {
            entry throws(HistoryUnreadable) in
            guard entry.kind == .bubble, let key = try self.message(entry.messageID)?.sessionKey else { return false }
            return key == (app, session)
        }
        return PendingHistory.merge(stored, touched, adding: added).filter { $0.kind == .bubble }
    }

    /// Entries of live-layout bubbles on a device's screen (among its newest `onScreen`
    /// entries), oldest first.
    ///
    /// Asked on every arrival on a device that shows the conversation, while the arrival's own
    /// entry is still pending, so it stays one indexed query then too: entries added in this
    /// unit are newer than every stored one (ids count up from the store's last), so they are
    /// the top of the screen and the rest of it is the store's newest `onScreen - added`.
    /// Reading the whole screen instead (its 50 entries, then each one's message) nearly
    /// doubled what a direct send costs. Only a stored entry removed here moves where the
    /// screen starts by more than the store can tell; then the screen is read and merged.
    public func liveBubbles(device: String, conversation: String, onScreen: Int) throws(HistoryUnreadable)
        -> [TranscriptEntry]
    {
        let touched = self.pending.touched(device: device, conversation: conversation)
        guard !touched.isEmpty else {
            return try self.read { try $0.liveBubbles(device: device, conversation: conversation, newest: onScreen) }
        }
        guard !touched.values.contains(where: { $0.entry == nil }) else {
            return try self.entries(device: device, conversation: conversation, before: nil, limit: onScreen)
                .filtering { entry throws(HistoryUnreadable) in try self.isLiveBubble(entry) }
        }
        let added = touched.values.filter(\.added).compactMap(\.entry).sorted { $0.id < $1.id }.suffix(max(0, onScreen))
        let stored = try self.read {
            try $0.liveBubbles(device: device, conversation: conversation, newest: max(0, onScreen - added.count))
        }
        let live = try added.filtering { entry throws(HistoryUnreadable) in try self.isLiveBubble(entry) }
        // A stored bubble changed here (collapsed into a summary) leaves the screen's bubbles.
        return PendingHistory.merge(stored, touched, adding: live).filter { $0.kind == .bubble }
    }

    /// Entries of expiring messages a device has not shown yet, oldest first.
    public func unseenExpiring(device: String, conversation: String) throws(HistoryUnreadable) -> [TranscriptEntry] {
        let stored = try self.read { try $0.unseenExpiring(device: device, conversation: conversation) }
        let touched = self.pending.touched(device: device, conversation: conversation)
        guard !touched.isEmpty else { return stored }
        let added = try touched.values.filter(\.added).compactMap(\.entry).filtering {
            entry throws(HistoryUnreadable) in try self.expires(entry, on: device)
        }
        return PendingHistory.merge(stored, touched, adding: added).filter { $0.seenAt == nil }
    }

    /// Entries of expiring messages, anywhere, seen and not kept (timers to start again after
    /// a restart, when nothing is pending).
    func seenExpiring() throws(HistoryUnreadable) -> [LocatedEntry] {
        let stored = try self.read { try $0.seenExpiring() }
        guard !self.pending.isEmpty else { return stored }
        var located: [Int: LocatedEntry] = [:]
        for entry in stored where self.pending.entries[entry.entry.id] == nil { located[entry.entry.id] = entry }
        for (id, touched) in self.pending.entries {
            guard let entry = touched.entry, entry.seenAt != nil, !entry.kept,
                try self.expires(entry, on: touched.device)
            else { continue }
            located[id] = LocatedEntry(device: touched.device, conversation: touched.conversation, entry: entry)
        }
        return located.values.sorted { $0.entry.id < $1.entry.id }
    }

    private func isLiveBubble(_ entry: TranscriptEntry) throws(HistoryUnreadable) -> Bool {
        guard entry.kind == .bubble else { return false }
        return try self.message(entry.messageID)?.isLiveLayout == true
    }

    /// An entry of someone else's expiring message (only those expire on a device).
    private func expires(_ entry: TranscriptEntry, on device: String) throws(HistoryUnreadable) -> Bool {
        guard let message = try self.message(entry.messageID) else { return false }
        return message.isExpiring && message.sender != self.devices[device]?.owner
    }

    /// Every entry of a device's transcript, oldest first. For tests and tools: the rules read
    /// pages and indexed queries instead.
    public func entries(device: String, conversation: String) throws(HistoryUnreadable) -> [TranscriptEntry] {
        try self.entries(device: device, conversation: conversation, before: nil, limit: .max)
    }

    /// The messages a device shows in a conversation, in order (bubbles only). For tests and
    /// tools, like `entries`.
    public func transcript(device: String, conversation: String) throws(HistoryUnreadable) -> [StoredMessage] {
        try self.entries(device: device, conversation: conversation).filter { $0.kind == .bubble }
            .compactMapping { entry throws(HistoryUnreadable) in try self.message(entry.messageID) }
    }

    /// The store's answer; its failure as `HistoryUnreadable`.
    private func read<T>(_ body: (any HistoryReader) throws -> T) throws(HistoryUnreadable) -> T {
        do {
            return try body(self.reader)
        } catch {
            throw HistoryUnreadable(error)
        }
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max`.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = self.addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
