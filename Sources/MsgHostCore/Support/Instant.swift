/// A point on the host's one clock, in milliseconds since the Unix epoch.
///
/// Every event carries the time it happened, so the state machine never reads a clock: the
/// shell decides whether that is the system clock or a manual one advanced by tests.
///
/// Arithmetic saturates at the ends of `Int64` instead of trapping: durations come from
/// outside (config files, manifests, control requests), and although each is range-checked
/// where it enters, no sum of them may ever bring the daemon down.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The latest instant there is: what any later time saturates to.
    public static let distantFuture = Instant(milliseconds: .max)

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public func adding(milliseconds: Int64) -> Instant {
        Instant(milliseconds: Self.saturating(self.milliseconds, plus: milliseconds))
    }

    public func milliseconds(since earlier: Instant) -> Int64 {
        let (difference, overflow) = self.milliseconds.subtractingReportingOverflow(earlier.milliseconds)
        guard overflow else { return difference }
        return earlier.milliseconds < 0 ? .max : .min
    }

    /// `a + b`, clamped to `Int64`'s range.
    public static func saturating(_ a: Int64, plus b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    public var description: String { "\(self.milliseconds)ms" }
}
