import MsgHostProtocol

/// Messages' rules for direct send (SPEC §4), as a pure function of what the host knows.
///
/// The order is Apple's and is part of the contract: context (11), then visibility (10), then
/// a recent touch (9). Message validity (1–8) is checked after these, by `MessageValidation`.
public enum SendPolicy {
    /// What the policy needs to know about the sending instance.
    public struct Facts: Sendable {
        public var context: PresentationContext
        /// Presented (compact or expanded), not resigning, in the conversation its device shows.
        public var isVisible: Bool
        /// The unconsumed touch, if any: when it happened.
        public var touchedAt: Instant?

        public init(context: PresentationContext, isVisible: Bool, touchedAt: Instant?) {
            self.context = context
            self.isVisible = isVisible
            self.touchedAt = touchedAt
        }
    }

    /// nil when the send may go ahead; else the code to refuse it with. A touch counts while it
    /// is *younger* than the window (PROTOCOL.md §4.5): one exactly `interactionWindowMs` old
    /// no longer does.
    /// - Parameter interactionWindowMs: (ours) how long a touch stays "recent", like a browser's
    ///   transient activation. Apple publishes no window; one touch allows one send regardless.
    public static func refusal(for facts: Facts, now: Instant, interactionWindowMs: Int64) -> MessagesErrorCode? {
        guard facts.context == .messages else { return .apiUnavailableInPresentationContext }
        guard facts.isVisible else { return .sendWhileNotVisible }
        guard let touchedAt = facts.touchedAt, now.milliseconds(since: touchedAt) < interactionWindowMs else {
            return .sendWithoutRecentInteraction
        }
        return nil
    }
}
