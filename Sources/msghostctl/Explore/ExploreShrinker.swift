/// Cuts a failing run down to a smallest run that still fails the same way: the same kind of
/// finding, of the same app. Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating
/// Failure-Inducing Input", 2002: ddmin) over the steps: try each of n chunks alone, then each
/// complement, keep the first that still fails, and split finer when none does, until no single
/// step can go. Each try is a fresh daemon (`reproduces`), so a smaller run owes nothing to the
/// state of a bigger one. A run that fails before its last step is cut after the step that
/// failed. At most `budget` tries: past it, the smallest run found so far.
struct ExploreShrinker {
    let budget: Int
    /// How many of `steps`, played from the world's start, it takes to fail the same way
    /// (nil: they do not).
    let reproduces: ([ExploreStep]) throws -> Int?

    private(set) var tries = 0

    init(budget: Int = 300, reproduces: @escaping ([ExploreStep]) throws -> Int?) {
        self.budget = budget
        self.reproduces = reproduces
    }

    mutating func shrink(_ steps: [ExploreStep]) throws -> [ExploreStep] {
        var current = steps
        var granularity = 2
        while current.count >= 2 && self.tries < self.budget {
            let chunks = Self.split(current, into: granularity)
            var reduced = false
            for chunk in chunks where self.tries < self.budget {
                if let failing = try self.test(chunk) {
                    current = failing
                    granularity = 2
                    reduced = true
                    break
                }
            }
            if !reduced && chunks.count > 2 {
                for index in chunks.indices where self.tries < self.budget {
                    let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                    if let failing = try self.test(complement) {
                        current = failing
                        granularity = max(granularity - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                guard granularity < current.count else { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        return current
    }

    /// The steps cut after the one that failed, or nil when they do not fail the same way.
    private mutating func test(_ steps: [ExploreStep]) throws -> [ExploreStep]? {
        self.tries += 1
        return try self.reproduces(steps).map { Array(steps.prefix($0)) }
    }

    /// `items` in `count` runs of nearly equal length, in order.
    static func split<T>(_ items: [T], into count: Int) -> [[T]] {
        let count = min(max(count, 1), items.count)
        var chunks: [[T]] = []
        var start = 0
        for index in 0..<count {
            let end = start + (items.count - start) / (count - index)
            chunks.append(Array(items[start..<end]))
            start = end
        }
        return chunks
    }
}
