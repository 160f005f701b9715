import Foundation

/// Finds the number that a wire type could not read as an integer.
///
/// Nearly every numeric field of the wire is an integer, but JSON allows
/// `2.5` and `1e20`, and Foundation's decoder reports either one in an integer field as "not
/// valid JSON" without a path — the answer for bytes that are not JSON at all. This reads the
/// bytes again, only on that failure, and names the first number (in key order, depth first)
/// that is not an integer in range, so the sender hears which field was wrong.
enum NumberFit {
    /// "limit: expected an integer, got 2.5", or nil if the bytes are not JSON or hold no
    /// number that an integer field refuses.
    static func misfit(in bytes: [UInt8]) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil
        }
        return self.find(value, path: [])
    }

    private static func find(_ value: Any, path: [String]) -> String? {
        switch value {
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = self.find(object[key]!, path: path + [key]) { return found }
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = self.find(element, path: path + ["[\(index)]"]) { return found }
            }
        case let number as NSNumber:  // true and false read as 1 and 0: never a misfit
            if !self.isInteger(number) {
                let name = path.isEmpty ? "body" : path.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
                return "\(name): expected an integer, got \(number)"
            }
        default:
            break
        }
        return nil
    }

    /// Whether the number is a whole number within Int64's range, as integer fields need.
    private static func isInteger(_ number: NSNumber) -> Bool {
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(.towardZero) else { return false }
        // 2^63 is out of range; every Double below it in magnitude converts exactly.
        return double >= -9_223_372_036_854_775_808.0 && double < 9_223_372_036_854_775_808.0
    }
}
