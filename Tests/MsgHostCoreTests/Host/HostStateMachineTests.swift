@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// `forked`: the copy the fuzzers make of one prepared machine for every input must share
/// nothing with it — not its history (a value copy of a machine would share that: the history
/// is a reference) and not its source of identifiers.
@Suite struct HostStateMachineTests {
    @Test func aForkStoresInItsOwnHistoryAndTheOriginalSeesNothing() throws {
        var h = try HostHarness()
        let original = h.machine
        let ids = SequentialIDGenerator()
        h.machine = original.forked(history: InMemoryHistory(), ids: ids)
        let (stored, _) = h.dispatch(MessageValue(url: "https://example.com/?fork=1"))
        #expect(h.machine.world.history.lastEntryID() > 0)
        #expect(h.machine.world.history.message(stored.id) != nil)
        #expect(original.world.history.lastEntryID() == 0)
        #expect(original.world.history.message(stored.id) == nil)
        // The fork's identifiers came from the generator it was given.
        #expect(ids.makeUUID() != stored.id)
        #expect(h.machine.world.people == original.world.people)
    }

    @Test func aWorldOverAnotherHistoryKeepsItsDirectory() throws {
        let h = try HostHarness()
        let world = h.machine.world.over(InMemoryHistory())
        #expect(world.people == h.machine.world.people)
        #expect(world.installs == h.machine.world.installs)
    }
}
