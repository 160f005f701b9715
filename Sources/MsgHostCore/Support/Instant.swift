/// A point on the host's one clock, in milliseconds since the Unix epoch.
///
/// Every event carries the time it happened, so the state machine never reads a clock: the
/// shell decides whether that is the system clock or a manual one advanced by tests.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public func adding(milliseconds: Int64) -> Instant { Instant(milliseconds: self.milliseconds + milliseconds) }

    public func milliseconds(since earlier: Instant) -> Int64 { self.milliseconds - earlier.milliseconds }

    public var description: String { "\(self.milliseconds)ms" }
}
