import MsgHostProtocol

/// One view-controller instance of an extension: the main (compact/expanded) one for now.
///
/// Callbacks to an instance go one at a time, in order: `queue` holds those not yet sent and
/// `inFlight` the one the extension has not acknowledged.
struct Instance: Sendable {
    enum Phase: Sendable {
        /// Presented: from the moment it is opened until it starts to resign.
        case active
        /// Disappearing and resigning: no longer visible.
        case resigning
        /// Resigned: kept until its process exits so late requests get a precise answer.
        case resigned
    }

    struct QueuedCallback: Sendable {
        var type: CallbackType
        var body: [UInt8]
    }

    struct InFlight: Sendable {
        var id: String
        var type: CallbackType
        var sentAt: Instant
    }

    let id: String
    let launchID: String
    let device: String
    let conversation: String
    let app: String
    let installID: String
    let context: PresentationContext
    var style: PresentationStyle
    var phase: Phase = .active
    /// The user's last touch, until a successful send consumes it.
    var touchedAt: Instant?
    /// The transcript entry of the message the user tapped (`selectedMessage`).
    var selectedEntry: Int?
    /// For a transcript-style instance: the live bubble it draws.
    var liveEntry: Int?
    var queue: [QueuedCallback] = []
    var inFlight: InFlight?

    var isIdle: Bool { self.queue.isEmpty && self.inFlight == nil }
}

/// A control request to answer once every instance it caused callbacks on has none queued or
/// in flight, so that a test reads the outcome right after the reply (no sleeping).
struct Waiter: Sendable {
    var client: [UInt8]
    var requestID: String
    var result: [UInt8]
    var instances: Set<String>
}
