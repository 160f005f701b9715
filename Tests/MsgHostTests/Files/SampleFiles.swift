import Foundation
import MsgHostCore
import MsgHostProtocol
import MsgHostTesting

/// Builds the test files for the inspector and store tests: headers that are correct for the
/// fields the inspector reads (magic numbers, IHDR, logical screen, SOF, VP8*, ftyp), with
/// padding where a test needs a given byte count. Not decodable images, and not meant to be.
enum Sample {
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func le16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
    static func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8(truncatingIfNeeded: value >> 16)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value) + le16(value >> 16) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG chunk: length, type, data, and a CRC the inspector does not check (zeros).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + ascii(type) + data + [0, 0, 0, 0]
    }

    static func ihdr(_ width: Int, _ height: Int) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
    }

    /// A PNG of `width`×`height`, `byteCount` bytes long if given (padded inside an IDAT).
    static func png(_ width: Int, _ height: Int, byteCount: Int? = nil) -> [UInt8] {
        let start = pngSignature + ihdr(width, height)
        let end = chunk("IEND", [])
        let padding = max(0, (byteCount ?? 0) - start.count - end.count - 12)
        let bytes = start + chunk("IDAT", [UInt8](repeating: 0x55, count: padding)) + end
        if let byteCount { precondition(bytes.count == byteCount, "png padding") }
        return bytes
    }

    /// An APNG: `acTL` before the first IDAT (after a text chunk, to exercise the walk).
    static func apng(_ width: Int, _ height: Int) -> [UInt8] {
        pngSignature + ihdr(width, height) + chunk("tEXt", ascii("Comment\0hi")) + chunk("acTL", be32(2) + be32(0))
            + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
    }

    /// A PNG whose `acTL` comes after IDAT: not an animation.
    static func pngWithLateAnimationControl(_ width: Int, _ height: Int) -> [UInt8] {
        pngSignature + ihdr(width, height) + chunk("IDAT", [1, 2, 3]) + chunk("acTL", be32(2) + be32(0))
            + chunk("IEND", [])
    }

    static func gif(_ width: Int, _ height: Int) -> [UInt8] {
        ascii("GIF89a") + le16(width) + le16(height) + [0xF0, 0, 0] + [0, 0, 0, 255, 255, 255] + [0x3B]
    }

    /// A JPEG: SOI, a JFIF APP0, `extraSegments` APPn segments of `segmentSize` bytes, a few
    /// fill bytes, DQT, DHT, DAC, then SOFn (`frameMarker`, SOF0 by default) with the size, then SOS/EOI.
    static func jpeg(
        _ width: Int, _ height: Int, frameMarker: UInt8 = 0xC0, extraSegments: Int = 0, segmentSize: Int = 100
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + be16(16) + ascii("JFIF\0") + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        for _ in 0..<extraSegments {
            bytes += [0xFF, 0xE1] + be16(segmentSize + 2) + [UInt8](repeating: 0xAB, count: segmentSize)
        }
        bytes += [0xFF, 0xFF, 0xFF, 0xDB] + be16(67) + [0] + [UInt8](repeating: 1, count: 64)
        // DHT and DAC share the SOF range (C4, CC): read as a frame header they would give 257×257.
        bytes += [0xFF, 0xC4] + be16(20) + [UInt8](repeating: 1, count: 18) + [0xFF, 0xCC] + be16(6) + [1, 1, 1, 1]
        bytes +=
            [0xFF, frameMarker] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA] + be16(12) + [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0] + [0x12, 0x34] + [0xFF, 0xD9]
        return bytes
    }

    /// A JPEG cut inside its SOF0 segment, after the height's first byte.
    static var jpegCutInsideFrameHeader: [UInt8] {
        let bytes = jpeg(400, 400)
        let sof = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 } ?? 0
        return Array(bytes[..<(sof + 6)])
    }

    static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func riff(_ form: String, _ body: [UInt8]) -> [UInt8] {
        ascii("RIFF") + le32(body.count + 4) + ascii(form) + body
    }

    static func webpLossy(_ width: Int, _ height: Int) -> [UInt8] {
        let data: [UInt8] = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0]
        return riff("WEBP", ascii("VP8 ") + le32(data.count) + data)
    }

    static func webpLossless(_ width: Int, _ height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        let data: [UInt8] = [0x2F] + le32(bits) + [0, 0, 0]
        return riff("WEBP", ascii("VP8L") + le32(data.count) + data)
    }

    static func webpExtended(_ width: Int, _ height: Int) -> [UInt8] {
        let data: [UInt8] = [0x10, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        return riff("WEBP", ascii("VP8X") + le32(data.count) + data)
    }

    /// An ISO base media file: `ftyp` with the brands, then an empty `mdat`.
    static func isoMedia(_ major: String, compatible: [String] = []) -> [UInt8] {
        let brands = ascii(major) + [0, 0, 2, 0] + compatible.flatMap(ascii)
        return be32(8 + brands.count) + ascii("ftyp") + brands + be32(16) + ascii("mdat")
            + [UInt8](repeating: 0, count: 8)
    }

    static let mp3WithID3: [UInt8] =
        ascii("ID3") + [4, 0, 0, 0, 0, 0, 0] + [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 40)
    static let mp3FrameSync: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413)
    static let wav: [UInt8] = riff(
        "WAVE", ascii("fmt ") + le32(16) + [1, 0, 1, 0] + le32(8000) + le32(8000) + [1, 0, 8, 0])
    static let caf: [UInt8] = ascii("caff") + [0, 1, 0, 0] + ascii("desc") + [UInt8](repeating: 0, count: 40)
    static let aiff: [UInt8] =
        ascii("FORM") + be32(30) + ascii("AIFF") + ascii("COMM") + be32(18) + [UInt8](repeating: 0, count: 18)
    static let pdf: [UInt8] = ascii("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
    /// Bytes that match no magic number and are not text.
    static let unknownBinary: [UInt8] =
        [0x00, 0x01, 0x02, 0x03, 0xDE, 0xAD, 0xBE, 0xEF] + [UInt8](repeating: 0, count: 100)
}

extension TemporaryDirectory {
    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = self.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The `file://` URL of `name` in this directory, with the name percent-encoded: every
    /// byte but RFC 3986's unreserved ones as `%XX`. By hand, not `addingPercentEncoding`,
    /// which crashed the test process on Linux when tests ran it at once (a bad pointer in
    /// `StringProtocol._ephemeralString`; swiftlang/swift#78770).
    func url(_ name: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let encoded = name.utf8.map {
            unreserved.contains($0)
                ? String(UnicodeScalar($0)) : "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true)
        }
        return "file://" + self.path + "/" + encoded.joined()
    }
}

extension FileCheckResult {
    var stored: StoredFile? { if case .accepted(let file) = self { file } else { nil } }
    var error: WireError? { if case .refused(let error) = self { error } else { nil } }
}
