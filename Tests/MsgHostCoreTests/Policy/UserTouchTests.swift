import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// "One direct send per touch, within the window, only while visible", on the one value that
/// holds it (`UserTouch`), without a machine around it.
@Suite struct UserTouchTests {
    static let t0 = Instant(milliseconds: 1_000_000)
    static let window: Int64 = 5_000

    func refusal(_ touch: UserTouch, visible: Bool = true, context: PresentationContext = .messages, at now: Instant)
        -> MessagesErrorCode?
    {
        touch.refusal(context: context, isVisible: visible, now: now, windowMs: Self.window)
    }

    @Test func withoutATouchASendIsRefusedWithoutRecentInteraction() {
        #expect(self.refusal(UserTouch(), at: Self.t0) == .sendWithoutRecentInteraction)
    }

    @Test func anArmedTouchAllowsASendUntilTheWindowEnds() {
        var touch = UserTouch()
        touch.arm(at: Self.t0)
        #expect(self.refusal(touch, at: Self.t0) == nil)
        #expect(self.refusal(touch, at: Self.t0.adding(milliseconds: Self.window - 1)) == nil)
        #expect(
            self.refusal(touch, at: Self.t0.adding(milliseconds: Self.window)) == .sendWithoutRecentInteraction,
            "exactly the window old no longer counts")
    }

    @Test func contextThenVisibilityThenTheTouchInApplesOrder() {
        #expect(
            self.refusal(UserTouch(), visible: false, context: .media, at: Self.t0)
                == .apiUnavailableInPresentationContext)
        #expect(self.refusal(UserTouch(), visible: false, at: Self.t0) == .sendWhileNotVisible)
        var touch = UserTouch()
        touch.arm(at: Self.t0)
        #expect(
            self.refusal(touch, visible: false, at: Self.t0) == .sendWhileNotVisible,
            "a touch does not make an app visible")
    }

    @Test func aSendThatWentOutConsumesTheTouch() {
        var touch = UserTouch()
        touch.arm(at: Self.t0)
        touch.consume()
        #expect(self.refusal(touch, at: Self.t0) == .sendWithoutRecentInteraction)
    }

    @Test func aTakenTouchIsGoneUntilItIsGivenBack() {
        var touch = UserTouch()
        touch.arm(at: Self.t0)
        let taken = touch.take()
        #expect(
            self.refusal(touch, at: Self.t0) == .sendWithoutRecentInteraction,
            "a second send cannot pass while the first is under way")
        touch.giveBack(taken)
        #expect(touch.armedAt == Self.t0, "the failed send consumed nothing")
    }

    @Test func aNewerTouchWinsOverOneGivenBack() {
        var touch = UserTouch()
        touch.arm(at: Self.t0)
        let taken = touch.take()
        let later = Self.t0.adding(milliseconds: 100)
        touch.arm(at: later)
        touch.giveBack(taken)
        #expect(touch.armedAt == later)
    }

    /// The touch lives in the instance's active phase: resigning ends it, and a send's touch
    /// given back after that is dropped.
    @Test func noTouchOutlivesTheInstancesTimeOnScreen() throws {
        var instance = ScreensTests.instance("i1")
        instance.touch?.arm(at: Self.t0)
        let took = instance.touch?.take()
        let taken = try #require(took)
        instance.touch?.giveBack(taken)
        #expect(instance.touch?.armedAt == Self.t0)
        instance.phase = .resigning
        #expect(instance.touch == nil)
        instance.touch?.giveBack(taken)
        instance.touch = UserTouch()
        #expect(instance.touch == nil && instance.phase == .resigning)
    }
}
