import MsgHostProtocol

/// The user's touch behind Messages' rule "one direct send per touch, within the window, only
/// while visible" (SPEC §4, PROTOCOL.md §4.5): the whole of the rule's state in one value,
/// owned by the instance the user touched, changed only through these methods.
///
/// - A touch is **armed** when its `touch` callback reaches the view (touches queued behind a
///   busy handler each arm one send when their turn comes).
/// - A direct send asks for the **refusal** (`SendPolicy`: context, visibility, a touch
///   younger than the window, in Apple's order), then **consumes** the touch when it goes out.
/// - A send parked while the shell looks at its files **takes** the touch at once (so a second
///   send cannot pass meanwhile) and **gives it back** if it fails, unless a newer touch came.
/// - Resigning ends it: it lives in the instance's active phase (`Instance.Phase.active`), so
///   a touch does not outlive the instance's time on screen.
struct UserTouch: Hashable, Sendable {
    /// When the unconsumed touch happened, if there is one.
    private(set) var armedAt: Instant?

    /// A touch held by a send that is still under way.
    struct Taken: Hashable, Sendable {
        fileprivate let at: Instant?
    }

    /// The touch reached the view now.
    mutating func arm(at now: Instant) { self.armedAt = now }

    /// nil when a direct send may go ahead now; else the code to refuse it with.
    func refusal(context: PresentationContext, isVisible: Bool, now: Instant, windowMs: Int64) -> MessagesErrorCode? {
        SendPolicy.refusal(
            for: .init(context: context, isVisible: isVisible, touchedAt: self.armedAt), now: now,
            interactionWindowMs: windowMs)
    }

    /// Takes the touch for a send that finishes later (`giveBack` if it fails).
    mutating func take() -> Taken {
        defer { self.armedAt = nil }
        return Taken(at: self.armedAt)
    }

    /// The send that took `taken` failed and consumed nothing: its touch counts again, unless
    /// a newer one came meanwhile.
    mutating func giveBack(_ taken: Taken) {
        if self.armedAt == nil { self.armedAt = taken.at }
    }

    /// A send went out: the touch is used up.
    mutating func consume() { self.armedAt = nil }
}
