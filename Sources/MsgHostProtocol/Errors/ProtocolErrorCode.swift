/// `msghost.protocol`: the peer broke the wire protocol (PROTOCOL.md §3.3).
public enum ProtocolErrorCode: Int, Sendable, CaseIterable {
    case malformedFrame = 1
    case badSignature = 2
    case unknownType = 3
    case helloRequired = 4
    case badToken = 5
    case unsupportedVersion = 6
    case invalidBody = 7
    case unknownInstance = 8
    case replayedMessage = 9
    case unsupportedRequest = 10
    case unexpectedReply = 11

    public static let domain = "msghost.protocol"
}

/// `msghost.control`: a control request could not be carried out (PROTOCOL.md §3.4).
public enum ControlErrorCode: Int, Sendable, CaseIterable {
    case invalidRequest = 1
    case notFound = 2
    case alreadyExists = 3
    case invalidState = 4
    case launchFailed = 5
    case extensionFailed = 6
    case shuttingDown = 7
    /// The app crashed too often on that device; `reset` lifts it.
    case quarantined = 8
    /// The action needs something this daemon was not started with (e.g. a manual clock).
    case unavailable = 9

    public static let domain = "msghost.control"
}

/// `msghost.host`: the host itself could not carry out a valid request (PROTOCOL.md §3.5).
/// Answered on both endpoints; the request had no effect and may be sent again.
public enum HostErrorCode: Int, Sendable, CaseIterable {
    /// The change the request made could not be committed to the state directory (disk full,
    /// a write error, a read-only file system): it was rolled back and nothing of it was kept.
    case storageUnavailable = 1

    public static let domain = "msghost.host"
}
