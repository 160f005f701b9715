import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `StickerDrawer` alone: asking → checking → ready or failed, a second opening refused while
/// one loads, checks for an older opening ignored, and choosing a sticker by its index with
/// the error that says why it cannot be chosen.
@Suite struct StickerDrawerTests {
    static let cone = StickerValue(url: "file:///app/cone.png", localizedDescription: "A cone")
    static let cup = StickerValue(url: "file:///app/cup.png", localizedDescription: "A cup")
    static let wordy = StickerValue(
        url: "file:///app/wordy.png", localizedDescription: String(repeating: "w", count: 151))
    static let refused = WireError.messages(.stickerFileImproperFileSize, "over 500 KB")

    static func file(_ name: String) -> StoredFile {
        StoredFile(
            sha256: String(repeating: "a", count: 64), storedName: "\(name).bin", filename: name,
            mediaType: "image/png", byteCount: 42)
    }

    static func fileValue(_ file: StoredFile) -> FileValue {
        FileValue(
            url: "file:///files/\(file.storedName)", filename: file.filename, mediaType: file.mediaType,
            byteCount: file.byteCount)
    }

    /// A drawer that asked, got `offered`, and whose checks (under token 7) gave `results`.
    static func loaded(_ offered: [StickerValue], _ results: [FileCheckResult]) throws -> StickerDrawer {
        var drawer = StickerDrawer()
        guard
            case .check(let candidates, let rejected) = drawer.answered(
                by: "app", failure: nil, StickersResult(stickers: offered))
        else {
            Issue.record("nothing to check")
            return drawer
        }
        drawer.checking(token: 7)
        let checked = drawer.filesChecked(
            PendingDrawer(instanceID: "i1", candidates: candidates, rejected: rejected, causes: []), token: 7,
            results: results)
        #expect(checked)
        return drawer
    }

    @Test func aDrawerShowsWhatPassedAndNamesWhatItLeftOutInTheAppsOrder() throws {
        var drawer = StickerDrawer()
        #expect(drawer.isLoading && drawer.summary == nil)
        guard
            case .check(let candidates, let rejected) = drawer.answered(
                by: "app", failure: nil, StickersResult(stickers: [Self.cone, Self.wordy, Self.cup]))
        else {
            Issue.record("the files should be checked first")
            return
        }
        #expect(candidates.map(\.index) == [0, 2])
        #expect(
            candidates.map(\.fileCheck) == [
                FileCheck(source: .url(Self.cone.url), purpose: .sticker),
                FileCheck(source: .url(Self.cup.url), purpose: .sticker),
            ])
        #expect(
            rejected.map(\.index) == [1]
                && rejected[0].error.description == "sticker.localizedDescription is 151 characters; at most 150")
        drawer.checking(token: 3)
        #expect(drawer.isLoading)
        let pending = PendingDrawer(instanceID: "i1", candidates: candidates, rejected: rejected, causes: [])
        let older = drawer.filesChecked(pending, token: 2, results: [])
        #expect(!older, "an older opening's checks are not this drawer's")
        let current = drawer.filesChecked(
            pending, token: 3, results: [.accepted(Self.file("cone")), .refused(Self.refused)])
        #expect(current)
        #expect(!drawer.isLoading && drawer.summary == "1 shown, 2 left out")
        let result = try drawer.result(app: "app", instance: "i1", file: Self.fileValue).get()
        #expect(
            result.stickers == [
                StickerDrawerResult.Sticker(
                    index: 0, localizedDescription: "A cone", file: Self.fileValue(Self.file("cone")))
            ])
        #expect(result.rejected.map(\.index) == [1, 2], "sorted by index, whichever check left them out")
        #expect(result.rejected[1].error == Self.refused && result.rejected[1].url == Self.cup.url)
    }

    @Test func anAnswerWithNothingToCheckIsReadyAtOnce() throws {
        var drawer = StickerDrawer()
        guard case .settled = drawer.answered(by: "app", failure: nil, StickersResult(stickers: [Self.wordy])) else {
            Issue.record("nothing to check")
            return
        }
        #expect(drawer.summary == "0 shown, 1 left out")
        #expect(try drawer.result(app: "app", instance: "i1", file: Self.fileValue).get().stickers.isEmpty)
    }

    @Test(arguments: [
        (
            WireError?.some(.messages(.unknown, "boom")), StickersResult?.some(StickersResult(stickers: [])),
            "app could not list its stickers: boom"
        ),
        (nil, nil, "app answered `stickers` without {\"stickers\": [{url, localizedDescription}…]}"),
        (
            nil, StickersResult(stickers: Array(repeating: Self.cone, count: 257)),
            "app offered 257 stickers; a drawer takes at most 256"
        ),
    ])
    func anAppThatCannotSayFailsTheDrawerNamingWhy(failure: WireError?, answer: StickersResult?, reason: String) {
        var drawer = StickerDrawer()
        guard case .settled = drawer.answered(by: "app", failure: failure, answer) else {
            Issue.record("a failed drawer checks nothing")
            return
        }
        #expect(!drawer.isLoading && drawer.summary == nil)
        guard case .failure(let error) = drawer.result(app: "app", instance: "i1", file: Self.fileValue) else {
            Issue.record("the drawer should have failed")
            return
        }
        #expect(error == .control(.extensionFailed, "") && error.description == reason)
    }

    @Test func aDrawerThatIsLoadingCannotBeOpenedAgainNorRead() throws {
        let loading = StickerDrawer()
        let again = #expect(throws: WireError.self) {
            try StickerDrawer.open(replacing: loading, app: "app", device: "phone")
        }
        #expect(again?.description == "the sticker drawer of app on phone is still loading")
        guard case .failure(let early) = loading.result(app: "app", instance: "i1", file: Self.fileValue) else {
            Issue.record("a loading drawer has no result")
            return
        }
        #expect(early == .control(.invalidState, "") && early.description == "the sticker drawer of app has not loaded")
        let loaded = try Self.loaded([Self.cone], [.accepted(Self.file("cone"))])
        #expect(
            try StickerDrawer.open(replacing: loaded, app: "app", device: "phone").isLoading,
            "a loaded one is replaced by a fresh one")
        #expect(try StickerDrawer.open(replacing: nil, app: "app", device: "phone").isLoading)
    }

    @Test func choosingASticker() throws {
        let drawer = try Self.loaded([Self.cone, Self.cup], [.accepted(Self.file("cone")), .refused(Self.refused)])
        let chosen = try StickerDrawer.sticker(0, in: drawer, app: "app", device: "phone")
        #expect(chosen.content == .sticker(Self.file("cone"), description: "A cone"))
        #expect(chosen.peeled(onto: "m1") == .peeledSticker(Self.file("cone"), description: "A cone", onto: "m1"))

        func refusal(_ index: Int, in drawer: StickerDrawer?) -> WireError? {
            #expect(throws: WireError.self) {
                try StickerDrawer.sticker(index, in: drawer, app: "app", device: "phone")
            }
        }
        let leftOut = try #require(refusal(1, in: drawer))
        #expect(
            leftOut == .control(.invalidState, "")
                && leftOut.description == "sticker 1 is not in the drawer: stickerFileImproperFileSize (over 500 KB)")
        let missing = try #require(refusal(5, in: drawer))
        #expect(
            missing == .control(.notFound, "")
                && missing.description == "no sticker 5 in the drawer of app (indices: 0)")
        let closed = "the sticker drawer of app on phone is not open: ask for `stickers` first"
        #expect(refusal(0, in: nil)?.description == closed)
        #expect(refusal(0, in: StickerDrawer())?.description == closed, "one still loading is not open yet")
    }
}
