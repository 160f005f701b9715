/// Percentiles and the "median (min–max)" summary every cell of the report uses.
///
/// Exact: a run keeps every sample (at most a few hundred thousand), so sorting is cheap and
/// needs no histogram approximation.
enum Stats {
    /// The nearest-rank percentile (`p` in 0...100) of unsorted samples.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        precondition(!samples.isEmpty, "percentile of no samples")
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ values: [Double]) -> Double { self.percentile(values, 50) }
}

/// One figure measured once per repetition: the table shows the median across repetitions and
/// their range, so drift on a noisy machine is visible instead of averaged away.
struct Across: Sendable, Codable {
    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    /// NaN when nothing was measured (a figure `--only` left out).
    var median: Double { self.values.isEmpty ? .nan : Stats.median(self.values) }
    var min: Double { self.values.min() ?? .nan }
    var max: Double { self.values.max() ?? .nan }

    /// "120.9 (114.1–140.5)" with `digits` decimals.
    func formatted(_ digits: Int = 1) -> String {
        guard !self.values.isEmpty else { return "–" }
        return "\(Self.format(self.median, digits)) (\(Self.format(self.min, digits))–\(Self.format(self.max, digits)))"
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0 { return String(Int(rounded)) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}

/// Per-repetition ratios of two paired figures (measured in the same repetition).
func pairedRatios(_ numerator: Across, _ denominator: Across) -> Across {
    Across(zip(numerator.values, denominator.values).map { $0 / $1 })
}
