import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Every error code the daemon can produce, each from a real request of a real extension
/// process, as that extension received it.
@Suite(.serialized) struct ErrorCodeTests {
    static let app = "com.example.recorder"

    /// Opens the recorder on Kate's phone, touches it with one op per request, and returns
    /// the (domain, code) of each reply in order (nil code: ok).
    static func run(_ daemon: TestDaemon, _ requests: [(String, JSONValue)]) throws -> [(domain: String?, code: Int?)] {
        try daemon.open(app, on: "kate-iphone")
        let ops = requests.map { JSONValue.object(["request": .string($0.0), "body": $0.1]) }
        try daemon.touch("kate-iphone", payload: .object(["ops": .array(ops)]))
        return try daemon.requestReplies(app).filter { $0.request != "hello" }.map { ($0.domain, $0.code) }
    }

    static func attachment(_ url: String) -> JSONValue {
        .object(["instance": .string("$instance"), "url": .string(url)])
    }

    static func sticker(_ url: String, description: String = "a sticker") -> JSONValue {
        .object([
            "instance": .string("$instance"),
            "sticker": .object(["url": .string(url), "localizedDescription": .string(description)]),
        ])
    }

    @Test func fileAndStickerCodes() throws {
        let files = try SampleFiles()
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            let replies = try Self.run(
                daemon,
                [
                    ("insertAttachment", Self.attachment("file:///no/such/file.png")),  // 1
                    ("insertAttachment", Self.attachment("file://" + files.empty)),  // 2
                    ("insertAttachment", Self.attachment("file://" + files.binary)),  // 3
                    ("insertAttachment", Self.attachment("https://example.com/cat.png")),  // 4
                    ("insertSticker", Self.sticker("file://" + files.truncatedPNG)),  // 5
                    ("insertSticker", Self.sticker("file://" + files.png(width: 200, height: 200))),  // 6: too small
                    ("insertSticker", Self.sticker("file://" + files.webp)),  // 7
                    (
                        "insertSticker",
                        Self.sticker(
                            "file://" + files.png(width: 400, height: 400),
                            description: String(repeating: "x", count: 151))
                    ),  // -1
                    ("insertSticker", Self.sticker("file:///no/such/sticker.png")),  // stickers 1
                    ("insertSticker", Self.sticker("file://" + files.empty)),  // stickers 2
                    ("insertSticker", Self.sticker("file://" + files.text)),  // stickers 3
                    ("insertSticker", Self.sticker("file://" + files.png(width: 400, height: 400))),  // ok
                ])
            let messages = MessagesErrorCode.domain
            let stickers = StickersErrorCode.domain
            #expect(
                replies.map { "\($0.domain ?? "ok") \($0.code.map(String.init) ?? "")" } == [
                    "\(messages) 1", "\(messages) 2", "\(messages) 3", "\(messages) 4", "\(messages) 5",
                    "\(messages) 6", "\(messages) 7",
                    "\(messages) -1", "\(stickers) 1", "\(stickers) 2", "\(stickers) 3", "ok ",
                ])
        }
    }

    @Test func sendCodesInApplesOrder() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            let message: JSONValue = .object([
                "instance": .string("$instance"),
                "message": .object(["url": .string("https://x.example/" + String(repeating: "a", count: 5000))]),
            ])
            let good: JSONValue = .object([
                "instance": .string("$instance"), "message": .object(["summaryText": .string("hi")]),
            ])
            let replies = try Self.run(
                daemon,
                [
                    ("sendMessage", message),  // 8: the URL; the touch is not used up
                    ("sendMessage", good),  // ok: uses the touch
                    ("sendText", .object(["instance": .string("$instance"), "text": .string("again")])),  // 9
                    ("dismiss", .object(["instance": .string("$instance")])),
                    ("sendText", .object(["instance": .string("$instance"), "text": .string("gone")])),  // 10
                ])
            #expect(replies.map(\.code) == [8, nil, 9, nil, 10])
        }
        var media = TestDaemon.App.fixture("recorder.py", bundleID: "com.example.media")
        media.contexts = ["media"]
        try TestDaemon.with(apps: [media]) { daemon in
            try daemon.open("com.example.media", on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("sendText"),
                            "body": .object(["instance": .string("$instance"), "text": .string("hi")]),
                        ]),
                        .object([
                            "request": .string("insertMessage"),
                            "body": .object(["instance": .string("$instance"), "message": .object([:])]),
                        ]),
                    ])
                ]))
            #expect(
                try daemon.requestReplies("com.example.media").filter { $0.request != "hello" }.map(\.code) == [11, 11])
        }
    }

    @Test func acceptedFilesAreCopiedSoDeletingTheOriginalLosesNothing() throws {
        let files = try SampleFiles()
        let original = files.png(width: 400, height: 400)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: original))
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            _ = try Self.run(daemon, [("sendAttachment", Self.attachment("file://" + original))])
            try FileManager.default.removeItem(atPath: original)
            let entry = try #require(try daemon.transcript("john-iphone").first)
            #expect(entry.kind == "attachment")
            let stored = try #require(entry.file?.url).replacingOccurrences(of: "file://", with: "")
            #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == bytes)
            #expect(entry.file?.mediaType == "image/png")
        }
    }
}

/// Files for the requests above, in a temporary directory removed with the value.
final class SampleFiles {
    let directory = "/tmp/msghost-files-\(UUID().uuidString.prefix(8))"

    init() throws { try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: self.directory) }

    private func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = self.directory + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    var empty: String { self.write("empty.png", []) }
    var binary: String {
        self.write("blob.bin", [0x00, 0x13, 0x37, 0xfe, 0xed, 0xfa, 0xce, 0x00] + [UInt8](repeating: 0xab, count: 64))
    }
    var text: String { self.write("note.txt", Array("just some words\n".utf8)) }
    /// A PNG signature whose IHDR is cut short: its size cannot be read.
    var truncatedPNG: String {
        self.write("cut.png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48])
    }
    /// A WebP (VP8X) image: an image, but not a sticker format.
    var webp: String {
        var bytes = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0x8f, 0x01, 0x00, 0x8f, 0x01, 0x00]  // 400 × 400, stored minus one, 24-bit little endian
        return self.write("image.webp", bytes)
    }

    /// A PNG with a real header of the given size (the inspector reads only the header).
    func png(width: UInt32, height: UInt32) -> String {
        func be(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        bytes += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        bytes += be(0) + Array("IEND".utf8) + [0xae, 0x42, 0x60, 0x82]
        return self.write("image-\(width)x\(height).png", bytes)
    }
}
