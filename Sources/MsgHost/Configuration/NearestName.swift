/// The known name a misspelled one most likely meant, so that an error about an unknown key
/// can say "did you mean extensions.idleGraceMs?" instead of leaving the user to diff by eye.
enum NearestName {
    /// The candidate closest to `name` by edit distance (ignoring case, which a YAML author
    /// often gets wrong), if it is close enough to be a plausible slip: at most a third of the
    /// name's length, and never more than three edits.
    static func of(_ name: String, among candidates: some Sequence<String>) -> String? {
        let limit = min(3, max(1, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.distance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with an adjacent swap counting as one edit (the commonest typo).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
