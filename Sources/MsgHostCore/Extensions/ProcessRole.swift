/// What a process the host starts for an install is: the app's Messages extension, or its
/// parent app (the containing app, WWDC 2017; PROTOCOL.md §4.10). Both speak the same
/// protocol and are supervised alike; each has its own process, crash history and quarantine.
public enum ProcessRole: String, Hashable, Sendable, Comparable {
    case `extension`
    case parentApp

    public static func < (a: ProcessRole, b: ProcessRole) -> Bool { a.rawValue < b.rawValue }
}
