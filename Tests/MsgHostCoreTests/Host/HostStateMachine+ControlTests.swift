@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// Pins down the control endpoint (PROTOCOL §7, §3.4): unknown commands, missing fields and
/// unknown names get precise errors; changes are persisted before the reply that acknowledges
/// them; `open` launches the extension with a launch timer and answers nothing until the
/// callbacks it caused are acknowledged; reinstalls get all-new participant identifiers;
/// `transcript` answers a page (the newest 50 unless `limit` says otherwise, older ones with
/// `before`) whose `index`es stay positions in the whole transcript.
@Suite struct HostStateMachineControlTests {
    static let open = OpenRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app)

    @Test func anUnknownCommandIsUnknownTypeNamingIt() throws {
        var h = try HostHarness()
        let reply = try h.controlReply("teleport")
        let error = try #require(reply.error)
        #expect(error.isProtocol(.unknownType))
        #expect(error.description.contains("teleport"))
        #expect(reply.header.replyTo != nil)
    }

    @Test func controlRepliesAreUnsigned() throws {
        var h = try HostHarness()
        let (_, actions) = h.control("status")
        let frames = try #require(actions.compactMap { if case .sendToControl(_, let frames) = $0 { frames } else { nil } }.first)
        #expect(frames[1].isEmpty)
    }

    @Test func aMissingFieldIsInvalidRequestNamingTheField() throws {
        var h = try HostHarness()
        let reply = try h.controlReply("createPerson", ["handle": "dan@example.com"])
        let error = try #require(reply.error)
        #expect(error.isControl(.invalidRequest))
        #expect(error.domain == "msghost.control")
        #expect(error.description.contains("name"))
        #expect(h.machine.world.people["dan@example.com"] == nil)
    }

    @Test(arguments: ["close", "touch"])
    func anUnknownDeviceIsNotFound(command: String) throws {
        var h = try HostHarness()
        let reply = try h.controlReply(command, DeviceRequest(device: "nokia-3310"))
        let error = try #require(reply.error)
        #expect(error.isControl(.notFound))
        #expect(error.description.contains("nokia-3310"))
    }

    @Test func openingOnAnUnknownDeviceIsNotFoundAndLaunchesNothing() throws {
        var h = try HostHarness()
        let (_, actions) = h.control("open", OpenRequest(device: "nokia-3310", conversation: HostHarness.conversation, app: HostHarness.app))
        #expect(actions.controlReplies.first?.error?.isControl(.notFound) == true)
        #expect(actions.launches.isEmpty)
    }

    @Test func openingAnAppThatIsNotInstalledThereIsNotFound() throws {
        var h = try HostHarness()
        let reply = try h.controlReply("open", OpenRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, app: HostHarness.mediaApp))
        #expect(reply.error?.isControl(.notFound) == true)
    }

    @Test func touchWithNothingOpenIsInvalidState() throws {
        var h = try HostHarness()
        let reply = try h.controlReply("touch", TouchRequest(device: HostHarness.amberPhone))
        #expect(reply.error?.isControl(.invalidState) == true)
    }

    @Test func createPersonPersistsBeforeItReplies() throws {
        var h = try HostHarness()
        let (_, actions) = h.control("createPerson", CreatePersonRequest(handle: "dan@example.com", name: "Dan"))
        let persist = try #require(actions.firstIndex { if case .persist = $0 { true } else { false } })
        let reply = try #require(actions.firstIndex { if case .sendToControl = $0 { true } else { false } })
        #expect(persist < reply)
        #expect(actions.persisted.first == .personCreated(Person(handle: "dan@example.com", name: "Dan")))
        // Every install gets Dan's identifier now, so that no view ever has to make one.
        let assigned = actions.persisted.dropFirst().compactMap { if case .participantAssigned(let install, "dan@example.com", _) = $0 { install } else { nil } }
        #expect(Set(assigned) == Set(h.machine.world.installs.keys))
        #expect(try actions.controlReplies[0].decodeBody(PersonResult.self).person.name == "Dan")
    }

    @Test func openLaunchesTheExtensionWithALaunchTimerAndDoesNotAnswerYet() throws {
        var h = try HostHarness()
        let (_, actions) = h.control("open", Self.open)
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
        let status = try h.controlReply("status").decodeBody(StatusResult.self)
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
        let before = try h.controlReply("participants", amberRequest).decodeBody(ParticipantsResult.self)
        let ben = try h.controlReply("participants", benRequest).decodeBody(ParticipantsResult.self)
        #expect(Set(before.participants.map(\.identifier)).isDisjoint(with: ben.participants.map(\.identifier)))

        let uninstalled = try h.controlReply("uninstallApp", amberRequest)
        #expect(uninstalled.isOK == true)
        let installed = try h.controlReply("installApp", amberRequest).decodeBody(InstallResult.self)
        #expect(installed.install.id != before.install.id)
        let after = try h.controlReply("participants", amberRequest).decodeBody(ParticipantsResult.self)
        #expect(after.install.id == installed.install.id)
        #expect(after.participants.map(\.person) == before.participants.map(\.person))
        #expect(Set(after.participants.map(\.identifier)).isDisjoint(with: before.participants.map(\.identifier)))
        let benAfter = try h.controlReply("participants", benRequest).decodeBody(ParticipantsResult.self)
        #expect(benAfter == ben)
    }

    @Test func installingAnAppWithoutAManifestIsNotFound() throws {
        var h = try HostHarness()
        let reply = try h.controlReply("installApp", DeviceAppRequest(device: HostHarness.benPhone, app: "com.example.ghost"))
        #expect(reply.error?.isControl(.notFound) == true)
        #expect(reply.error?.description.contains("com.example.ghost") == true)
    }

    // MARK: Transcript pages

    /// Amber sends `count` plain texts; returns the ids of Ben's entries, oldest first.
    static func texts(_ count: Int, in h: inout HostHarness) -> [Int] {
        for number in 1...count { _ = h.dispatch(.text("text \(number)"), app: nil) }
        return h.entryIDs(HostHarness.benPhone)
    }

    @Test func transcriptWithoutLimitIsTheNewestFiftyWithTheirPlaceInTheWhole() throws {
        var h = try HostHarness()
        let ids = Self.texts(60, in: &h)
        let page = try h.transcriptPage(HostHarness.benPhone)
        #expect(page.entries.map(\.entry) == Array(ids.suffix(50)))
        #expect(page.entries.map(\.index) == Array(10..<60))
        #expect(page.entries.last?.text == "text 60")
        #expect(page.more && page.olderCount == 10)
    }

    @Test func transcriptBeforeTheFirstEntryOfAPageIsThePageBefore() throws {
        var h = try HostHarness()
        let ids = Self.texts(12, in: &h)
        let newest = try h.transcriptPage(HostHarness.benPhone, limit: 5)
        #expect(newest.entries.map(\.entry) == Array(ids[7...]))
        let older = try h.transcriptPage(HostHarness.benPhone, limit: 5, before: try #require(newest.entries.first).entry)
        #expect(older.entries.map(\.entry) == Array(ids[2..<7]))
        #expect(older.entries.map(\.index) == Array(2..<7))
        #expect(older.more && older.olderCount == 2)
        let oldest = try h.transcriptPage(HostHarness.benPhone, limit: 5, before: try #require(older.entries.first).entry)
        #expect(oldest.entries.map(\.entry) == Array(ids[..<2]))
        #expect(!oldest.more && oldest.olderCount == 0)
    }

    @Test(arguments: [
        (0, nil, "limit must be from 1 to 1000"), (-1, nil, "limit must be from 1 to 1000"),
        (1_001, nil, "limit must be from 1 to 1000"), (Int.max, nil, "limit must be from 1 to 1000"),
        (nil, 0, "before must be from 1"), (nil, -1, "before must be from 1"), (nil, Int.min, "before must be from 1"),
    ] as [(Int?, Int?, String)])
    func aTranscriptPageOutOfRangeIsInvalidRequestNamingTheFieldAndRange(limit: Int?, before: Int?, message: String) throws {
        var h = try HostHarness()
        let request = TranscriptRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, limit: limit, before: before)
        let error = try #require(try h.controlReply("transcript", request).error)
        #expect(error.isControl(.invalidRequest))
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test func theLimitsEdgesAreAccepted() throws {
        var h = try HostHarness()
        let ids = Self.texts(3, in: &h)
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1).entries.map(\.entry) == [ids[2]])
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1_000, before: 1).entries.isEmpty)
        #expect(try h.transcriptPage(HostHarness.benPhone, limit: 1_000).entries.map(\.entry) == ids)
    }

    @Test func afterShutdownControlRequestsAreShuttingDown() throws {
        var h = try HostHarness()
        _ = h.machine.shutdownRequested(now: h.now)
        let reply = try h.controlReply("status")
        #expect(reply.error?.isControl(.shuttingDown) == true)
    }
}
