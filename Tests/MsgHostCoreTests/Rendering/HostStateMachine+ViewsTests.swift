@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// Views are pure (issue 12): identifiers are made when an install or a person is made, so
/// building what an extension sees — a conversation, a message, a transcript — writes nothing.
@Suite struct HostStateMachineViewsTests {
    @Test func everyInstallHasAnIdentifierForEveryPersonFromTheStart() throws {
        let h = try HostHarness()
        for install in h.machine.world.installs.keys {
            for person in h.machine.world.people.keys {
                #expect(h.machine.world.participants[install]?[person] != nil, "\(install) has no identifier for \(person)")
            }
        }
    }

    @Test func openingTouchingSendingAndReadingWriteNoIdentifier() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(ControlCommand.open.rawValue, OpenRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))
        var all = opened
        if !opened.launches.isEmpty {
            _ = h.processStarted()
            all += h.ackAll(from: h.hello()).actions
        }
        all += h.touch()
        let instance = try #require(h.machine.screens.presented[HostHarness.amberPhone])
        let sent = h.send(instance: instance)
        #expect(sent.extensionReplies.first?.isOK == true, "\(String(describing: sent.extensionReplies.first?.error))")
        all += sent + h.ackAll(from: sent).actions
        all += h.control(ControlCommand.transcript.rawValue, TranscriptRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation)).actions
        let assigned = all.persisted.filter { if case .participantAssigned = $0 { true } else { false } }
        #expect(assigned.isEmpty, "views made identifiers: \(assigned)")
        #expect(all.persisted.contains { if case .messageStored = $0 { true } else { false } })
    }
}
