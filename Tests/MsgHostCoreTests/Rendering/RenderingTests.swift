import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Views are pure: identifiers are made when an install or a person is made, so
/// building what an extension sees — a conversation, a message, a transcript — writes nothing.
@Suite struct RenderingTests {
    @Test func everyInstallHasAnIdentifierForEveryPersonFromTheStart() throws {
        let h = try HostHarness()
        for install in h.machine.world.installs.keys {
            for person in h.machine.world.people.keys {
                #expect(
                    h.machine.world.participants[install]?[person] != nil, "\(install) has no identifier for \(person)")
            }
        }
    }

    @Test func openingTouchingSendingAndReadingWriteNoIdentifier() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
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
        all +=
            h.control(
                .observation(
                    .transcript(
                        TranscriptRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation)))
            ).actions
        let assigned = all.persisted.filter { if case .participantAssigned = $0 { true } else { false } }
        #expect(assigned.isEmpty, "views made identifiers: \(assigned)")
        #expect(all.persisted.contains { if case .messageStored = $0 { true } else { false } })
    }

    /// Found by HostPropertyTests: once the sender's app was reinstalled, the tokens of what it
    /// had sent could no longer be translated, and every reader got the retired identifier.
    @Test func tokensOfAMessageStillTranslateAfterItsSenderReinstalled() throws {
        var h = try HostHarness()
        let amberInstall = try #require(h.installID(HostHarness.amberPhone))
        let benAsAmberSaw = try #require(h.identifier(of: HostHarness.ben, on: HostHarness.amberPhone))
        let text = "$\(benAsAmberSaw) won"
        let (stored, _) = try h.dispatch(
            MessageValue(summaryText: text, layout: .template(TemplateLayoutValue(caption: text))))
        #expect(
            try h.controlReply(
                .admin(.uninstallApp(DeviceAppRequest(device: HostHarness.amberPhone, app: HostHarness.app)))
            ).isOK)
        #expect(
            try h.controlReply(
                .admin(.installApp(DeviceAppRequest(device: HostHarness.amberPhone, app: HostHarness.app)))
            ).isOK)
        #expect(h.installID(HostHarness.amberPhone) != amberInstall)

        let benInstall = try #require(h.installID(HostHarness.benPhone))
        let benAsBenSees = try #require(h.identifier(of: HostHarness.ben, on: HostHarness.benPhone))
        let seen = h.machine.rendering.messageValue(stored, for: benInstall)
        #expect(seen.summaryText == "$\(benAsBenSees) won")
        #expect(seen.layout == .template(TemplateLayoutValue(caption: "$\(benAsBenSees) won")))
        #expect(h.machine.rendering.rendered(text, sentBy: stored.senderInstall, on: HostHarness.benPhone) == "Ben won")
    }
}
