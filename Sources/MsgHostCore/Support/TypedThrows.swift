extension Sequence {
    /// `filter` with a predicate that throws a typed error: the standard one rethrows it as
    /// `any Error`, which a step that fails only with `HistoryUnreadable` cannot pass on.
    func filtering<E: Error>(_ isIncluded: (Element) throws(E) -> Bool) throws(E) -> [Element] {
        var kept: [Element] = []
        for element in self where try isIncluded(element) { kept.append(element) }
        return kept
    }

    /// `compactMap` with a transform that throws a typed error (see `filtering`).
    func compactMapping<T, E: Error>(_ transform: (Element) throws(E) -> T?) throws(E) -> [T] {
        var mapped: [T] = []
        for element in self { if let value = try transform(element) { mapped.append(value) } }
        return mapped
    }

    /// `contains(where:)` with a predicate that throws a typed error (see `filtering`).
    func containing<E: Error>(where predicate: (Element) throws(E) -> Bool) throws(E) -> Bool {
        for element in self where try predicate(element) { return true }
        return false
    }

    /// `first(where:)` with a predicate that throws a typed error (see `filtering`).
    func firstMatching<E: Error>(_ predicate: (Element) throws(E) -> Bool) throws(E) -> Element? {
        for element in self where try predicate(element) { return element }
        return nil
    }
}
