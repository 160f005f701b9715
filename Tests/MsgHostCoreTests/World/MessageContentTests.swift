import Foundation
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `MessageContent` written by hand (the store writes one per send) must be the bytes the
/// store's Foundation encoder writes (sorted keys, escaped slashes), and read back the same.
@Suite struct MessageContentTests {
    static let file = StoredFile(
        sha256: String(repeating: "a", count: 64), storedName: "a/b.png", filename: "cone \"1\".png",
        mediaType: "image/png", byteCount: 42, pixelWidth: 3)
    static let contents: [MessageContent] = [
        .app(
            MessageValue(
                url: "https://e.com/a?b=1", session: "S", summaryText: "hi\n", isPending: false,
                layout: .live(
                    alternateLayout: TemplateLayoutValue(caption: "é/😀", image: FrameReference(url: "file:///x")))),
            image: file, media: nil),
        .app(MessageValue(), image: nil, media: file),
        .text("plain \\ text \u{1}"),
        .sticker(file, description: "a cone"),
        .peeledSticker(file, description: "", onto: "m-1"),
        .attachment(StoredFile(sha256: "b", storedName: "c", filename: "d", mediaType: "text/plain", byteCount: 0)),
    ]

    @Test(arguments: contents) func writtenAsTheStoresEncoderWritesIt(_ content: MessageContent) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var writer = JSONWriter(escapesSlashes: true)
        content.write(to: &writer)
        #expect(!writer.failed)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == String(decoding: try encoder.encode(content), as: UTF8.self))
        #expect(try JSONDecoder().decode(MessageContent.self, from: Data(writer.bytes)) == content)
    }
}
