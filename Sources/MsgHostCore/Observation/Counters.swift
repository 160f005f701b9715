/// The daemon's counters (`status` `counters`): counted on every message, so an array by
/// `Counter`, in its order, not a dictionary of names (whose hashing shows in profiles).
struct Counters: Sendable {
    private var counts = [Int](repeating: 0, count: Counter.allCases.count)

    mutating func count(_ counter: Counter, by amount: Int = 1) {
        let index = Counter.index(counter)
        self.counts[index] &+= amount
    }

    /// By name; a counter never counted is left out.
    var byName: [String: Int] {
        var byName: [String: Int] = [:]
        for (index, counter) in Counter.allCases.enumerated() where self.counts[index] > 0 {
            byName[counter.rawValue] = self.counts[index]
        }
        return byName
    }
}
