import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `restore` undoes a unit part by part (`JournaledTable`, `Journaled`): after any one event
/// of a varied session — a launch, a hello, a touch, a send that arrives elsewhere, a
/// delivery rule, a new person, a close, a crash — the machine is put back exactly as it was before
/// it: every part, down to its counters, header ids, identifiers and instance numbers.
@Suite struct HostStateMachineUndoTests {
    typealias Step = @Sendable (inout HostHarness) throws -> Void

    /// The session, one event (or a few that make one unit) a step.
    static let steps: [(String, Step)] = [
        ("open and connect", { h in _ = try h.openConnected() }),
        ("touch", { h in _ = h.touch() }),
        (
            "direct send",
            { h in
                let instance = try #require(h.machine.screens.presented[HostHarness.amberPhone])
                _ = h.send(instance: instance)
            }
        ),
        (
            "hold Ben's deliveries",
            { h in
                _ = try h.controlReply(.delivery(.delivery(DeliveryRequest(device: HostHarness.benPhone, hold: true))))
            }
        ),
        (
            "a new person",
            { h in
                _ = try h.controlReply(
                    .admin(.createPerson(CreatePersonRequest(handle: "dan@example.com", name: "Dan"))))
            }
        ),
        (
            "the user closes the app",
            { h in _ = h.control(.user(.close(DeviceRequest(device: HostHarness.amberPhone)))) }
        ),
        ("the app opens again", { h in _ = try h.openConnected() }),
        ("the process crashes", { h in _ = h.processExited(status: "signal 11") }),
    ]

    @Test(arguments: 0..<steps.count)
    func undoingAnEventPutsEveryPartBack(step: Int) throws {
        var h = try HostHarness()
        for (_, earlier) in Self.steps[..<step] { try earlier(&h) }
        let checkpoint = h.machine.checkpoint()
        let before = String(describing: h.machine)
        let (name, event) = Self.steps[step]
        try event(&h)
        #expect(String(describing: h.machine) != before, "\(name) changed nothing, so undoing it proves nothing")
        h.machine.restore(checkpoint)
        #expect(String(describing: h.machine) == before, "undoing \(name) left the machine changed")
    }
}
