import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down how a message arrives in a device's transcript (SPEC §5, PROTOCOL §5.2): the
/// session rule (an earlier bubble of the same app and session collapses in place into a
/// summary, or goes when it has no summary text and none is configured; other apps and
/// sessions are untouched), the legacy fallback (the image, then the URL only if http(s), as
/// two plain entries instead of a bubble), and entry ids that only ever increase.
@Suite struct WorldTranscriptsTests {
    static let t0 = Instant(milliseconds: 1_000)

    /// Amber (phone) and Ben (phone, and an old `legacy` phone) in `ab`; `app` and `other`
    /// installed on both phones.
    static func makeWorld() throws -> World {
        var world = World()
        _ = try world.createPerson(handle: "amber", name: "Amber")
        _ = try world.createPerson(handle: "ben", name: "Ben")
        _ = try world.createDevice(id: "amber-phone", owner: "amber", platform: .ios17)
        _ = try world.createDevice(id: "ben-phone", owner: "ben", platform: .ios17)
        _ = try world.createDevice(id: "ben-old", owner: "ben", platform: .legacy)
        _ = try world.createConversation(id: "ab", members: ["amber", "ben"])
        for (app, device) in [
            ("app", "amber-phone"), ("app", "ben-phone"), ("other", "amber-phone"), ("other", "ben-phone"),
        ] {
            _ = try world.install(app: app, on: device, id: "\(app)@\(device)", at: t0)
        }
        return world
    }

    static func message(
        _ id: String, app: String? = "app", session: String? = "S", summary: String? = nil, url: String? = nil,
        image: StoredFile? = nil, media: StoredFile? = nil
    ) -> StoredMessage {
        let value = MessageValue(
            url: url, session: session, summaryText: summary ?? "summary of \(id)",
            layout: .template(TemplateLayoutValue(caption: id)))
        return StoredMessage(
            id: id, conversation: "ab", app: app, sender: "amber", senderDevice: "amber-phone",
            senderInstall: app.map { "\($0)@amber-phone" }, sentAt: 5, content: .app(value, image: image, media: media))
    }

    static let picture = StoredFile(
        sha256: String(repeating: "b", count: 64), storedName: "b.png", filename: "cone.png", mediaType: "image/png",
        byteCount: 9)

    /// Stores `message` and has it arrive on `device`; returns the changes.
    @discardableResult
    static func arrive(
        _ message: StoredMessage, in world: inout World, on device: String = "ben-phone", nilSummaryText: String? = nil
    ) throws -> [WorldChange] {
        _ = world.applying([.messageStored(message)])
        return try world.arrive(message.id, on: device, nilSummaryText: nilSummaryText)
    }

    static func kinds(_ world: World, _ device: String = "ben-phone") throws -> [String] {
        try world.entries(device: device, conversation: "ab").map { "\($0.kind.rawValue):\($0.messageID)" }
    }

    // MARK: Sessions

    @Test func anEarlierBubbleOfTheSessionCollapsesInPlaceIntoASummary() throws {
        var world = try Self.makeWorld()
        try Self.arrive(Self.message("q"), in: &world)
        try Self.arrive(
            StoredMessage(
                id: "t", conversation: "ab", app: nil, sender: "ben", senderDevice: "ben-phone", senderInstall: nil,
                sentAt: 6, content: .text("ok")), in: &world)
        let first = try #require(world.entries(device: "ben-phone", conversation: "ab").first)

        let changes = try Self.arrive(Self.message("a"), in: &world)
        #expect(try Self.kinds(world) == ["summary:q", "bubble:t", "bubble:a"])
        let collapsed = try #require(world.entries(device: "ben-phone", conversation: "ab").first)
        #expect(collapsed.id == first.id, "the summary keeps the earlier bubble's place and id")
        #expect(changes.first == .transcriptEntryChanged(device: "ben-phone", conversation: "ab", collapsed))
        #expect(try world.transcript(device: "ben-phone", conversation: "ab").map(\.id) == ["t", "a"])
    }

    @Test func onlyBubblesCollapseSoEachEarlierMessageLeavesOneSummary() throws {
        var world = try Self.makeWorld()
        for id in ["one", "two", "three"] { try Self.arrive(Self.message(id), in: &world) }
        #expect(try Self.kinds(world) == ["summary:one", "summary:two", "bubble:three"])
    }

    @Test func aSessionMessageWithoutSummaryTextLeavesNothing() throws {
        var world = try Self.makeWorld()
        var silent = Self.message("q")
        silent.content = .app(MessageValue(session: "S"), image: nil, media: nil)
        try Self.arrive(silent, in: &world)
        let gone = try #require(world.entries(device: "ben-phone", conversation: "ab").first)
        let changes = try Self.arrive(Self.message("a"), in: &world)
        #expect(try Self.kinds(world) == ["bubble:a"])
        #expect(changes.first == .transcriptEntryRemoved(device: "ben-phone", conversation: "ab", entryID: gone.id))
    }

    @Test func withNilSummaryTextConfiguredItLeavesASummaryInstead() throws {
        var world = try Self.makeWorld()
        var silent = Self.message("q")
        silent.content = .app(MessageValue(session: "S"), image: nil, media: nil)
        try Self.arrive(silent, in: &world, nilSummaryText: "Message")
        try Self.arrive(Self.message("a"), in: &world, nilSummaryText: "Message")
        #expect(try Self.kinds(world) == ["summary:q", "bubble:a"])
    }

    @Test(
        arguments: [
            ("another app", "other", "S"),
            ("another session", "app", "T"),
            ("no session", "app", nil),
        ] as [(String, String, String?)])
    func bubblesOfAnotherAppOrSessionAreUntouched(_ what: String, app: String, session: String?) throws {
        var world = try Self.makeWorld()
        try Self.arrive(Self.message("q"), in: &world)
        try Self.arrive(Self.message("a", app: app, session: session), in: &world)
        #expect(try Self.kinds(world) == ["bubble:q", "bubble:a"], "\(what)")
    }

    @Test func theSessionRuleIsPerDevice() throws {
        var world = try Self.makeWorld()
        try Self.arrive(Self.message("q"), in: &world, on: "amber-phone")
        try Self.arrive(Self.message("a"), in: &world, on: "ben-phone")
        #expect(try Self.kinds(world, "amber-phone") == ["bubble:q"])
        #expect(try Self.kinds(world, "ben-phone") == ["bubble:a"])
    }

    // MARK: Legacy devices

    @Test(
        arguments: [
            ("https://example.com/x", ["legacyImage", "legacyURL"]),
            ("HTTP://example.com/x", ["legacyImage", "legacyURL"]),
            ("data:text/plain;base64,aGk=", ["legacyImage"]),
            (nil, ["legacyImage"]),
        ] as [(String?, [String])])
    func aLegacyDeviceGetsTheImageThenAnHTTPURLInsteadOfABubble(url: String?, kinds: [String]) throws {
        var world = try Self.makeWorld()
        try Self.arrive(Self.message("m", url: url, image: Self.picture), in: &world, on: "ben-old")
        #expect(try world.entries(device: "ben-old", conversation: "ab").map(\.kind.rawValue) == kinds)
        #expect(try world.entries(device: "ben-old", conversation: "ab").allSatisfy { $0.messageID == "m" })
    }

    @Test func withoutAnImageALegacyDeviceGetsOnlyTheURL() throws {
        var world = try Self.makeWorld()
        try Self.arrive(Self.message("m", url: "https://example.com/x"), in: &world, on: "ben-old")
        #expect(try world.entries(device: "ben-old", conversation: "ab").map(\.kind) == [.legacyURL])
    }

    @Test
    func aStoredMediaFileCountsAsTheImageOnALegacyDevice() throws {
        var world = try Self.makeWorld()
        let movie = StoredFile(
            sha256: String(repeating: "c", count: 64), storedName: "c.mov", filename: "clip.mov",
            mediaType: "video/quicktime", byteCount: 9)
        try Self.arrive(Self.message("m", url: "https://example.com/x", media: movie), in: &world, on: "ben-old")
        #expect(try world.entries(device: "ben-old", conversation: "ab").map(\.kind) == [.legacyImage, .legacyURL])
    }

    @Test func plainTextReachesALegacyDeviceAsItIs() throws {
        var world = try Self.makeWorld()
        try Self.arrive(
            StoredMessage(
                id: "t", conversation: "ab", app: nil, sender: "amber", senderDevice: "amber-phone", senderInstall: nil,
                sentAt: 6, content: .text("hi")), in: &world, on: "ben-old")
        #expect(try world.entries(device: "ben-old", conversation: "ab").map(\.kind) == [.bubble])
    }

    // MARK: Entry ids

    @Test func entryIDsIncreaseAcrossDevicesAndArrivals() throws {
        var world = try Self.makeWorld()
        var ids: [Int] = []
        for (index, device) in ["ben-phone", "amber-phone", "ben-old", "ben-phone"].enumerated() {
            for change in try Self.arrive(
                Self.message("m\(index)", session: nil, url: "https://x", image: Self.picture), in: &world, on: device)
            {
                if case .transcriptEntryAdded(_, _, let entry) = change { ids.append(entry.id) }
            }
        }
        #expect(ids.count == 5)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(world.nextSerial == ids.last! + 1)
        #expect(world.takeSerial() == ids.last! + 1, "deliveries draw from the same counter")
        #expect(world.nextSerial == ids.last! + 2)
    }

    @Test func anUnknownMessageOrDeviceChangesNothing() throws {
        var world = try Self.makeWorld()
        #expect(try world.arrive("nope", on: "ben-phone").isEmpty)
        _ = world.applying([.messageStored(Self.message("m"))])
        #expect(try world.arrive("m", on: "nokia").isEmpty)
        #expect(try world.storedTranscripts.isEmpty)
    }
}
