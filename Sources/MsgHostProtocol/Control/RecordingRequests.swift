/// Recording a session (PROTOCOL.md §7.2): `startRecording`, `stopRecording`, and `recording`
/// to read the last recording's lines. The shell serves them: it alone sees every control
/// request, reply, event and extension frame as they cross its sockets.
public enum RecordingRequest: Hashable, Sendable {
    case start
    case stop
    case fetch(RecordingLinesRequest)

    public var command: ControlCommand {
        switch self {
        case .start: .startRecording
        case .stop: .stopRecording
        case .fetch: .recording
        }
    }
}

/// Body of `recording`: a page of the last finished recording's lines.
public struct RecordingLinesRequest: Codable, Hashable, Sendable {
    /// The default and largest page, in lines; a page also stops before `maxPageBytes`.
    public static let defaultLimit = 1_000
    public static let maxLimit = 10_000
    /// A page's lines stop before this many bytes (at least one line is sent), so that a reply
    /// stays well under the default frame limit however large the steps are.
    public static let maxPageBytes = 4 << 20

    /// The first line to send, from 0 (the session line).
    public var from: Int?
    /// How many lines at most (1 to 10,000; default 1,000).
    public var limit: Int?
    public init(from: Int? = nil, limit: Int? = nil) {
        self.from = from
        self.limit = limit
    }
}

/// Reply to `startRecording` and `stopRecording`: where the recording stands.
public struct RecordingResult: Codable, Hashable, Sendable {
    /// Whether a recording is under way now.
    public var recording: Bool
    /// When the recording started, on the daemon's clock (milliseconds).
    public var startedAt: Int64
    /// How many steps (actions of the user or the admin) it holds.
    public var steps: Int
    /// How many lines the session file has (0 while recording: it is written as it stops).
    public var lines: Int
    public init(recording: Bool, startedAt: Int64, steps: Int, lines: Int) {
        self.recording = recording
        self.startedAt = startedAt
        self.steps = steps
        self.lines = lines
    }
}

/// Reply to `recording`: lines of the session file (docs/RECORDING.md), each one JSON text.
public struct RecordingLinesResult: Codable, Hashable, Sendable {
    public var lines: [String]
    /// The index of the first line sent.
    public var from: Int
    /// How many lines the session has.
    public var total: Int
    /// More lines follow: ask again with `from` set to `from` + the count of `lines`.
    public var more: Bool
    public init(lines: [String], from: Int, total: Int, more: Bool) {
        self.lines = lines
        self.from = from
        self.total = total
        self.more = more
    }
}
