import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What an instance's app answered, kept with the instance: a live bubble's size clamped to
/// the offer (a reply without one logged as a failure), the sticker drawer loading once its
/// files were looked at; what the user can touch or close; a view cleared once.
@Suite struct ScreensAnswersTests {
    static let now = Instant(milliseconds: 3_000)

    @Test func aLiveBubblesSizeIsClampedToTheOffer() {
        var screens = Screens()
        var outbox = Outbox(eventLogCapacity: 8)
        var bubble = ScreensTests.instance("b1", style: .transcript)
        bubble.liveEntry = 4
        screens.add(bubble)
        let offer = SizeValue(width: 320, height: 480)
        #expect(
            screens.liveSizeAnswered(
                "b1", ContentSizeResult(size: SizeValue(width: 900, height: 100)), offered: offer, outbox: &outbox,
                now: Self.now
            ).isEmpty)
        #expect(screens.liveSizes[LiveBubbleKey(device: "amber-phone", entry: 4)] == SizeValue(width: 320, height: 100))
        #expect(screens.liveSizeAnswered("b1", nil, offered: offer, outbox: &outbox, now: Self.now).count == 1)
        #expect(outbox.events.records.map(\.kind) == ["callbackFailed"])
    }

    @Test func theDrawerLoadsOnceItsFilesWereLookedAt() throws {
        var screens = Screens()
        var outbox = Outbox(eventLogCapacity: 8)
        screens.add(ScreensTests.instance("i1"))
        screens["i1"]?.drawer = StickerDrawer()
        let asked = screens.stickersAnswered(
            "i1", failure: nil, StickersResult(stickers: [StickerDrawerTests.cone]), causes: [5], outbox: &outbox,
            now: Self.now)
        guard case .check(let pending) = asked else {
            Issue.record("the sticker's file is looked at first")
            return
        }
        let token = 7
        screens.drawerChecking("i1", token: token)
        #expect(pending.candidates.count == 1 && pending.causes == [5] && outbox.events.records.isEmpty)
        let loaded = screens.drawerFilesChecked(
            pending, token: token, results: [.accepted(StickerDrawerTests.file("cone"))], outbox: &outbox, now: Self.now
        )
        #expect(loaded.count == 1 && outbox.events.records.map(\.kind) == ["stickerDrawer"])
        #expect(
            screens.drawerFilesChecked(pending, token: token + 1, results: [], outbox: &outbox, now: Self.now).isEmpty,
            "another opening's checks")
        #expect(try screens.drawerResult("i1", file: StickerDrawerTests.fileValue).get().stickers.count == 1)
    }

    @Test func onlyTheVisibleAppCanBeTouchedAndTheOpenOneClosed() throws {
        var screens = Screens()
        screens.add(ScreensTests.instance("i1"))
        screens.present("i1")
        #expect(throws: WireError.self) { try screens.touchable(device: "amber-phone", action: "touch") }
        #expect(try screens.open(on: "amber-phone", activeOnly: true).id == "i1", "open, though not shown")
        screens.show("ab", on: "amber-phone")
        #expect(try screens.touchable(device: "amber-phone", action: "touch").id == "i1")
        screens["i1"]?.phase = .resigning
        #expect(throws: WireError.self) { try screens.open(on: "amber-phone", activeOnly: true) }
        #expect(try screens.open(on: "amber-phone", activeOnly: false).id == "i1")
    }
}
