import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the control endpoint (PROTOCOL §7, §3.4): unknown commands, missing fields and
/// unknown names get precise errors; changes are persisted before the reply that acknowledges
/// them; `open` launches the extension with a launch timer and answers nothing until the
/// callbacks it caused are acknowledged; reinstalls get all-new participant identifiers;
/// `transcript` answers a page (the newest 50 unless `limit` says otherwise, older ones with
/// `before`) whose `index`es stay positions in the whole transcript.
@Suite struct HostStateMachineControlTests {
    static let open = OpenRequest(
        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app)

    @Test func whatTheCodecRefusedIsAnsweredWithItsError() throws {
        var h = try HostHarness()
        let refusal = WireError.protocolError(.unknownType, "unknown control command \"teleport\"")
        let actions = h.machine.controlMessageReceived(
            client: h.client, .refused(id: "c-teleport", command: nil, refusal), now: h.now)
        let reply = try #require(actions.controlReplies.first)
        #expect(reply.error == refusal)
        #expect(reply.error?.description.contains("teleport") == true)
        #expect(reply.header.replyTo == "c-teleport")
    }

    @Test(arguments: [
        ControlRequest.user(.close(DeviceRequest(device: "nokia-3310"))),
        ControlRequest.user(.touch(TouchRequest(device: "nokia-3310"))),
    ])
    func anUnknownDeviceIsNotFound(request: ControlRequest) throws {
        var h = try HostHarness()
        let reply = try h.controlReply(request)
        let error = try #require(reply.error)
        #expect(error.isControl(.notFound))
        #expect(error.description.contains("nokia-3310"))
    }

    @Test func openingOnAnUnknownDeviceIsNotFoundAndLaunchesNothing() throws {
        var h = try HostHarness()
        let (_, actions) = h.control(
            .user(
                .open(OpenRequest(device: "nokia-3310", conversation: HostHarness.conversation, app: HostHarness.app))))
        #expect(actions.controlReplies.first?.error?.isControl(.notFound) == true)
        #expect(actions.launches.isEmpty)
    }

    @Test func openingAnAppThatIsNotInstalledThereIsNotFound() throws {
        var h = try HostHarness()
        let reply = try h.controlReply(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.benPhone, conversation: HostHarness.conversation, app: HostHarness.mediaApp)
                )))
        #expect(reply.error?.isControl(.notFound) == true)
    }

    @Test func touchWithNothingOpenIsInvalidState() throws {
        var h = try HostHarness()
        let reply = try h.controlReply(.user(.touch(TouchRequest(device: HostHarness.amberPhone))))
        #expect(reply.error?.isControl(.invalidState) == true)
    }

    @Test func createPersonPersistsBeforeItReplies() throws {
        var h = try HostHarness()
        let (_, actions) = h.control(.admin(.createPerson(CreatePersonRequest(handle: "dan@example.com", name: "Dan"))))
        let persist = try #require(actions.firstIndex { if case .persist = $0 { true } else { false } })
        let reply = try #require(actions.firstIndex { if case .sendToControl = $0 { true } else { false } })
        #expect(persist < reply)
        #expect(actions.persisted.first == .personCreated(Person(handle: "dan@example.com", name: "Dan")))
        // Every install gets Dan's identifier now, so that no view ever has to make one.
        let assigned = actions.persisted.dropFirst().compactMap {
            if case .participantAssigned(let install, "dan@example.com", _) = $0 { install } else { nil }
        }
        #expect(Set(assigned) == Set(h.machine.world.installs.keys))
        #expect(try actions.controlReplies[0].result(PersonResult.self).person.name == "Dan")
    }

    @Test func openLaunchesTheExtensionWithALaunchTimerAndDoesNotAnswerYet() throws {
        var h = try HostHarness()
        let (_, actions) = h.control(.user(.open(Self.open)))
        let launch = try #require(actions.launches.first)
        #expect(actions.launches.count == 1)
        #expect(launch.device == HostHarness.amberPhone)
        #expect(launch.app == HostHarness.app)
        #expect(launch.installID == h.machine.world.install(device: HostHarness.amberPhone, app: HostHarness.app)?.id)
        #expect(!launch.token.isEmpty)
        let timer = try #require(actions.timers.first)
        #expect(timer.0 == .launchTimeout(launchID: launch.launchID))
        #expect(timer.1 == h.now.adding(milliseconds: HostSettings().launchTimeoutMs))
        #expect(actions.controlReplies.isEmpty)
        #expect(actions.callbacks.isEmpty, "nothing can be sent before hello")
    }

    @Test func statusShowsTheDaemonAndTheRunningExtension() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        h.advance(milliseconds: 1_234)
        let status = try h.controlReply(.observation(.status)).result(StatusResult.self)
        #expect(status.daemon.pid == 4242)
        #expect(status.daemon.protocol == 1)
        #expect(status.daemon.uptimeMs == h.now.milliseconds(since: HostHarness.start))
        #expect(status.extensions.map(\.app) == [HostHarness.app])
        #expect(status.extensions.first?.state == "running")
        #expect(status.extensions.first?.pid == 777)
    }

    @Test func aReinstallGetsAllNewParticipantIdentifiersAndOtherDevicesKeepTheirs() throws {
        var h = try HostHarness()
        let amberRequest = DeviceAppRequest(device: HostHarness.amberPhone, app: HostHarness.app)
        let benRequest = DeviceAppRequest(device: HostHarness.benPhone, app: HostHarness.app)
        let before = try h.controlReply(.observation(.participants(amberRequest))).result(ParticipantsResult.self)
        let ben = try h.controlReply(.observation(.participants(benRequest))).result(ParticipantsResult.self)
        #expect(Set(before.participants.map(\.identifier)).isDisjoint(with: ben.participants.map(\.identifier)))

        let uninstalled = try h.controlReply(.admin(.uninstallApp(amberRequest)))
        #expect(uninstalled.isOK == true)
        let installed = try h.controlReply(.admin(.installApp(amberRequest))).result(InstallResult.self)
        #expect(installed.install.id != before.install.id)
        let after = try h.controlReply(.observation(.participants(amberRequest))).result(ParticipantsResult.self)
        #expect(after.install.id == installed.install.id)
        #expect(after.participants.map(\.person) == before.participants.map(\.person))
        #expect(Set(after.participants.map(\.identifier)).isDisjoint(with: before.participants.map(\.identifier)))
        let benAfter = try h.controlReply(.observation(.participants(benRequest))).result(ParticipantsResult.self)
        #expect(benAfter == ben)
    }

    @Test func installingAnAppWithoutAManifestIsNotFound() throws {
        var h = try HostHarness()
        let reply = try h.controlReply(
            .admin(.installApp(DeviceAppRequest(device: HostHarness.benPhone, app: "com.example.ghost"))))
        #expect(reply.error?.isControl(.notFound) == true)
        #expect(reply.error?.description.contains("com.example.ghost") == true)
    }

    // MARK: Transcript pages

    /// Amber sends `count` plain texts; returns the ids of Ben's entries, oldest first.
    static func texts(_ count: Int, in h: inout HostHarness) throws -> [Int] {
        for number in 1...count { _ = try h.dispatch(.text("text \(number)"), app: nil) }
        return try h.entryIDs(HostHarness.benPhone)
    }

    @Test func transcriptWithoutLimitIsTheNewestFiftyWithTheirPlaceInTheWhole() throws {
        var h = try HostHarness()
        let ids = try Self.texts(60, in: &h)
        let page = try h.transcriptPage(HostHarness.benPhone)
        #expect(page.entries.map(\.entry) == Array(ids.suffix(50)))
        #expect(page.entries.map(\.index) == Array(10..<60))
        #expect(page.entries.last?.text == "text 60")
        #expect(page.more && page.olderCount == 10)
    }

    @Test func transcriptBeforeTheFirstEntryOfAPageIsThePageBefore() throws {
        var h = try HostHarness()
        let ids = try Self.texts(12, in: &h)
        let newest = try h.transcriptPage(HostHarness.benPhone, limit: 5)
        #expect(newest.entries.map(\.entry) == Array(ids[7...]))
        let older = try h.transcriptPage(
            HostHarness.benPhone, limit: 5, before: try #require(newest.entries.first).entry)
        #expect(older.entries.map(\.entry) == Array(ids[2..<7]))
        #expect(older.entries.map(\.index) == Array(2..<7))
        #expect(older.more && older.olderCount == 2)
        let oldest = try h.transcriptPage(
            HostHarness.benPhone, limit: 5, before: try #require(older.entries.first).entry)
        #expect(oldest.entries.map(\.entry) == Array(ids[..<2]))
        #expect(!oldest.more && oldest.olderCount == 0)
    }

    @Test(
        arguments: [
            (0, nil, "limit must be from 1 to 1000"), (-1, nil, "limit must be from 1 to 1000"),
            (1_001, nil, "limit must be from 1 to 1000"), (Int.max, nil, "limit must be from 1 to 1000"),
            (nil, 0, "before must be from 1"), (nil, -1, "before must be from 1"),
            (nil, Int.min, "before must be from 1"),
        ] as [(Int?, Int?, String)])
    func aTranscriptPageOutOfRangeIsInvalidRequestNamingTheFieldAndRange(limit: Int?, before: Int?, message: String)
        throws
    {
        var h = try HostHarness()
        let request = TranscriptRequest(
            device: HostHarness.benPhone, conversation: HostHarness.conversation, limit: limit, before: before)
        let error = try #require(try h.controlReply(.observation(.transcript(request))).error)
        #expect(error.isControl(.invalidRequest))
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test func theLimitsEdgesAreAccepted() throws {
        var h = try HostHarness()
        let ids = try Self.texts(3, in: &h)
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1).entries.map(\.entry) == [ids[2]])
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1_000, before: 1).entries.isEmpty)
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1_000).entries.map(\.entry) == ids)
    }

    @Test func afterShutdownControlRequestsAreShuttingDown() throws {
        var h = try HostHarness()
        _ = h.machine.shutdownRequested(now: h.now)
        let reply = try h.controlReply(.observation(.status))
        #expect(reply.error?.isControl(.shuttingDown) == true)
    }
}
