import MsgHostProtocol
import MsgHostStore
import Testing

@testable import MsgHostCore

/// `forked`: the copy the fuzzers make of one prepared machine for every input must share
/// nothing with it — not its history (a value copy of a machine would share that: the history
/// is a reference) and not its source of identifiers.
@Suite struct HostStateMachineTests {
    @Test func aForkStoresInItsOwnHistoryAndTheOriginalSeesNothing() throws {
        var h = try HostHarness()
        let original = h.machine
        var ids = SeededIDGenerator(seed: 99)
        let originalHistory = h.history
        h.history = InMemoryHistory()
        h.machine = original.forked(history: h.history, ids: ids)
        // Written to the fork's history.
        let (stored, _) = try h.dispatch(MessageValue(url: "https://example.com/?fork=1"))
        #expect(h.history.lastEntryID() > 0)
        #expect(h.history.message(stored.id) != nil)
        #expect(try h.machine.world.message(stored.id) != nil)
        #expect(originalHistory.lastEntryID() == 0)
        #expect(try original.world.message(stored.id) == nil)
        // The fork's identifiers came from the generator it was given (a value: the fork
        // carries on from the state it was given in), not from the original's.
        var originals = original.ids
        #expect(ids.makeUUID() == stored.id && originals.makeUUID() != stored.id)
        #expect(h.machine.world.people == original.world.people)
    }

    @Test func aWorldOverAnotherHistoryKeepsItsDirectory() throws {
        let h = try HostHarness()
        let world = h.machine.world.over(InMemoryHistory())
        #expect(world.people == h.machine.world.people)
        #expect(world.installs == h.machine.world.installs)
    }
}
