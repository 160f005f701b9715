/// Cuts a failing run down to a smallest run that still fails the same way: the same kind of
/// finding, of the same app. Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating
/// Failure-Inducing Input", 2002: ddmin) over the steps: try each of n chunks alone, then each
/// complement, keep the first that still fails, and split finer when none does, until no single
/// step can go. Each try is a fresh daemon (`reproduces`), so a smaller run owes nothing to the
/// state of a bigger one. At most `budget` tries: past it, the smallest run found so far.
struct ExploreShrinker {
    let budget: Int
    /// Whether `steps` played from the world's start fail the same way.
    let reproduces: ([ExploreStep]) throws -> Bool

    private(set) var tries = 0

    init(budget: Int = 300, reproduces: @escaping ([ExploreStep]) throws -> Bool) {
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
                if try self.test(chunk) {
                    current = chunk
                    granularity = 2
                    reduced = true
                    break
                }
            }
            if !reduced && chunks.count > 2 {
                for index in chunks.indices where self.tries < self.budget {
                    let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                    if try self.test(complement) {
                        current = complement
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

    private mutating func test(_ steps: [ExploreStep]) throws -> Bool {
        self.tries += 1
        return try self.reproduces(steps)
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
