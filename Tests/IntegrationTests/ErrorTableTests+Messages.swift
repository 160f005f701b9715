import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// §3.1 (Apple's `MSMessageErrorCode`) and §3.2 (stickers): what Messages itself refuses, from
/// requests of the probe extension, with the files of `SampleFiles`.
extension ErrorTableTests {
    static let messagesRows: [ErrorRow] = [
        ErrorRow(
            .messages, .expect(.unknown), "a sticker localizedDescription over 150 characters",
            mentions: ["localizedDescription"]
        ) {
            try $0.sticker($0.files.png(width: 400, height: 400), description: String(repeating: "x", count: 151))
        },
        ErrorRow(
            .messages, .expect(MessagesErrorCode.fileNotFound), "an attachment that does not exist",
            mentions: ["/no/such/file.png"]
        ) {
            try $0.attachment("/no/such/file.png")
        },
        ErrorRow(.messages, .expect(MessagesErrorCode.fileUnreadable), "an empty attachment", mentions: ["empty.png"]) {
            try $0.attachment($0.files.empty)
        },
        ErrorRow(.messages, .expect(.improperFileType), "an attachment of no known type", mentions: ["blob.bin"]) {
            try $0.attachment($0.files.binary)
        },
        ErrorRow(
            .messages, .expect(.improperFileURL), "an https attachment URL", mentions: ["https://example.com/cat.png"]
        ) {
            try $0.request(
                "insertAttachment", AttachmentRequestBody(instance: try $0.instance, url: "https://example.com/cat.png")
            )
        },
        ErrorRow(
            .messages, .expect(.stickerFileImproperFileAttributes), "a PNG whose size cannot be read",
            mentions: ["cut.png"]
        ) {
            try $0.sticker($0.files.truncatedPNG)
        },
        ErrorRow(.messages, .expect(.stickerFileImproperFileSize), "a sticker over 500 KB", mentions: ["big.png"]) {
            try $0.sticker($0.files.bigPNG)
        },
        ErrorRow(.messages, .expect(.stickerFileImproperFileSize), "a 200 × 200 px sticker", mentions: ["200"]) {
            try $0.sticker($0.files.png(width: 200, height: 200))
        },
        ErrorRow(.messages, .expect(.stickerFileImproperFileFormat), "a WebP sticker", mentions: ["image.webp"]) {
            try $0.sticker($0.files.webp)
        },
        ErrorRow(.messages, .expect(.urlExceedsMaxSize), "insertMessage with a 5,001-character url", mentions: ["url"])
        {
            try $0.request(
                "insertMessage",
                MessageRequestBody(instance: try $0.instance, message: MessageValue(url: urlOf(length: 5001))))
        },
        ErrorRow(.messages, .expect(.sendWithoutRecentInteraction), "sendText before any touch") { try $0.sendText() },
        ErrorRow(.messages, .expect(.sendWhileNotVisible), "sendText naming the instance after close") { scene in
            try scene.touch()
            try scene.close()
            return try scene.sendText()
        },
        ErrorRow(.messages, .expect(.sendWhileNotVisible), "sendText from the terminate handler") { scene in
            try scene.touch()
            try scene.close()
            try scene.daemon.advance(200)  // the idle grace: the terminate notice comes
            let notice = try scene.probe.receive()
            #expect(notice.header.type == CallbackType.terminate.rawValue)
            let outcome = try scene.sendText()
            try scene.probe.send("reply", OKReply(Empty()), replyTo: notice.header.id)
            return outcome
        },
        ErrorRow(
            .messages, .expect(.apiUnavailableInPresentationContext), "sendText in the media context", setup: .media
        ) { try $0.sendText() },
        ErrorRow(
            .messages, .expect(.apiUnavailableInPresentationContext), "insertMessage in the media context",
            setup: .media
        ) {
            try $0.request(
                "insertMessage", MessageRequestBody(instance: try $0.instance, message: MessageValue(summaryText: "hi"))
            )
        },

        ErrorRow(
            .stickers, .expect(StickersErrorCode.fileNotFound), "a sticker that does not exist",
            mentions: ["/no/such/sticker.png"]
        ) {
            try $0.sticker("/no/such/sticker.png")
        },
        ErrorRow(.stickers, .expect(StickersErrorCode.fileUnreadable), "an empty sticker", mentions: ["empty.png"]) {
            try $0.sticker($0.files.empty)
        },
        ErrorRow(.stickers, .expect(.notAnImage), "a text file as a sticker", mentions: ["note.txt"]) {
            try $0.sticker($0.files.text)
        },
    ]
}

extension ErrorScene.Setup {
    /// The probe app declares the `media` context only.
    static let media = Self(probeContexts: ["media"])
}

extension ErrorScene {
    func attachment(_ path: String) throws -> ErrorOutcome {
        try self.request("insertAttachment", AttachmentRequestBody(instance: try self.instance, url: "file://" + path))
    }

    func sticker(_ path: String, description: String = "a sticker") throws -> ErrorOutcome {
        let sticker = StickerValue(url: "file://" + path, localizedDescription: description)
        return try self.request("insertSticker", StickerRequestBody(instance: try self.instance, sticker: sticker))
    }

    func sendText() throws -> ErrorOutcome {
        try self.request("sendText", TextRequestBody(instance: try self.instance, text: "hi"))
    }
}

extension SampleFiles {
    /// A 400 × 400 PNG padded past 500 KB.
    var bigPNG: String {
        let path = self.directory + "/big.png"
        var bytes = (try? Data(contentsOf: URL(fileURLWithPath: self.png(width: 400, height: 400)))) ?? Data()
        bytes.append(Data(count: 600 << 10))
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        return path
    }
}
