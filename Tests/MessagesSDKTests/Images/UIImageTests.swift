import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// `UIImage` from bytes, files and names; its size from the header; what it sends.
@Suite struct UIImageTests {
    /// Real PNGs (made with Python's zlib): cone.png 320×300, cup@2x.png 400×360 pixels.
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/StickerApp/Resources").standardizedFileURL

    /// The smallest GIF89a: a 1×1 transparent pixel (logical screen 1×1 here rewritten to 7×5).
    static let gif = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x07, 0x00, 0x05, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    /// A baseline JPEG's header as encoders write it: SOI, APP0 (JFIF), a DQT, then SOF0 of
    /// 640×480 (height first on the wire), padded fill bytes before the frame marker.
    static let jpeg: Data = {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes +=
            [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [
                0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
            ]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [
            0xFF, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
            0x11, 0x01,
        ]
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }()

    @Test func sizeComesFromEachFormatsHeader() throws {
        let png = try #require(UIImage(contentsOfFile: Self.resources.appendingPathComponent("cone.png").path))
        #expect(png.size == CGSize(width: 320, height: 300) && png.scale == 1)
        let gif = try #require(UIImage(data: Self.gif))
        #expect(gif.size == CGSize(width: 7, height: 5))
        // The JPEG header alone (no scan, so no UIImage): its frame gives the size.
        #expect(ImageHeader(Self.jpeg).map { [$0.pixelWidth, $0.pixelHeight] } == [640, 480])
        // A progressive JPEG's frame is SOF2; DHT (C4) before it is a table, not a frame.
        var progressive = [UInt8](Self.jpeg)
        let sof = try #require(progressive.firstIndex(of: 0xC0))
        progressive[sof] = 0xC2
        progressive.insert(contentsOf: [0xFF, 0xC4, 0x00, 0x03, 0x00], at: 2)
        #expect(ImageHeader(Data(progressive)).map { [$0.pixelWidth, $0.pixelHeight] } == [640, 480])
        let jpegBytes = try #require(png.jpegData(compressionQuality: 0.8))
        let jpeg = try #require(UIImage(data: jpegBytes, scale: 2))
        #expect(jpeg.size == CGSize(width: 160, height: 150))
    }

    @Test func bytesThatAreNotAnImageGiveNil() {
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("GIF89a".utf8)) == nil)  // no logical screen
        #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) == nil)  // no IHDR
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])) == nil)  // scan before any frame
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00])) == nil)  // segment length 0
        #expect(UIImage(data: Data("hello, world".utf8)) == nil)
        var zeroWide = [UInt8](Self.gif)
        zeroWide[6] = 0
        #expect(UIImage(data: Data(zeroWide)) == nil)
        #expect(UIImage(data: Self.gif, scale: 0) == nil)
        #expect(UIImage(data: Self.gif, scale: .nan) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/cone.png") == nil)
    }

    @Test func aPNGKeepsItsBytesAndEveryDecodedImageEncodes() throws {
        let file = Self.resources.appendingPathComponent("cone.png")
        let png = try #require(UIImage(contentsOfFile: file.path))
        let bytes = try Data(contentsOf: file)
        #expect(png.pngData() == bytes && UIImagePNGRepresentation(png) == bytes)
        let jpegBytes = try #require(png.jpegData(compressionQuality: 0.8))
        #expect(jpegBytes.prefix(2) == Data([0xFF, 0xD8]))
        let jpeg = try #require(UIImage(data: jpegBytes))
        #expect(jpeg.size == png.size)
        #expect(UIImageJPEGRepresentation(jpeg, 1)?.prefix(2) == Data([0xFF, 0xD8]))
        #expect(UIImagePNGRepresentation(jpeg).flatMap(UIImage.init(data:))?.size == png.size)
        // A GIF is not decoded: it keeps its bytes and size, and has no PNG or JPEG.
        #expect(
            UIImage(data: Self.gif)?.pngData() == nil && UIImage(data: Self.gif)?.jpegData(compressionQuality: 1) == nil
        )
    }

    @Test func namesAreLookedUpInTheResourcesDirectory() throws {
        let directory = UIImage.resourcesDirectory(environment: ["MSGHOST_RESOURCES": Self.resources.path])
        #expect(directory.standardizedFileURL == Self.resources)
        #expect(UIImage.file(named: "cone", in: directory)?.lastPathComponent == "cone.png")
        #expect(UIImage.file(named: "cone.png", in: directory)?.lastPathComponent == "cone.png")
        // "cup" exists only at @2x: found, with scale 2 and its size in points.
        let cup = try #require(UIImage.file(named: "cup", in: directory))
        #expect(cup.lastPathComponent == "cup@2x.png")
        let image = try #require(UIImage(contentsOfFile: cup.path))
        #expect(image.scale == 2 && image.size == CGSize(width: 200, height: 180))
        #expect(UIImage.file(named: "waffle", in: directory) == nil)
        #expect(UIImage.file(named: "", in: directory) == nil)
        // Without the variable: Resources in the working directory; a relative value from there.
        let working = FileManager.default.currentDirectoryPath
        #expect(UIImage.resourcesDirectory(environment: [:]).path == working + "/Resources")
        #expect(UIImage.resourcesDirectory(environment: ["MSGHOST_RESOURCES": "art/x"]).path == working + "/art/x")
    }

    @Test func namedLooksInMSGHOST_RESOURCES() throws {
        // The only test that sets the process's environment; others pass it in.
        setenv("MSGHOST_RESOURCES", Self.resources.path, 1)
        defer { unsetenv("MSGHOST_RESOURCES") }
        #expect(UIImage(named: "cone")?.size == CGSize(width: 320, height: 300))
        #expect(UIImage(named: "waffle") == nil)
    }

    @Test func aLayoutTakesAUIImageOrDataAndSendsTheBytes() throws {
        let file = Self.resources.appendingPathComponent("cone.png")
        let layout = MSMessageTemplateLayout()
        layout.image = UIImage(contentsOfFile: file.path)
        #expect((layout.image as? UIImage)?.size == CGSize(width: 320, height: 300))
        let message = MSMessage()
        message.layout = layout
        let bytes = try Data(contentsOf: file)
        #expect(try WireMapping.value(of: message).buffers == [Array(bytes)])
        layout.image = Self.gif
        #expect(try WireMapping.value(of: message).buffers == [Array(Self.gif)])
        // A copy keeps the image; a host message's image file reads back as a UIImage.
        let copy = try #require(layout.copy() as? MSMessageTemplateLayout)
        #expect((copy.image as? Data) == Self.gif)
        let received = MSMessageTemplateLayout()
        received.imageFileURL = file
        #expect((received.image as? UIImage)?.pngData() == bytes)
    }
}

extension UIImageTests {
    /// What calendar screenshots are cut with: the pixels of a rect, cut to the image.
    @MainActor @Test func aCGImageIsCroppedToARectInPixels() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format)
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        }
        let cgImage = try #require(image.cgImage)
        let right = try #require(cgImage.cropping(to: CGRect(x: 10, y: 0, width: 30, height: 10)))
        #expect(right.width == 10 && right.height == 10, "cut at the image's edge")
        #expect(right.bitmap?.pixel(x: 0, y: 0) == 0xFF00_00FF, "blue")
        #expect(cgImage.cropping(to: CGRect(x: 100, y: 100, width: 5, height: 5)) == nil, "nothing of the image")
        #expect(cgImage.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)) == nil)
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC * 1_000 == NSEC_PER_SEC)
    }
}
