/// Which line of an earlier text each line of a later one stands for: how `SourcePort` gives
/// every entry a line of the original file although each pass reads the one before's output
/// (a rewrite may join a call's lines, or take an `@objc` line away).
///
/// Lines the change did not touch map to themselves; the lines of a changed run map in order
/// to the lines the run replaced (the last of them when it has more).
struct LineMap {
    /// 1-based; nil for the identity.
    private var earlier: [Int]?

    static let identity = LineMap(earlier: nil)

    private init(earlier: [Int]?) { self.earlier = earlier }

    init(from before: String, to after: String) {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var map: [Int] = []
        var i = 0
        var j = 0
        while j < new.count {
            if !inserted.contains(j) && !removed.contains(i) {
                map.append(i + 1)
                i += 1
                j += 1
                continue
            }
            let firstRemoved = i
            while removed.contains(i) { i += 1 }
            let lastRemoved = max(firstRemoved, i - 1)
            var k = 0
            while j < new.count && inserted.contains(j) {
                map.append(min(firstRemoved + k, lastRemoved) + 1)
                k += 1
                j += 1
            }
        }
        self.earlier = map
    }

    /// The line of the earlier text that `line` of the later one stands for.
    subscript(line: Int) -> Int {
        guard let earlier = self.earlier else { return line }
        return earlier.indices.contains(line - 1) ? earlier[line - 1] : line
    }

    /// This map followed by `earlier`: from this one's later text to `earlier`'s earlier text.
    func then(_ earlier: LineMap) -> LineMap {
        guard let map = self.earlier else { return earlier }
        return LineMap(earlier: map.map { earlier[$0] })
    }
}
