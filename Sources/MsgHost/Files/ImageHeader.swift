/// Reads an image's size in pixels from its header, without decoding it.
///
/// Stickers must be 300–618 px a side, so the host needs the size of PNG, APNG, GIF and JPEG
/// files; WebP is read too so layout media report a size. Every reader treats the file as
/// hostile: it reads only the few bytes it needs through `ByteSource` (which answers short
/// instead of trapping), bounds every loop, and answers nil for anything truncated, zero-sized
/// or inconsistent rather than guessing.
enum ImageHeader {
    struct PixelSize: Hashable, Sendable {
        var width: Int
        var height: Int
    }

    /// The pixel size of an image of `kind`, or nil if its header cannot be read (or the kind
    /// is one whose size we do not read, such as HEIF).
    static func pixelSize(of kind: FileKind, in source: some ByteSource) -> PixelSize? {
        let size: PixelSize? =
            switch kind {
            case .png, .apng: Self.png(source)
            case .gif: Self.gif(source)
            case .jpeg: Self.jpeg(source)
            case .webp: Self.webp(source)
            default: nil
            }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// PNG: the first chunk must be a 13-byte `IHDR`, whose first fields are the width and
    /// height as big-endian 32-bit numbers below 2^31.
    private static func png(_ source: some ByteSource) -> PixelSize? {
        let h = Head(source.bytes(at: 8, count: 16))
        guard h.uint32BE(0) == 13, h.ascii(4, 4) == "IHDR", let width = h.uint32BE(8), let height = h.uint32BE(12),
            width <= Int32.max, height <= Int32.max
        else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// An APNG is a PNG with an `acTL` (animation control) chunk before its first `IDAT`. We
    /// walk the chunk headers (8 bytes each, skipping the data) until `IDAT`, `IEND`, the end
    /// of the file or a bounded number of chunks.
    static func pngIsAnimated(_ source: some ByteSource) -> Bool {
        var offset = 8
        for _ in 0..<1024 {
            let h = Head(source.bytes(at: offset, count: 8))
            guard let length = h.uint32BE(0), length <= Int32.max else { return false }
            switch h.ascii(4, 4) {
            case "acTL": return true
            case "IDAT", "IEND", "": return false
            default: offset += 12 + Int(length)  // length, type, data, CRC
            }
            if offset >= source.count { return false }
        }
        return false
    }

    /// GIF: the logical screen size, little-endian 16-bit numbers right after the signature.
    private static func gif(_ source: some ByteSource) -> PixelSize? {
        let b = source.bytes(at: 6, count: 4)
        guard b.count == 4 else { return nil }
        return PixelSize(width: Int(b[0]) | Int(b[1]) << 8, height: Int(b[2]) | Int(b[3]) << 8)
    }

    /// JPEG: walks the marker segments from SOI to the first start-of-frame (SOF0–SOF15,
    /// except C4 DHT, C8 JPG and CC DAC, which share the range), whose payload is precision,
    /// height, width. Fill bytes (FF FF…) and the standalone markers (TEM, RST0–7) carry no
    /// length; reaching SOS or EOI first means there is no frame header to read. A height of
    /// 0 (defined later by a DNL segment) is reported as unreadable.
    private static func jpeg(_ source: some ByteSource) -> PixelSize? {
        var offset = 2
        for _ in 0..<4096 {
            // Skip to the marker byte: one or more 0xFF, then a non-0xFF code.
            var prefix = source.bytes(at: offset, count: 2)
            guard prefix.count == 2, prefix[0] == 0xFF else { return nil }
            var fills = 0
            while prefix.count == 2, prefix[1] == 0xFF, fills < 64 {
                offset += 1
                fills += 1
                prefix = source.bytes(at: offset, count: 2)
            }
            guard prefix.count == 2, prefix[1] != 0xFF else { return nil }
            let marker = prefix[1]
            offset += 2
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // standalone, no length
            case 0xD8, 0xD9, 0xDA, 0x00: return nil  // SOI again, EOI, SOS, or a stuffed byte: no frame header
            default: break
            }
            let segment = source.bytes(at: offset, count: 7)
            guard segment.count >= 2 else { return nil }
            let length = Int(segment[0]) << 8 | Int(segment[1])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, segment.count == 7 else { return nil }
                return PixelSize(
                    width: Int(segment[5]) << 8 | Int(segment[6]), height: Int(segment[3]) << 8 | Int(segment[4]))
            }
            offset += length
        }
        return nil
    }

    /// WebP: the first chunk after `RIFF….WEBP` says which of the three encodings it is.
    /// - `VP8 ` (lossy): a key frame's 3-byte tag, the start code 9D 01 2A, then 14-bit
    ///   little-endian width and height (the top 2 bits are a scale, ignored).
    /// - `VP8L` (lossless): signature 0x2F, then 14 bits of width−1 and 14 of height−1.
    /// - `VP8X` (extended): 4 bytes of flags, then 24-bit width−1 and height−1 of the canvas.
    private static func webp(_ source: some ByteSource) -> PixelSize? {
        let h = Head(source.bytes(at: 12, count: 18))
        let b = h.bytes
        switch h.ascii(0, 4) {
        case "VP8 ":
            guard b.count >= 18, b[8] & 0x01 == 0, b[11] == 0x9D, b[12] == 0x01, b[13] == 0x2A else { return nil }
            return PixelSize(
                width: (Int(b[14]) | Int(b[15]) << 8) & 0x3FFF, height: (Int(b[16]) | Int(b[17]) << 8) & 0x3FFF)
        case "VP8L":
            guard b.count >= 13, b[8] == 0x2F else { return nil }
            let bits = Int(b[9]) | Int(b[10]) << 8 | Int(b[11]) << 16 | Int(b[12]) << 24
            return PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            guard b.count >= 18 else { return nil }
            let width = Int(b[12]) | Int(b[13]) << 8 | Int(b[14]) << 16
            let height = Int(b[15]) | Int(b[16]) << 8 | Int(b[17]) << 16
            return PixelSize(width: width + 1, height: height + 1)
        default:
            return nil
        }
    }
}
