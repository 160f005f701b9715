import Foundation

/// What the first bytes of an encoded image say: its format and its size in pixels.
///
/// Only the header is read (PNG's IHDR, JPEG's SOFn frame header, GIF's logical screen): there
/// is no decoder here. It is how MessagesSDK's `UIImage` knows its `size` and refuses bytes
/// that are not an image (as `UIImage(data:)` returns nil for them on iOS), and how the control
/// clients name a bubble's image by its size for a reader that cannot see it (msghost-mcp,
/// msghostctl). The daemon reads the files it stores with its own, more thorough reader.
public struct ImageHeader: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg, gif
    }

    public var format: Format
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// The header of `data`, or nil when it is not a PNG, JPEG or GIF with a readable size
    /// (truncated, a zero side, an unknown signature).
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        let parsed = Self.png(bytes) ?? Self.gif(bytes) ?? Self.jpeg(bytes)
        guard let parsed, parsed.pixelWidth > 0, parsed.pixelHeight > 0 else { return nil }
        self = parsed
    }

    private init(format: Format, pixelWidth: Int, pixelHeight: Int) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG: the signature, then the IHDR chunk first (length 13, "IHDR", width and height as
    /// big-endian 32-bit numbers; the PNG specification limits each to 2³¹−1).
    private static func png(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        guard width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        return ImageHeader(format: .png, pixelWidth: width, pixelHeight: height)
    }

    /// GIF: "GIF87a" or "GIF89a", then the logical screen's width and height, little-endian 16-bit.
    private static func gif(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 10,
            Array(bytes[0..<6]) == Array("GIF87a".utf8) || Array(bytes[0..<6]) == Array("GIF89a".utf8)
        else { return nil }
        return ImageHeader(
            format: .gif, pixelWidth: Int(bytes[6]) | Int(bytes[7]) << 8,
            pixelHeight: Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// JPEG: SOI (FF D8), then marker segments until a start-of-frame (SOF0–SOF15 but DHT C4,
    /// JPG C8 and DAC CC), whose payload is precision, height, width (big-endian 16-bit).
    /// Segments before it (APPn, DQT, …) are skipped by their lengths.
    private static func jpeg(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }  // fill bytes before a marker
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }  // no length
            let length = bigEndian(bytes, at: index + 2, count: 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return ImageHeader(
                    format: .jpeg, pixelWidth: bigEndian(bytes, at: index + 7, count: 2),
                    pixelHeight: bigEndian(bytes, at: index + 5, count: 2))
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or end before any frame
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at index: Int, count: Int) -> Int {
        bytes[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
