import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The sticker drawer against a real daemon (PROTOCOL.md §4.11), with the iOS-style sticker app
/// of Tests/Fixtures/StickerApp: the host asks the browser's data source for its stickers,
/// leaves out a sticker whose file is missing, and the user taps one into the input field or
/// peels one onto a bubble, which every member's device shows on that bubble.
@Suite struct StickerDrawerTests {
    static let kate = "kate-iphone"
    static let john = "john-iphone"

    @Test func theHostAsksTheAppAndTheUserInsertsOrPeels() throws {
        let fixture = NamedImageTests.fixture
        try TestDaemon.with(apps: [NamedImageTests.stickerApp(workingDirectory: fixture)]) { daemon in
            let conversation = daemon.conversation
            let noApp = #expect(throws: WireError.self) {
                try daemon.control(.stickers, StickersRequest(device: Self.kate))
            }
            #expect(noApp?.isControl(.invalidState) == true)

            try daemon.open(NamedImageTests.app, on: Self.kate)
            try daemon.touch(Self.kate, payload: .object(["addSticker": .string("missing.png")]))
            let drawer = try daemon.control(.stickers, StickersRequest(device: Self.kate), as: StickerDrawerResult.self)
            #expect(drawer.app == NamedImageTests.app)
            #expect(drawer.stickers.map(\.index) == [0, 1])
            #expect(drawer.stickers.map(\.localizedDescription) == ["A cone", "A cup"])
            let cupFile = try Data(contentsOf: URL(fileURLWithPath: fixture + "/Resources/cup@2x.png"))
            #expect(
                try Data(contentsOf: try #require(URL(string: drawer.stickers[1].file.url))) == cupFile,
                "the host's copy")
            #expect(drawer.rejected.map(\.index) == [2])
            #expect(
                drawer.rejected.first?.error.domain == StickersErrorCode.domain
                    && drawer.rejected.first?.error.code == StickersErrorCode.fileNotFound.rawValue)
            #expect(try daemon.events(kind: "stickerDrawer").last?.detail == "2 shown, 1 left out")

            // A tap puts the cone in Kate's input field.
            let inserted = try daemon.control(
                .chooseSticker, ChooseStickerRequest(device: Self.kate, sticker: 0), as: ChooseStickerResult.self)
            #expect(inserted.messageID == nil)
            let staged = try daemon.control(
                .inputField, InputFieldRequest(device: Self.kate, conversation: conversation), as: InputFieldResult.self
            ).staged
            #expect(staged?.kind == "sticker" && staged?.text == "A cone")
            let leftOut = #expect(throws: WireError.self) {
                try daemon.control(.chooseSticker, ChooseStickerRequest(device: Self.kate, sticker: 2))
            }
            #expect(leftOut?.isControl(.invalidState) == true && leftOut?.description.contains("fileNotFound") == true)

            // John writes; Kate peels the cup onto his bubble: it is sent at once, on that bubble.
            try daemon.control(
                .typeText, TypeTextRequest(device: Self.john, conversation: conversation, text: "coffee?"))
            try daemon.control(.send, InputFieldRequest(device: Self.john, conversation: conversation))
            let target = try #require(try daemon.transcript(Self.kate).last { $0.kind == "text" })
            let peeled = try daemon.control(
                .chooseSticker, ChooseStickerRequest(device: Self.kate, sticker: 1, onto: target.entry),
                as: ChooseStickerResult.self)
            let id = try #require(peeled.messageID)
            try daemon.settle()
            for device in [Self.kate, Self.john] {
                let entry = try #require(try daemon.transcript(device).first { $0.messageID == id })
                #expect(
                    entry.kind == "sticker" && entry.peeledOnto == target.messageID && entry.app == NamedImageTests.app)
                #expect(try Data(contentsOf: try #require(entry.file.flatMap { URL(string: $0.url) })) == cupFile)
            }
            let stillStaged = try daemon.control(
                .inputField, InputFieldRequest(device: Self.kate, conversation: conversation), as: InputFieldResult.self
            ).staged
            #expect(stillStaged?.text == "A cone", "a peel leaves the input field alone")

            // Kept across a kill -9 and a restart, like every message acknowledged.
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            #expect(try daemon.transcript(Self.john).first { $0.messageID == id }?.peeledOnto == target.messageID)
        }
    }
}
