extension World {
    /// One page of a device's transcript: the newest `limit` entries with an id smaller than
    /// `before` (all entries when nil), oldest first, with how many entries are older than the
    /// page (the page's first `index`) and whether there are any.
    ///
    /// Every reader of transcript pages goes through here, so that the arithmetic lives in one
    /// place and the store can answer it with indexed queries (a `LIMIT` and a `COUNT` over
    /// `(device, conversation, seq)`) instead of the whole array, without changing a caller.
    func transcriptPage(device: String, conversation: String, before: Int?, limit: Int) throws(HistoryUnreadable) -> (
        entries: [TranscriptEntry], olderCount: Int, more: Bool
    ) {
        let page = try self.entries(device: device, conversation: conversation, before: before, limit: max(0, limit))
        // Older than the page: the whole transcript less the page and what is newer than it.
        // Counting the newer side costs as much as the depth paged to, never the whole.
        let total = try self.entryCount(device: device, conversation: conversation, from: nil)
        let from = page.first?.id ?? before
        let fromPage =
            try from.map { id throws(HistoryUnreadable) in
                try self.entryCount(device: device, conversation: conversation, from: id)
            } ?? 0
        let olderCount = max(0, total - fromPage)
        return (page, olderCount, olderCount > 0)
    }
}
