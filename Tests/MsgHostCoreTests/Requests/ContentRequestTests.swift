import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Reading a `send*`/`insert*` body: text is ready at once; a message, a sticker and an
/// attachment wait for their files, and a message's image must name one of the frames.
@Suite struct ContentRequestTests {
    static let file = StoredFile(
        sha256: String(repeating: "c", count: 64), storedName: "c.png", filename: "cone.png", mediaType: "image/png",
        byteCount: 7)

    @Test func textIsReadyAtOnce() throws {
        guard
            case .ready(.text(let text)) = try ContentRequest.read(
                .text(TextRequestBody(instance: "i1", text: "hi")), type: .sendText, buffers: [])
        else {
            Issue.record("text needs no files")
            return
        }
        #expect(text == "hi")
    }

    @Test func aMessagesImageAndMediaAreLookedAtInOrderAndReplacedByTheStoresCopies() throws {
        let layout = TemplateLayoutValue(
            caption: "Cone", image: FrameReference(frame: 0), mediaFileURL: "file:///tmp/clip.mov")
        let body = MessageRequestBody(
            instance: "i1", message: MessageValue(url: "https://x", layout: .template(layout)))
        guard
            case .parked(let content, let checks, nil) = try ContentRequest.read(
                .message(body), type: .sendMessage, buffers: [[1, 2, 3]])
        else {
            Issue.record("a message with files is parked")
            return
        }
        #expect(checks.map(\.purpose) == [.layoutImage, .layoutMedia])
        let media = StoredFile(
            sha256: String(repeating: "d", count: 64), storedName: "d.mov", filename: "clip.mov",
            mediaType: "video/quicktime", byteCount: 9)
        guard case .app(let message, let image, let stored) = content.content(with: [Self.file, media]) else {
            Issue.record("a message becomes app content")
            return
        }
        #expect(image == Self.file && stored == media)
        #expect(
            message.layout?.template.image == nil && message.layout?.template.mediaFileURL == nil,
            "the extension's references are dropped")
        #expect(message.layout?.template.caption == "Cone")
    }

    @Test func anImageNamingNoFrameIsTheBodysFault() {
        let layout = TemplateLayoutValue(image: FrameReference(frame: 2))
        let body = MessageRequestBody(instance: "i1", message: MessageValue(layout: .template(layout)))
        #expect(
            throws: WireError.protocolError(
                .invalidBody, "message.layout.image must be {\"frame\": N} naming one of the 1 binary frames")
        ) {
            _ = try ContentRequest.read(.message(body), type: .insertMessage, buffers: [[0]])
        }
    }

    @Test func aStickerDescriptionIsAtMost150Characters() throws {
        let long = StickerRequestBody(
            instance: "i1",
            sticker: StickerValue(url: "file:///s.png", localizedDescription: String(repeating: "x", count: 151)))
        #expect(throws: WireError.self) { _ = try ContentRequest.read(.sticker(long), type: .sendSticker, buffers: []) }
        let fine = StickerRequestBody(
            instance: "i1", sticker: StickerValue(url: "file:///s.png", localizedDescription: "a cone"))
        guard
            case .parked(let content, let checks, _) = try ContentRequest.read(
                .sticker(fine), type: .sendSticker, buffers: [])
        else {
            Issue.record("a sticker is parked")
            return
        }
        #expect(checks.map(\.purpose) == [.sticker])
        guard case .sticker(let file, let description) = content.content(with: [Self.file]) else {
            Issue.record("a sticker")
            return
        }
        #expect(file == Self.file && description == "a cone")
    }

    @Test func anAttachmentKeepsItsAlternateFilename() throws {
        let body = AttachmentRequestBody(instance: "i1", url: "file:///a.pdf", alternateFilename: "menu.pdf")
        guard
            case .parked(.attachment, let checks, let alternate) = try ContentRequest.read(
                .attachment(body), type: .insertAttachment, buffers: [])
        else {
            Issue.record("an attachment is parked")
            return
        }
        #expect(checks.map(\.purpose) == [.attachment] && alternate == "menu.pdf")
    }

    @Test func aBodyThatPutsNothingInAConversationIsRefusedNotTrapped() {
        #expect(throws: WireError.self) {
            _ = try ContentRequest.read(.dismiss(InstanceBody(instance: "i1")), type: .dismiss, buffers: [])
        }
    }
}
