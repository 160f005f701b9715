import MsgHostProtocol

/// One view-controller instance of an extension: the main (compact/expanded) one for now.
///
/// Callbacks to an instance go one at a time, in order: `queue` holds those not yet sent and
/// `inFlight` the one the extension has not acknowledged. Control requests that caused
/// callbacks wait in `waiters` until the queue drains.
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

    /// A control request to answer once this instance has no callback queued or in flight.
    struct Waiter: Sendable {
        var client: [UInt8]
        var requestID: String
        var result: [UInt8]
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
    var queue: [QueuedCallback] = []
    var inFlight: InFlight?
    var waiters: [Waiter] = []

    var isIdle: Bool { self.queue.isEmpty && self.inFlight == nil }
}
