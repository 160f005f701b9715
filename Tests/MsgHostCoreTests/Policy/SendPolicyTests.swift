import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the direct-send rules (SPEC §4, PROTOCOL §4.5): context (11) is checked before
/// visibility (10), which is checked before a recent touch (9); a touch is recent while it is
/// younger than `interactionWindowMs`, and no touch at all is 9.
@Suite struct SendPolicyTests {
    static let now = Instant(milliseconds: 10_000)
    static let window: Int64 = 5_000

    static func refusal(_ context: PresentationContext, visible: Bool, touchedAt: Instant?) -> MessagesErrorCode? {
        SendPolicy.refusal(
            for: .init(context: context, isVisible: visible, touchedAt: touchedAt), now: now,
            interactionWindowMs: window)
    }

    @Test func visibleAndJustTouchedInMessagesMaySend() {
        #expect(Self.refusal(.messages, visible: true, touchedAt: Self.now) == nil)
    }

    @Test func mediaContextIsRefusedFirstEvenWhenEverythingElseIsWrong() {
        #expect(Self.refusal(.media, visible: false, touchedAt: nil) == .apiUnavailableInPresentationContext)
        #expect(Self.refusal(.media, visible: true, touchedAt: Self.now) == .apiUnavailableInPresentationContext)
    }

    @Test func notVisibleComesBeforeMissingTouch() {
        #expect(Self.refusal(.messages, visible: false, touchedAt: nil) == .sendWhileNotVisible)
        #expect(Self.refusal(.messages, visible: false, touchedAt: Self.now) == .sendWhileNotVisible)
    }

    @Test func noTouchIsSendWithoutRecentInteraction() {
        #expect(Self.refusal(.messages, visible: true, touchedAt: nil) == .sendWithoutRecentInteraction)
    }

    @Test func aTouchOneMillisecondYoungerThanTheWindowStillCounts() {
        let touched = Self.now.adding(milliseconds: -Self.window + 1)
        #expect(Self.refusal(.messages, visible: true, touchedAt: touched) == nil)
    }

    @Test func aTouchExactlyTheWindowOldDoesNot() {
        let touched = Self.now.adding(milliseconds: -Self.window)
        #expect(Self.refusal(.messages, visible: true, touchedAt: touched) == .sendWithoutRecentInteraction)
    }

    @Test func theWindowIsTheOneGiven() {
        let facts = SendPolicy.Facts(
            context: .messages, isVisible: true, touchedAt: Self.now.adding(milliseconds: -100))
        #expect(SendPolicy.refusal(for: facts, now: Self.now, interactionWindowMs: 101) == nil)
        #expect(
            SendPolicy.refusal(for: facts, now: Self.now, interactionWindowMs: 100) == .sendWithoutRecentInteraction)
    }
}
