import Foundation
import MsgHostCore
import MsgHostProtocol
import Testing

@testable import MsgHost

/// Pins down `MSSticker`'s file rules (header: ≤ 500 KB; PNG, APNG, GIF or JPEG; 300–618 px a
/// side) and which domain each refusal uses: missing, unreadable and not-an-image files in the
/// stickers domain (DEC26), format, size and attributes as messages codes 5–7.
@Suite struct StickerFileInspectorTests {
    let directory: TemporaryDirectory
    let inspector = FileInspector()
    init() throws { self.directory = try TemporaryDirectory() }

    func sticker(_ name: String, _ bytes: [UInt8]) throws -> FileCheckResult {
        try self.directory.write(name, bytes: bytes)
        return self.inspector.inspect(FileCheck(source: .url(self.directory.url(name)), purpose: .sticker))
    }

    static let accepted: [(name: String, bytes: [UInt8], width: Int, height: Int)] = [
        ("300.png", Sample.png(300, 300), 300, 300), ("618.png", Sample.png(618, 618), 618, 618),
        ("mixed.png", Sample.png(300, 618), 300, 618), ("anim.png", Sample.apng(400, 400), 400, 400),
        ("gif.gif", Sample.gif(618, 300), 618, 300), ("jpeg.jpg", Sample.jpeg(500, 301), 500, 301),
        ("progressive.jpg", Sample.jpeg(617, 617, frameMarker: 0xC2), 617, 617),
    ]

    @Test(arguments: accepted)
    func aStickerInEveryFormatAtTheBoundariesIsAccepted(_ item: (name: String, bytes: [UInt8], width: Int, height: Int))
        throws
    {
        let result = try self.sticker(item.name, item.bytes)
        let file = try #require(result.stored, "\(result)")
        #expect(file.pixelWidth == item.width && file.pixelHeight == item.height)
        #expect(file.filename == item.name && file.byteCount == item.bytes.count)
    }

    static let badSides: [(Int, Int)] = [
        (299, 300), (300, 299), (619, 618), (618, 619), (1, 1), (100_000, 100_000), (0x7FFF_FFFF, 300),
    ]

    @Test(arguments: badSides)
    func aSideOutside300To618PixelsIsImproperFileSize(_ width: Int, _ height: Int) throws {
        for (name, bytes) in [
            ("png.png", Sample.png(width, height)), ("gif.gif", Sample.gif(width, height)),
            ("jpeg.jpg", Sample.jpeg(width, height)),
        ] {
            let expected = (
                width: name == "png.png" ? width : width & 0xFFFF, height: name == "png.png" ? height : height & 0xFFFF
            )
            let error = try #require(try self.sticker(name, bytes).error, "\(name) \(width)×\(height)")
            #expect(error == .messages(.stickerFileImproperFileSize), "\(name)")
            #expect(
                error.description.contains("\(expected.width)×\(expected.height)")
                    && error.description.contains("300–618"), "\(error.description)")
            #expect(error.description.contains(self.directory.file(name)))
        }
    }

    @Test func fiveHundredKilobytesIsTheLimit() throws {
        let limit = 500 * 1024
        #expect(try self.sticker("limit.png", Sample.png(400, 400, byteCount: limit)).stored?.byteCount == limit)
        let error = try #require(try self.sticker("over.png", Sample.png(400, 400, byteCount: limit + 1)).error)
        #expect(error == .messages(.stickerFileImproperFileSize))
        #expect(error.description.contains("\(limit + 1) bytes"))
    }

    /// A 4 GB sparse file is refused on its size alone: nothing but its header is read.
    @Test func aHugeStickerIsRefusedWithoutReadingIt() throws {
        let path = try self.directory.write("huge.png", bytes: Sample.png(400, 400))
        #expect(truncate(path, 4 << 30) == 0)
        let clock = ContinuousClock()
        var result: FileCheckResult?
        let elapsed = clock.measure {
            result = self.inspector.inspect(FileCheck(source: .url(self.directory.url("huge.png")), purpose: .sticker))
        }
        #expect(result?.error == .messages(.stickerFileImproperFileSize))
        #expect(elapsed < .seconds(2))
    }

    static let otherImages: [(String, [UInt8])] = [
        ("lossy.webp", Sample.webpLossy(400, 400)), ("heic.heic", Sample.isoMedia("heic")),
        ("heif.heif", Sample.isoMedia("mif1")),
    ]

    @Test(arguments: otherImages)
    func anImageInAnotherFormatIsImproperFileFormat(_ name: String, _ bytes: [UInt8]) throws {
        let error = try #require(try self.sticker(name, bytes).error)
        #expect(error == .messages(.stickerFileImproperFileFormat))
        #expect(error.description.contains(self.directory.file(name)))
    }

    static let notImages: [(String, [UInt8])] = [
        ("doc.pdf", Sample.pdf), ("notes.txt", Sample.ascii("hello\n")), ("movie.mp4", Sample.isoMedia("isom")),
        ("song.mp3", Sample.mp3WithID3), ("blob.png", Sample.unknownBinary), ("short.png", [0x89, 0x50, 0x4E]),
    ]

    @Test(arguments: notImages)
    func somethingThatIsNotAnImageIsNotAnImage(_ name: String, _ bytes: [UInt8]) throws {
        let error = try #require(try self.sticker(name, bytes).error)
        #expect(error == .stickers(.notAnImage, ""))
        #expect(error.domain == "com.apple.messages.stickers-error" && error.code == 3)
        #expect(error.description.contains(self.directory.file(name)))
    }

    static let sizeless: [(String, [UInt8])] = [
        ("signature.png", Sample.pngSignature), ("no-ihdr.png", Sample.pngSignature + Sample.chunk("IDAT", [1])),
        ("gif.gif", Sample.ascii("GIF89a") + [0x2C]), ("zero.gif", Sample.gif(0, 400)),
        ("soi.jpg", [0xFF, 0xD8, 0xFF]), ("app0-cut.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00]),
        ("past-end.jpg", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0, 1, 2, 3]),
        ("sof-cut.jpg", Sample.jpegCutInsideFrameHeader),
        ("dnl.jpg", Sample.jpeg(400, 0)), ("sos-first.jpg", [0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9]),
        ("zero-length.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xC0]),
        ("fill-only.jpg", [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 200)),
    ]

    @Test(arguments: sizeless)
    func anUnreadablePixelSizeIsImproperFileAttributes(_ name: String, _ bytes: [UInt8]) throws {
        let error = try #require(try self.sticker(name, bytes).error, "\(name)")
        #expect(error == .messages(.stickerFileImproperFileAttributes), "\(name)")
        #expect(error.description.contains(self.directory.file(name)))
    }

    @Test func missingAndUnreadableStickersUseTheStickersDomain() throws {
        try FileManager.default.createSymbolicLink(
            atPath: self.directory.file("dangling.png"), withDestinationPath: "/nonexistent/x.png")
        try FileManager.default.createDirectory(
            atPath: self.directory.file("folder.png"), withIntermediateDirectories: false)
        try self.directory.write("empty.png", bytes: [])
        let cases: [(String, WireError)] = [
            ("missing.png", .stickers(.fileNotFound, "")), ("dangling.png", .stickers(.fileNotFound, "")),
            ("folder.png", .stickers(.fileUnreadable, "")), ("empty.png", .stickers(.fileUnreadable, "")),
        ]
        for (name, expected) in cases {
            let check = FileCheck(source: .url(self.directory.url(name)), purpose: .sticker)
            let error = try #require(self.inspector.inspect(check).error, "\(name)")
            #expect(error == expected, "\(name): \(error)")
            #expect(error.description.contains(self.directory.file(name)))
        }
    }
}
