import Foundation
import Yams

/// Yams reads a plain YAML 1.1 base-60 integer (`1:30` is 90) with unchecked arithmetic, so one
/// too large for 64 bits traps the process instead of failing to decode. The config fuzzer found
/// it (2026-11-28: `events: {capacity: -888888888888888888:88}`); an app manifest's numbers go the
/// same way. `KnownKeys` asks this first, for the keys that hold integers, so that such a file
/// gets an error naming the key. It takes Yams' own steps (`Int.construct(from:)`, then
/// `String.sexagesimal()`), each checked.
enum YAMLBase60 {
    /// Whether Yams' integer construction would overflow, and so trap, on `scalar`.
    static func overflows(_ scalar: Node.Scalar) -> Bool {
        guard scalar.style == .any || scalar.style == .plain else { return false }
        let text = scalar.string.replacingOccurrences(of: "_", with: "")
        let negative = text.hasPrefix("-")
        let unsigned = negative || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        // Yams reads "0", "0x…", "0b…", "0o…" and "0…" with `init(_:radix:)`, which fails softly.
        guard text != "0", !unsigned.hasPrefix("0"), unsigned.contains(":") else { return false }
        var digits: [Int] = []
        for component in unsigned.components(separatedBy: ":") {
            guard let digit = Int(component, radix: 10) else { return false }
            digits.append(digit)
        }
        var base = 1
        var value = 0
        for digit in digits.reversed() {
            let (product, productOverflow) = digit.multipliedReportingOverflow(by: base)
            let (sum, sumOverflow) = value.addingReportingOverflow(product)
            let (next, baseOverflow) = base.multipliedReportingOverflow(by: 60)
            if productOverflow || sumOverflow || baseOverflow { return true }
            (value, base) = (sum, next)
        }
        return negative && value == .min
    }
}
