import MsgHostProtocol

/// One view-controller instance of an extension: the main (compact/expanded) one for now.
///
/// Callbacks to an instance go one at a time, in order (`CallbackQueue`).
struct Instance: Sendable {
    enum Phase: Sendable, Equatable {
        /// Presented: from the moment it is opened until it starts to resign. The user's last
        /// touch lives here (`UserTouch` owns the rule): none outlives the instance's time on
        /// screen.
        case active(UserTouch)
        /// Disappearing and resigning: no longer visible.
        case resigning
        /// Resigned: kept until its process exits so late requests get a precise answer.
        case resigned
    }

    let id: String
    let launchID: String
    let device: String
    let conversation: String
    let app: String
    let installID: String
    let context: PresentationContext
    var style: PresentationStyle
    var phase: Phase = .active(UserTouch())
    /// The transcript entry of the message the user tapped (`selectedMessage`).
    var selectedEntry: Int?
    /// For a transcript-style instance: the live bubble it draws.
    var liveEntry: Int?
    /// Its callbacks: waiting, and the one in flight.
    var callbacks = CallbackQueue()
    /// The view it set (`setView`), its images files in the store (`ExtensionView` owns the rules).
    var view = ExtensionView()
    /// The sticker drawer the user opened over it (`stickers`), if any.
    var drawer: StickerDrawer?

    var isActive: Bool { if case .active = self.phase { true } else { false } }

    /// The user's last touch while it is active, until a send consumes it; nil once it starts
    /// to resign, and a touch given to it then is dropped.
    var touch: UserTouch? {
        get { if case .active(let touch) = self.phase { touch } else { nil } }
        set {
            guard case .active = self.phase, let newValue else { return }
            self.phase = .active(newValue)
        }
    }

    var isIdle: Bool { self.callbacks.isIdle }

    /// Whether a callback caused by any of `causes` is queued or in flight here.
    func carries(_ causes: Set<Int>) -> Bool { self.callbacks.carries(causes) }
}

/// A control request to answer once every callback it caused, on every device, has been
/// acknowledged, so that a test reads the outcome right after the reply (no sleeping).
///
/// "Caused" is tracked, not guessed: each control request gets a cause number; every callback
/// queued while it is handled carries it, and so does every callback queued while the
/// extension handles one of those (its requests: a send's `didReceive` on other devices, a
/// transition, a launch), transitively. Held or delayed deliveries, idle terminations and
/// other timers are not carried: they happen later (PROTOCOL.md §7, "Settled").
struct Waiter: Sendable {
    /// What the reply says, once it may be sent.
    enum Answer: Sendable {
        /// Known when the request was handled.
        case result(ControlResult)
        /// What the sticker drawer of this instance shows, known once the app answered.
        case stickerDrawer(instance: String)
    }

    var client: [UInt8]
    var requestID: String
    var answer: Answer
    var causes: Set<Int>
    /// The instances the request acted on directly: if one of them goes away (its process
    /// died) with this request's callbacks undelivered, the request failed.
    var instances: Set<String>
}
