import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// One instance's callbacks: in order, one in flight, acknowledged only by the id in flight,
/// and the causes each carries — without a machine around them.
@Suite struct CallbackQueueTests {
    static let t0 = Instant(milliseconds: 1_000)

    static func queue(_ types: [CallbackType], causes: Set<Int> = []) -> CallbackQueue {
        var queue = CallbackQueue()
        queue.append(types.map { CallbackQueue.Callback(type: $0, body: .ok, causes: causes) })
        return queue
    }

    @Test func callbacksGoInOrderOneAtATime() {
        var queue = Self.queue([.willBecomeActive, .didBecomeActive])
        #expect(queue.next?.type == .willBecomeActive)
        queue.sent(id: "h1", at: Self.t0)
        #expect(queue.next == nil, "nothing more goes while one is in flight")
        #expect(queue.inFlight?.type == .willBecomeActive)
        #expect(queue.acknowledge("h1")?.type == .willBecomeActive)
        #expect(queue.next?.type == .didBecomeActive)
        queue.sent(id: "h2", at: Self.t0)
        #expect(queue.acknowledge("h2") != nil)
        #expect(queue.isIdle)
    }

    @Test func onlyTheIdInFlightAcknowledges() {
        var queue = Self.queue([.touch])
        queue.sent(id: "h7", at: Self.t0)
        #expect(queue.acknowledge("h6") == nil)
        #expect(queue.isInFlight("h7"))
        #expect(queue.acknowledge("h7") != nil)
        #expect(queue.acknowledge("h7") == nil, "a second reply to the same callback acknowledges nothing")
    }

    @Test func sendingWithNothingWaitingOrSomethingInFlightChangesNothing() {
        var empty = CallbackQueue()
        empty.sent(id: "h1", at: Self.t0)
        #expect(empty.inFlight == nil)
        var busy = Self.queue([.touch, .touch])
        busy.sent(id: "h1", at: Self.t0)
        busy.sent(id: "h2", at: Self.t0)
        #expect(busy.inFlight?.id == "h1")
        #expect(busy.waiting.count == 1)
    }

    @Test func causesAreCarriedWhileWaitingAndInFlight() {
        var queue = Self.queue([.touch], causes: [3])
        #expect(queue.carries([3]) && !queue.carries([4]))
        queue.sent(id: "h1", at: Self.t0)
        #expect(queue.carries([3]))
        var seen: [Set<Int>] = []
        queue.forEachCauses { seen.append($0) }
        #expect(seen == [[3]])
        _ = queue.acknowledge("h1")
        #expect(!queue.carries([3]))
    }
}
