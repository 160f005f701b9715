import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The callbacks of an instance's life, in Apple's order (SPEC §3), and the state each change
/// leaves it in.
@Suite struct InstanceLifecycleTests {
    private func instance(_ style: PresentationStyle) -> Instance {
        Instance(
            id: "i1", launchID: "l", device: "phone", conversation: "c", app: "app", installID: "in",
            context: .messages, style: style)
    }
    private let activation = OutboundBody.instance(InstanceBody(instance: "i1"))
    private let offer = SizeValue(width: 320, height: 480)

    @Test func aColdStartBecomesActiveThenAppears() {
        #expect(
            self.instance(.compact).coldStart(activation: self.activation, offering: self.offer).map(\.0)
                == [.willBecomeActive, .didBecomeActive, .viewWillAppear, .viewDidAppear])
    }

    @Test func aLiveBubbleIsAskedItsSizeLast() {
        #expect(
            self.instance(.transcript).coldStart(activation: self.activation, offering: self.offer).map(\.0).last
                == .contentSizeThatFits)
    }

    @Test func resigningDisappearsThenResignsAndTakesTheTouch() throws {
        var instance = self.instance(.expanded)
        instance.touch?.arm(at: Instant(milliseconds: 0))
        let callbacks = try #require(instance.resign { _ in self.activation })
        #expect(callbacks.map(\.0) == [.viewWillDisappear, .viewDidDisappear, .willResignActive, .didResignActive])
        #expect(instance.phase == .resigning && instance.touch?.armedAt == nil)
        #expect(instance.resign { _ in self.activation } == nil, "only an active instance resigns")
    }

    @Test func selectingFromCompactExpandsAroundTheSelection() {
        var instance = self.instance(.compact)
        let selection: Instance.Callbacks = [(.willSelect, self.activation), (.didSelect, self.activation)]
        #expect(
            instance.select(3) { _ in selection }.map(\.0) == [
                .willTransition, .willSelect, .didSelect, .didTransition,
            ])
        #expect(instance.style == .expanded && instance.selectedEntry == 3)
        #expect(instance.select(3) { _ in selection }.isEmpty, "the same message again: nothing")
        #expect(
            instance.select(4) { _ in selection }.map(\.0) == [.willSelect, .didSelect],
            "expanded already: only the selection")
    }

    @Test func aTransitionHappensOnlyToAnotherStyleThanTranscript() {
        var instance = self.instance(.compact)
        #expect(instance.transition(to: .compact).isEmpty)
        #expect(instance.transition(to: .transcript).isEmpty)
        #expect(instance.transition(to: .expanded).map(\.0) == [.willTransition, .didTransition])
        #expect(instance.style == .expanded)
        instance.phase = .resigning
        #expect(instance.transition(to: .compact).isEmpty, "a resigning instance does not transition")
    }

    @Test func aLiveBubblesSizeIsClampedToTheOffer() {
        let fitted = Instance.fitted(SizeValue(width: 900, height: -5), offered: self.offer)
        #expect(fitted.width == 320 && fitted.height == 0)
    }
}

/// Outcomes add up in order, and the instances to wait for join.
@Suite struct OutcomeTests {
    @Test func outcomesAddUpInOrder() {
        var outcome = Outcome([.stopped], ["i1"])
        outcome += Outcome([.advanceClock(milliseconds: 5)], ["i2"])
        let sum = outcome + Outcome()
        #expect(sum.actions == [.stopped, .advanceClock(milliseconds: 5)])
        #expect(sum.instances == ["i1", "i2"])
    }
}
