import MsgHostProtocol

/// The callbacks of one instance, in order and one at a time (SPEC §3: the analogue of the
/// main thread): the next is sent only once the extension acknowledged the one in flight, and
/// each callback carries the causes of the control requests it descends from (`Waiter`).
///
/// The response timeout is the machine's (a timer per callback sent, `+Processes`); this part
/// owns only the order and the one-in-flight rule, changed through its methods alone.
struct CallbackQueue: Sendable {
    struct Callback: Sendable {
        var type: CallbackType
        var body: OutboundBody
        /// The control actions this callback is a consequence of (see `Waiter`).
        var causes: Set<Int> = []
    }

    struct InFlight: Sendable {
        var id: String
        var type: CallbackType
        var sentAt: Instant
        var causes: Set<Int> = []
    }

    /// Not sent yet, oldest first.
    private(set) var waiting: [Callback] = []
    /// Sent and not acknowledged.
    private(set) var inFlight: InFlight?

    /// Nothing waiting and nothing in flight.
    var isIdle: Bool { self.waiting.isEmpty && self.inFlight == nil }

    /// The callback to send now: the oldest waiting, if none is in flight.
    var next: Callback? { self.inFlight == nil ? self.waiting.first : nil }

    mutating func append(_ callbacks: [Callback]) { self.waiting += callbacks }

    /// `next` went out as message `id`: it is in flight until acknowledged.
    mutating func sent(id: String, at now: Instant) {
        guard self.inFlight == nil, !self.waiting.isEmpty else { return }
        let callback = self.waiting.removeFirst()
        self.inFlight = InFlight(id: id, type: callback.type, sentAt: now, causes: callback.causes)
    }

    /// Whether message `id` is the callback in flight.
    func isInFlight(_ id: String) -> Bool { self.inFlight?.id == id }

    /// The extension acknowledged message `id`: returns the callback it answered, or nil (and
    /// changes nothing) if `id` is not the one in flight.
    mutating func acknowledge(_ id: String) -> InFlight? {
        guard let inFlight = self.inFlight, inFlight.id == id else { return nil }
        self.inFlight = nil
        return inFlight
    }

    /// Whether a callback caused by any of `causes` is waiting or in flight.
    func carries(_ causes: Set<Int>) -> Bool {
        if let inFlight, !inFlight.causes.isDisjoint(with: causes) { return true }
        return self.waiting.contains { !$0.causes.isDisjoint(with: causes) }
    }

    /// The causes every waiting and in-flight callback carries.
    func forEachCauses(_ body: (Set<Int>) -> Void) {
        if let inFlight { body(inFlight.causes) }
        for callback in self.waiting { body(callback.causes) }
    }
}
