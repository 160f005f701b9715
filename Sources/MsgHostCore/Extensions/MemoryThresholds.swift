import MsgHostProtocol

/// An app's two memory lines (docs/PROTOCOL.md §4.7): above the soft one the extension gets
/// `didReceiveMemoryWarning`, as iOS warns an app before jetsam ends it; above the hard one
/// (`memoryLimitMB`) it is killed.
///
/// The warning is sent once per crossing: a process warned stays warned while it stays above
/// the soft line, and is warned again only after a sample at or below it. A sample that is
/// past the hard line kills, warned or not: a process that jumps past both lines between two
/// samples had no time to act on a warning, and iOS does not promise one either.
public struct MemoryThresholds: Hashable, Sendable {
    /// Resident bytes above which the process is warned; nil: never.
    public var warningBytes: Int?
    /// Resident bytes above which it is killed; nil: never.
    public var limitBytes: Int?

    /// Without `memoryWarningMB`, an app with a limit is warned above this share of it.
    public static let defaultWarningShare = (numerator: 4, denominator: 5)

    public init(warningBytes: Int?, limitBytes: Int?) {
        self.warningBytes = warningBytes
        self.limitBytes = limitBytes
    }

    /// The app's lines: its own warning line, else four fifths of its limit.
    public init(_ app: AppDescriptor) {
        self.limitBytes = app.memoryLimitBytes
        self.warningBytes =
            app.memoryWarningBytes
            ?? app.memoryLimitBytes.map {
                $0 / Self.defaultWarningShare.denominator * Self.defaultWarningShare.numerator
            }
    }

    /// What a sample of `bytes` means for a process that was (`warned`) or was not warned
    /// since it last was at or below the soft line.
    public enum Verdict: Hashable, Sendable {
        /// Nothing to do.
        case none
        /// It crossed the soft line: warn it.
        case warn
        /// It is back at or below the soft line: a later crossing warns again.
        case rearm
        /// It is past the hard line: kill it.
        case kill
    }

    public func judge(bytes: Int, warned: Bool) -> Verdict {
        if let limit = self.limitBytes, bytes > limit { return .kill }
        guard let warning = self.warningBytes else { return .none }
        if bytes > warning { return warned ? .none : .warn }
        return warned ? .rearm : .none
    }
}
