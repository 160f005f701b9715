import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `Observer` on its own: a read-only view of the machine's parts that answers what reads the
/// world and the daemon, hands the shell what only the shell can answer, and checks ranges
/// where the request enters.
@Suite struct ObserverTests {
    @Test func theShellsRequestsAreHandedOverAndTheRestAnsweredHere() throws {
        let h = try HostHarness()
        let observer = h.machine.observer
        guard case .shell(.wireTap) = try observer.answer(.wireTap, now: h.now) else {
            Issue.record("wireTap is the shell's")
            return
        }
        guard case .shell(.metrics) = try observer.answer(.metrics, now: h.now) else {
            Issue.record("metrics is the shell's")
            return
        }
        guard case .result(.world(let world)) = try observer.answer(.world, now: h.now) else {
            Issue.record("world is answered here")
            return
        }
        #expect(world.people.map(\.handle) == world.people.map(\.handle).sorted(), "in a stable order")
        #expect(world.devices.map(\.id).contains(HostHarness.amberPhone))
    }

    @Test func statusTellsTheClockAndUptimeFromTheMachinesStart() throws {
        var h = try HostHarness()
        h.advance(milliseconds: 1_500)
        guard case .result(.status(let status)) = try h.machine.observer.answer(.status, now: h.now) else {
            Issue.record("status")
            return
        }
        #expect(status.daemon.uptimeMs == 1_500 && status.daemon.startedAt == HostHarness.start.milliseconds)
        #expect(status.daemon.protocol == WireVersion.major && status.extensions.isEmpty)
    }

    @Test func numbersAreCheckedWhereTheyEnter() throws {
        let h = try HostHarness()
        let observer = h.machine.observer
        #expect(throws: WireError.self) {
            _ = try observer.answer(
                .transcript(
                    TranscriptRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation, limit: 0)),
                now: h.now)
        }
        #expect(throws: WireError.self) { _ = try observer.answer(.events(EventsRequest(after: -1)), now: h.now) }
        #expect(throws: WireError.self) { _ = try observer.answer(.file(FileRequest(url: "")), now: h.now) }
        guard
            case .result(.transcript(let page)) = try observer.answer(
                .transcript(
                    TranscriptRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, limit: 1_000)),
                now: h.now)
        else {
            Issue.record("the largest page is answered")
            return
        }
        #expect(page.entries.isEmpty && !page.more)
    }

    @Test func readingChangesNothing() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let before = h.machine.outbox.events.nextSeq
        for request: ObservationRequest in [
            .status, .world, .events(EventsRequest()), .view(ViewRequest(device: HostHarness.amberPhone)),
        ] {
            _ = try h.machine.observer.answer(request, now: h.now)
        }
        #expect(h.machine.outbox.events.nextSeq == before, "an observer is a copy: it records nothing")
        guard
            case .result(.view(let view)) = try h.machine.observer.answer(
                .view(ViewRequest(device: HostHarness.amberPhone)), now: h.now)
        else {
            Issue.record("view")
            return
        }
        #expect(view.app == HostHarness.app)
    }
}

/// The counters: by name, leaving out what was never counted.
@Suite struct CountersTests {
    @Test func countsAddUpAndOnlyWhatWasCountedIsNamed() {
        var counters = Counters()
        #expect(counters.byName.isEmpty)
        counters.count(.launches)
        counters.count(.droppedFrames, by: 3)
        counters.count(.launches)
        #expect(counters.byName == ["launches": 2, "droppedFrames": 3])
    }
}
