/// Small typed keys for the machine's maps, instead of strings joined with a separator: the
/// compiler keeps a device+app key from standing in for a device+conversation one.

/// One app on one device: what a process serves, what crashes and is quarantined.
public struct ProcessKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var device: String
    public var app: String
    /// The extension, or the app's parent app: separate processes, crash counts, quarantines.
    public var role: ProcessRole
    public init(device: String, app: String, role: ProcessRole = .extension) {
        self.device = device
        self.app = app
        self.role = role
    }
    public static func < (a: ProcessKey, b: ProcessKey) -> Bool {
        (a.device, a.app, a.role) < (b.device, b.app, b.role)
    }
    /// As `status` lists quarantined apps: "device app", and "device app parentApp" for a
    /// parent app.
    public var description: String { "\(self.device) \(self.app)" + (self.role == .parentApp ? " parentApp" : "") }
}

/// One device's view of one conversation: its transcript and its input field.
public struct TranscriptKey: Hashable, Sendable {
    public var device: String
    public var conversation: String
    public init(device: String, conversation: String) {
        self.device = device
        self.conversation = conversation
    }
}

/// A live-layout bubble on one device: the size its extension asked for is kept per bubble.
struct LiveBubbleKey: Hashable, Sendable {
    var device: String
    var entry: Int
}
