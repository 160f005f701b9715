import Foundation

/// Writes 8-bit palette PNGs with no dependencies: zlib "stored" (uncompressed) deflate
/// blocks, CRC-32 and Adler-32 by hand.
///
/// Uncompressed is fine for stickers: a palette image costs one byte a pixel, so a 400×400
/// sticker is about 160 KB, well under Messages' 500 KB limit. Palette index 0 can be made
/// transparent (a `tRNS` chunk), which stickers want.
enum PNGEncoder {
    /// `pixels`: `width × height` palette indices, row by row; `palette`: RGB triples.
    static func encode(width: Int, height: Int, pixels: [UInt8], palette: [(UInt8, UInt8, UInt8)], transparentIndexZero: Bool) -> Data {
        precondition(pixels.count == width * height && (1...256).contains(palette.count))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 3, 0, 0, 0])  // bit depth 8, palette, deflate, no filter, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("PLTE", Data(palette.flatMap { [$0.0, $0.1, $0.2] }))
        if transparentIndexZero { png.appendChunk("tRNS", Data([0])) }
        // Each scanline starts with its filter type, 0 (none).
        var raw = [UInt8]()
        raw.reserveCapacity((width + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw.append(contentsOf: pixels[(row * width)..<((row + 1) * width)])
        }
        png.appendChunk("IDAT", Self.zlibStored(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each), then Adler-32.
    static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let isLast = offset + count == bytes.count
            out.append(isLast ? 1 : 0)  // BFINAL, BTYPE = 00 (stored)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(contentsOf: bytes[offset..<(offset + count)])
            offset += count
        } while offset < bytes.count
        out.appendBigEndian(Self.adler32(bytes))
        return out
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }

    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = Self.crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        self.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    /// length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        self.appendBigEndian(UInt32(data.count))
        let typed = Data(type.utf8) + data
        self.append(typed)
        self.appendBigEndian(PNGEncoder.crc32(typed))
    }
}
