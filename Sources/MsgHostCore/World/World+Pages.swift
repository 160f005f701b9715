extension World {
    /// One page of a device's transcript: the newest `limit` entries with an id smaller than
    /// `before` (all entries when nil), oldest first, with how many entries are older than the
    /// page (the page's first `index`) and whether there are any.
    ///
    /// Every reader of transcript pages goes through here, so that the arithmetic lives in one
    /// place and the store can answer it with indexed queries (a `LIMIT` and a `COUNT` over
    /// `(device, conversation, seq)`) instead of the whole array, without changing a caller.
    func transcriptPage(device: String, conversation: String, before: Int?, limit: Int) -> (entries: [TranscriptEntry], olderCount: Int, more: Bool) {
        let all = self.entries(device: device, conversation: conversation)
        let end = before.map { Self.firstPosition(in: all, atLeast: $0) } ?? all.count
        let start = max(0, end - max(0, limit))
        return (Array(all[start..<end]), start, start > 0)
    }

    /// The position of the first entry whose id is `id` or more (`entries.count` if none):
    /// a binary search, since a transcript is sorted by id.
    private static func firstPosition(in entries: [TranscriptEntry], atLeast id: Int) -> Int {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
