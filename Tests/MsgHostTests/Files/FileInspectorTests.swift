import Foundation
import MsgHostCore
import MsgHostProtocol
import MsgHostTesting
import Testing

@testable import MsgHost

/// Pins down how the host judges files (attachments, layout media, layout images): the type
/// comes from the content, the URL must be a local `file:` URL, and each failure carries
/// Apple's code (research/messages-framework.md §1) and a detail naming the file.
/// Sticker rules are in `StickerFileInspectorTests`.
@Suite struct FileInspectorTests {
    let directory: TemporaryDirectory
    let inspector = FileInspector()
    init() throws { self.directory = try TemporaryDirectory() }

    func inspect(_ name: String, _ bytes: [UInt8], _ purpose: FileCheck.Purpose = .attachment, alternate: String? = nil)
        throws -> FileCheckResult
    {
        try self.directory.write(name, bytes: bytes)
        return self.inspector.inspect(
            FileCheck(source: .url(self.directory.url(name)), purpose: purpose), alternateFilename: alternate)
    }

    func inspect(url: String, _ purpose: FileCheck.Purpose = .attachment) -> FileCheckResult {
        self.inspector.inspect(FileCheck(source: .url(url), purpose: purpose))
    }

    struct Format: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let mediaType: String
        var width: Int?
        var height: Int?
        var testDescription: String { self.name }
    }

    /// Binary formats are saved under a misleading name (`.txt`, `.gif`…) to show that the
    /// content, not the name, decides.
    static let formats: [Format] = [
        Format(name: "png.txt", bytes: Sample.png(400, 300), mediaType: "image/png", width: 400, height: 300),
        Format(name: "apng.gif", bytes: Sample.apng(320, 321), mediaType: "image/apng", width: 320, height: 321),
        Format(
            name: "late-actl.png", bytes: Sample.pngWithLateAnimationControl(5, 6), mediaType: "image/png", width: 5,
            height: 6),
        Format(name: "gif.png", bytes: Sample.gif(500, 350), mediaType: "image/gif", width: 500, height: 350),
        Format(name: "baseline.jpeg", bytes: Sample.jpeg(640, 480), mediaType: "image/jpeg", width: 640, height: 480),
        Format(
            name: "progressive.jpg", bytes: Sample.jpeg(301, 617, frameMarker: 0xC2), mediaType: "image/jpeg",
            width: 301, height: 617),
        Format(
            name: "sof15.jpg", bytes: Sample.jpeg(10, 20, frameMarker: 0xCF), mediaType: "image/jpeg", width: 10,
            height: 20),
        Format(
            name: "big-exif.jpg", bytes: Sample.jpeg(1024, 768, extraSegments: 3, segmentSize: 60_000),
            mediaType: "image/jpeg", width: 1024, height: 768),
        Format(
            name: "heic.png", bytes: Sample.isoMedia("heic", compatible: ["mif1", "heic"]), mediaType: "image/heic"),
        Format(name: "heix.heic", bytes: Sample.isoMedia("heix"), mediaType: "image/heic"),
        Format(
            name: "mif1-heic.heic", bytes: Sample.isoMedia("mif1", compatible: ["mif1", "heic"]),
            mediaType: "image/heic"),
        Format(name: "heif.heif", bytes: Sample.isoMedia("mif1", compatible: ["mif1"]), mediaType: "image/heif"),
        Format(name: "lossy.webp", bytes: Sample.webpLossy(400, 401), mediaType: "image/webp", width: 400, height: 401),
        Format(
            name: "lossless.webp", bytes: Sample.webpLossless(555, 444), mediaType: "image/webp", width: 555,
            height: 444),
        Format(
            name: "extended.webp", bytes: Sample.webpExtended(1000, 2000), mediaType: "image/webp", width: 1000,
            height: 2000),
        Format(name: "isom.mov", bytes: Sample.isoMedia("isom", compatible: ["isom", "avc1"]), mediaType: "video/mp4"),
        Format(name: "mp42.mp4", bytes: Sample.isoMedia("mp42"), mediaType: "video/mp4"),
        Format(name: "mp41.mp4", bytes: Sample.isoMedia("mp41"), mediaType: "video/mp4"),
        Format(name: "dash.mp4", bytes: Sample.isoMedia("dash", compatible: ["iso6"]), mediaType: "video/mp4"),
        Format(
            name: "m4v.mp4", bytes: Sample.isoMedia("M4V ", compatible: ["M4V ", "mp42"]), mediaType: "video/x-m4v"),
        Format(name: "quicktime.mp4", bytes: Sample.isoMedia("qt  "), mediaType: "video/quicktime"),
        Format(
            name: "old-quicktime.mov", bytes: Sample.be32(16) + Sample.ascii("moov") + [UInt8](repeating: 0, count: 8),
            mediaType: "video/quicktime"),
        Format(name: "m4a.mp4", bytes: Sample.isoMedia("M4A ", compatible: ["M4A ", "isom"]), mediaType: "audio/mp4"),
        Format(name: "id3.wav", bytes: Sample.mp3WithID3, mediaType: "audio/mpeg"),
        Format(name: "frame-sync.bin", bytes: Sample.mp3FrameSync, mediaType: "audio/mpeg"),
        Format(name: "wav.mp3", bytes: Sample.wav, mediaType: "audio/wav"),
        Format(name: "caf.caf", bytes: Sample.caf, mediaType: "audio/x-caf"),
        Format(name: "aiff.aif", bytes: Sample.aiff, mediaType: "audio/aiff"),
        Format(name: "doc.txt", bytes: Sample.pdf, mediaType: "application/pdf"),
        Format(name: "notes.txt", bytes: Sample.ascii("hello\n"), mediaType: "text/plain"),
        Format(
            name: "id3.txt", bytes: Sample.ascii("ID3 tags, caff files and %PDF- headers\n"), mediaType: "text/plain"),
        Format(name: "caff.md", bytes: Sample.ascii("caff\n"), mediaType: "text/markdown"),
        Format(name: "SHOUT.TXT", bytes: Sample.ascii("Grüße ✓\n"), mediaType: "text/plain"),
        Format(name: "readme.md", bytes: Sample.ascii("# Title\n"), mediaType: "text/markdown"),
        Format(name: "table.csv", bytes: Sample.ascii("a,b\n1,2\n"), mediaType: "text/csv"),
        Format(
            name: "card.vcf", bytes: Sample.ascii("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Amber\r\nEND:VCARD\r\n"),
            mediaType: "text/vcard"),
    ]

    @Test(arguments: formats) func eachFormatIsRecognisedByItsContent(_ format: Format) throws {
        let file = try #require(try self.inspect(format.name, format.bytes).stored)
        #expect(file.mediaType == format.mediaType)
        #expect(file.pixelWidth == format.width)
        #expect(file.pixelHeight == format.height)
        #expect(file.byteCount == format.bytes.count)
        #expect(file.filename == format.name)
        #expect(file.sha256.count == 64 && file.sha256.allSatisfy(\.isHexDigit))
        #expect(file.storedName.hasPrefix(file.sha256 + "."))
    }

    @Test func theHashIsTheSHA256OfTheBytes() throws {
        let file = try #require(try self.inspect("hello.txt", Sample.ascii("hello\n")).stored)
        #expect(file.sha256 == "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03")
        #expect(file.storedName == file.sha256 + ".txt")
    }

    static let unsupported: [(String, [UInt8])] = [
        ("unknown.bin", Sample.unknownBinary),
        ("binary-named.txt", Sample.unknownBinary),
        ("junk-first.pdf", Sample.ascii("garbage\r\n") + Sample.pdf),
        ("nul.txt", Sample.ascii("valid UTF-8") + [0] + Sample.ascii("but a NUL\n")),
        ("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A]),
        ("data.json", Sample.ascii("{\"a\": 1}")),
        ("avif.avif", Sample.isoMedia("avif", compatible: ["avif", "mif1"])),
        ("unknown-brand.mp4", Sample.isoMedia("abcd", compatible: ["wxyz"])),
        ("avi.avi", Sample.riff("AVI ", [0, 0, 0, 0])),
        ("adts.aac", [0xFF, 0xF1, 0x50, 0x80] + [UInt8](repeating: 0, count: 20)),
    ]

    @Test(arguments: unsupported) func unsupportedContentIsImproperFileType(_ name: String, _ bytes: [UInt8]) throws {
        let error = try #require(try self.inspect(name, bytes).error)
        #expect(error == .messages(.improperFileType))
        #expect(error.description.contains(self.directory.file(name)))
    }

    static let layoutMedia: [(ext: String, bytes: [UInt8], accepted: Bool)] = [
        ("png", Sample.png(10, 10), true), ("jpeg", Sample.jpeg(10, 10), true), ("webp", Sample.webpLossy(8, 8), true),
        ("mp4", Sample.isoMedia("isom"), true), ("mov", Sample.isoMedia("qt  "), true),
        ("m4a", Sample.isoMedia("M4A "), false),
        ("mp3", Sample.mp3WithID3, false), ("pdf", Sample.pdf, false), ("txt", Sample.ascii("hi\n"), false),
    ]

    @Test(arguments: layoutMedia)
    func layoutMediaTakesImagesAndMoviesOnly(_ item: (ext: String, bytes: [UInt8], accepted: Bool)) throws {
        let (ext, bytes, accepted) = item
        let result = try self.inspect("media." + ext, bytes, .layoutMedia)
        if accepted { #expect(result.stored != nil) } else { #expect(result.error == .messages(.improperFileType)) }
    }

    /// A view's image (`setView`) is checked as a layout image is, and named as what it is.
    @Test func viewImageBytesAreCheckedAsALayoutImage() throws {
        let check = { (bytes: [UInt8]) in
            self.inspector.inspect(FileCheck(source: .bytes(bytes), purpose: .viewImage), alternateFilename: nil)
        }
        let png = try #require(check(Sample.png(40, 30)).stored)
        #expect((png.mediaType, png.pixelWidth, png.pixelHeight) == ("image/png", 40, 30))
        let refused = try #require(check(Sample.pdf).error)
        #expect(refused == .messages(.improperFileType))
        #expect(refused.description.hasPrefix("view image"))
        #expect(check([]).error == .messages(.fileUnreadable))
    }

    @Test func layoutImageBytesMustBeAnImage() throws {
        func check(_ bytes: [UInt8], alternate: String? = nil) -> FileCheckResult {
            self.inspector.inspect(
                FileCheck(source: .bytes(bytes), purpose: .layoutImage), alternateFilename: alternate)
        }
        let png = try #require(check(Sample.png(600, 400)).stored)
        #expect((png.filename, png.mediaType, png.pixelWidth, png.pixelHeight) == ("image.png", "image/png", 600, 400))
        #expect(check(Sample.jpeg(3, 4)).stored?.filename == "image.jpg")
        #expect(check(Sample.gif(3, 4), alternate: "party.gif").stored?.filename == "party.gif")
        #expect(check(Sample.pdf).error == .messages(.improperFileType))
        #expect(check(Sample.isoMedia("isom")).error == .messages(.improperFileType))
        #expect(check(Sample.ascii("hello")).error == .messages(.improperFileType), "bytes have no name, so no text")
        #expect(check(Sample.unknownBinary).error == .messages(.improperFileType))
        #expect(check([]).error == .messages(.fileUnreadable))
        #expect(
            check([0x89, 0x50]).error == .messages(.improperFileType), "two bytes of a PNG signature are not a PNG")
    }

    static let improperURLs = [
        "http://example.com/a.png", "https://example.com/a.png", "data:image/png;base64,iVBORw0KGgo=", "ftp://h/a.png",
        "a.png", "relative/a.png", "/tmp/a.png", "", "file", "file:", "file://", "file:relative.png", "file:./a.png",
        "file://example.com/tmp/a.png", "file:///tmp/%zz.png", "file:///tmp/a%2", "file:///tmp/a%00b.png",
        "file:///tmp/a\nb.png", ":/tmp/a.png", "1file:///tmp/a.png",
    ]

    @Test(arguments: improperURLs, [FileCheck.Purpose.attachment, .layoutMedia, .sticker])
    func aURLThatIsNotALocalFileIsImproperFileURL(_ url: String, _ purpose: FileCheck.Purpose) throws {
        let error = try #require(self.inspect(url: url, purpose).error)
        #expect(error == .messages(.improperFileURL), "stickers too use the messages domain for code 4")
        #expect(error.description.contains("URL"))
    }

    @Test func fileURLsArePercentDecodedAndTheirVariantsAccepted() throws {
        let png = Sample.png(1, 1)
        for name in ["a b.png", "ü #?%.png", "plain.png"] { try self.directory.write(name, bytes: png) }
        let dir = self.directory.path
        #expect(self.inspect(url: "file://\(dir)/a%20b.png").stored?.filename == "a b.png")
        #expect(self.inspect(url: self.directory.url("ü #?%.png")).stored?.filename == "ü #?%.png")
        #expect(self.inspect(url: "file://\(dir)/%61%20b.png").stored?.filename == "a b.png")
        #expect(self.inspect(url: "FILE://\(dir)/plain.png").stored != nil, "the scheme is case-insensitive")
        #expect(self.inspect(url: "File://LocalHost\(dir)/plain.png").stored != nil)
        #expect(self.inspect(url: "file:\(dir)/plain.png").stored != nil)
        #expect(self.inspect(url: "file://\(dir)/plain.png?version=2#top").stored?.filename == "plain.png")
        #expect(self.inspect(url: "file://\(dir)/./sub/../plain.png").stored == nil, "no such folder 'sub'")
    }

    @Test func theAlternateFilenameWinsWhenItIsNotEmpty() throws {
        #expect(try self.inspect("a.png", Sample.png(1, 1), alternate: "Holiday.png").stored?.filename == "Holiday.png")
        #expect(try self.inspect("b.png", Sample.png(1, 1), alternate: "").stored?.filename == "b.png")
        #expect(try self.inspect("c.png", Sample.png(1, 1), alternate: nil).stored?.filename == "c.png")
    }

    @Test func aMissingFileIsFileNotFound() throws {
        try self.directory.write("plain.png", bytes: Sample.png(1, 1))
        try FileManager.default.createSymbolicLink(
            atPath: self.directory.file("dangling.png"), withDestinationPath: self.directory.file("gone.png"))
        for name in ["missing.png", "dangling.png", "plain.png/inside.png", "nofolder/x.png"] {
            let error = try #require(self.inspect(url: self.directory.url(name)).error, "\(name)")
            #expect(error == .messages(.fileNotFound), "\(name)")
            #expect(error.description.contains(self.directory.file(name)), "\(error.description)")
        }
    }

    @Test func aSymbolicLinkToAFileIsFollowed() throws {
        try self.directory.write("real.png", bytes: Sample.png(7, 8))
        try FileManager.default.createSymbolicLink(
            atPath: self.directory.file("link.png"), withDestinationPath: self.directory.file("real.png"))
        let file = try #require(self.inspect(url: self.directory.url("link.png")).stored)
        #expect((file.filename, file.pixelWidth) == ("link.png", 7))
    }

    @Test func aDirectoryAFIFOOrAnEmptyFileIsFileUnreadable() throws {
        try FileManager.default.createDirectory(
            atPath: self.directory.file("folder.png"), withIntermediateDirectories: false)
        #expect(mkfifo(self.directory.file("pipe.png"), 0o600) == 0)
        try self.directory.write("empty.txt", bytes: [])
        for name in ["folder.png", "pipe.png", "empty.txt"] {
            let error = try #require(self.inspect(url: self.directory.url(name)).error, "\(name)")
            #expect(error == .messages(.fileUnreadable), "\(name)")
            #expect(error.description.contains(self.directory.file(name)), "\(error.description)")
        }
        #expect(self.inspect(url: "file://\(self.directory.path)/").error == .messages(.fileUnreadable))
    }

    /// Root reads any file whatever its mode, so the permission case can only be seen unprivileged.
    @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
    func aFileWithoutReadPermissionIsFileUnreadable() throws {
        let path = try self.directory.write("secret.png", bytes: Sample.png(1, 1))
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o600) }
        #expect(self.inspect(url: self.directory.url("secret.png")).error == .messages(.fileUnreadable))
    }

    @Test func truncatedHeadersAreStillTypedButHaveNoSize() throws {
        let truncated: [(String, [UInt8], String)] = [
            ("sig.png", Sample.pngSignature, "image/png"),
            ("ihdr.png", Array(Sample.png(400, 400).prefix(20)), "image/png"),
            ("gif.gif", Sample.ascii("GIF89a") + [1], "image/gif"), ("jpeg.jpg", [0xFF, 0xD8, 0xFF], "image/jpeg"),
            ("vp8x.webp", Array(Sample.webpExtended(400, 400).prefix(26)), "image/webp"),
            ("vp8l.webp", Array(Sample.webpLossless(400, 400).prefix(22)), "image/webp"),
        ]
        for (name, bytes, mediaType) in truncated {
            let file = try #require(try self.inspect(name, bytes).stored, "\(name)")
            #expect(file.mediaType == mediaType && file.pixelWidth == nil && file.pixelHeight == nil, "\(name)")
        }
    }

    /// Random buffers, half of them starting with a real magic number so the deeper parsers
    /// run on garbage, through every purpose, as bytes and as files: none may crash or hang.
    @Test func randomBytesNeverCrashTheInspector() throws {
        var random = SeededGenerator(state: 2016)
        let prefixes: [[UInt8]] = [
            Sample.pngSignature, Sample.pngSignature + Sample.be32(13) + Sample.ascii("IHDR"),
            Sample.ascii("GIF89a"), [0xFF, 0xD8, 0xFF], [0xFF, 0xD8, 0xFF, 0xC0], Sample.ascii("RIFF\0\0\0\0WEBPVP8 "),
            Sample.ascii("RIFF\0\0\0\0WEBPVP8L"), Sample.ascii("RIFF\0\0\0\0WEBPVP8X"),
            Sample.ascii("\0\0\0\u{7F}ftyp"),
            Sample.ascii("%PDF-"), Sample.ascii("ID3"), [0xFF, 0xFB],
        ]
        let purposes: [FileCheck.Purpose] = [.attachment, .sticker, .layoutMedia, .layoutImage, .viewImage]
        for round in 0..<400 {
            var bytes = (0..<Int.random(in: 0...1500, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random), let prefix = prefixes.randomElement(using: &random) {
                bytes = prefix + bytes
            }
            for purpose in purposes {
                let result = self.inspector.inspect(FileCheck(source: .bytes(bytes), purpose: purpose))
                if let file = result.stored { #expect(file.byteCount == bytes.count) }
            }
            if round % 4 == 0 {
                let name = "random-\(round)." + ["png", "txt", "jpg", "bin"][round / 4 % 4]
                let result = try self.inspect(name, bytes, purposes[round / 4 % 4])
                if let file = result.stored { #expect(file.byteCount == bytes.count && file.filename == name) }
            }
        }
    }
}
