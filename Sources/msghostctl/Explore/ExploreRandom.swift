/// The explorer's random source: SplitMix64 (Steele, Lea and Flood, 2014), a 64-bit state and
/// one multiply-xorshift per draw. Written here because the run must be the same for the same
/// seed on every machine and Swift version, which `SystemRandomNumberGenerator` is not and the
/// standard library's algorithms do not promise (`randomElement(using:)` may draw differently
/// in another release): every choice goes through `below(_:)`.
struct ExploreRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { self.state = seed }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound ≥ 1), by Lemire's multiply-and-reject, so no value is favoured.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let range = UInt64(bound)
        while true {
            let (high, low) = self.next().multipliedFullWidth(by: range)
            if low >= (0 &- range) % range { return Int(high) }
        }
    }

    mutating func pick<T>(_ items: [T]) -> T { items[self.below(items.count)] }

    /// One of `choices` with chance in proportion to its weight; nil when every weight is 0.
    mutating func weighted<T>(_ choices: [(T, Int)]) -> T? {
        let total = choices.reduce(0) { $0 + max(0, $1.1) }
        guard total > 0 else { return nil }
        var draw = self.below(total)
        for (choice, weight) in choices where weight > 0 {
            if draw < weight { return choice }
            draw -= weight
        }
        return nil
    }
}
