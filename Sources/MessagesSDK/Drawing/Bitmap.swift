import CCairo
import CJPEG
import Foundation

/// Pixels in a Cairo image surface: what a decoded `UIImage` holds and what a renderer draws
/// into. Cairo's ARGB32 (premultiplied, native-endian 32-bit words) or RGB24 for opaque ones.
///
/// Cairo reads and writes PNG itself; JPEG goes through libjpeg-turbo (`CJPEG`). Sizes are
/// checked before anything is allocated, so a file that claims 100 000 pixels a side is refused
/// rather than tried.
final class Bitmap: @unchecked Sendable {
    /// Cairo's own limit is 32 767 a side; a bubble or sticker is a few hundred. 16 384 a side
    /// and 50 million pixels (200 MB) in all is far above any real use and keeps a bad file
    /// from taking the machine's memory.
    static let maximumSide = 16_384
    static let maximumPixels = 50_000_000

    /// `cairo_surface_t *`, owned.
    let surface: OpaquePointer
    let width: Int
    let height: Int
    let isOpaque: Bool

    /// Why `width` × `height` cannot be a bitmap, or nil when it can.
    static func refusal(width: Int, height: Int) -> String? {
        guard width > 0, height > 0 else { return "\(width)×\(height) pixels has no pixels" }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            return "\(width)×\(height) pixels is too large (at most \(maximumSide) a side and \(maximumPixels) pixels)"
        }
        return nil
    }

    /// A transparent (or, when opaque, black) bitmap; nil past the limits.
    init?(width: Int, height: Int, opaque: Bool) {
        guard Self.refusal(width: width, height: height) == nil,
            let surface = cairo_image_surface_create(
                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.width = width
        self.height = height
        self.isOpaque = opaque
    }

    /// Takes ownership of a surface Cairo made, in ARGB32 or RGB24.
    private init(adopting surface: OpaquePointer) {
        self.surface = surface
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
        self.isOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    }

    deinit { cairo_surface_destroy(self.surface) }

    /// A copy of the pixels: an image keeps its own, so drawing on afterwards does not change it.
    func copy() -> Bitmap {
        let copy = Bitmap(width: self.width, height: self.height, opaque: self.isOpaque)!
        let cairo = cairo_create(copy.surface)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cairo, self.surface, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return copy
    }

    /// The pixels of `rect` (whole pixels, inside the bitmap), copied; nil when that is empty.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0, let copy = Bitmap(width: width, height: height, opaque: self.isOpaque) else {
            return nil
        }
        let cairo = cairo_create(copy.surface)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cairo, self.surface, Double(-x), Double(-y))
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return copy
    }

    /// The pixel at (`x`, `y`) as Cairo keeps it: premultiplied 0xAARRGGBB (alpha 0xFF when opaque).
    func pixel(x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(self.surface)
        let row = cairo_image_surface_get_data(self.surface)! + y * Int(cairo_image_surface_get_stride(self.surface))
        let word = row.withMemoryRebound(to: UInt32.self, capacity: self.width) { $0[x] }
        return self.isOpaque ? word | 0xFF00_0000 : word
    }

    // MARK: PNG

    /// The PNG in `data`, or nil when Cairo (libpng) cannot read it.
    static func png(_ data: Data) -> Bitmap? {
        let reader = ByteReader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
                    return reader.read(into: buffer!, count: Int(length))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let format = cairo_image_surface_get_format(surface)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 { return Bitmap(adopting: surface) }
        // Other formats (A8 for some grey PNGs): painted onto ARGB32, the one the rest expects.
        defer { cairo_surface_destroy(surface) }
        guard
            let bitmap = Bitmap(
                width: Int(cairo_image_surface_get_width(surface)),
                height: Int(cairo_image_surface_get_height(surface)), opaque: false)
        else { return nil }
        let cairo = cairo_create(bitmap.surface)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return bitmap
    }

    /// The pixels as a PNG (RGB for an opaque bitmap, RGBA otherwise); nil only when Cairo fails.
    func pngData() -> Data? {
        let writer = ByteWriter()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(
                self.surface,
                { closure, bytes, length in
                    Unmanaged<ByteWriter>.fromOpaque(closure!).takeUnretainedValue().data.append(
                        bytes!, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(writer).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? writer.data : nil
    }

    // MARK: JPEG

    /// libjpeg's message, NUL-terminated in `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The JPEG in `data`; nil with libjpeg's reason when it cannot be read.
    static func jpeg(_ data: Data) -> Result<Bitmap, ImageError> {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            cjpeg_decode(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, maximumPixels, &pixels, &width, &height,
                &message, message.count)
        }
        guard status == 0, let pixels else { return .failure(ImageError("JPEG: \(Self.text(message))")) }
        defer { cjpeg_free(pixels) }
        guard Self.refusal(width: Int(width), height: Int(height)) == nil,
            let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: true)
        else {
            return .failure(ImageError("JPEG: \(width)×\(height) pixels is too large"))
        }
        cairo_surface_flush(bitmap.surface)
        let target = cairo_image_surface_get_data(bitmap.surface)!
        let stride = Int(cairo_image_surface_get_stride(bitmap.surface))
        for y in 0..<Int(height) {
            (target + y * stride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { row in
                row.update(from: pixels + y * Int(width), count: Int(width))
            }
        }
        cairo_surface_mark_dirty(bitmap.surface)
        return .success(bitmap)
    }

    /// The pixels as a baseline JPEG at `quality` (0…1, as UIKit's `compressionQuality`);
    /// transparent pixels come out black, as UIKit's do.
    func jpegData(quality: CGFloat) -> Data? {
        cairo_surface_flush(self.surface)
        let level = Int32((min(max(quality.isFinite ? quality : 1, 0), 1) * 100).rounded())
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cjpeg_encode(
            cairo_image_surface_get_data(self.surface), Int32(self.width), Int32(self.height),
            cairo_image_surface_get_stride(self.surface), level, &output, &size, &message, message.count)
        guard status == 0, let output else {
            HostConnection.log("jpegData failed: \(Self.text(message))")
            return nil
        }
        defer { cjpeg_free(output) }
        return Data(bytes: output, count: Int(size))
    }
}

/// Why an image could not be read or made, for the log.
struct ImageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Hands Cairo's PNG reader `data` piece by piece.
private final class ByteReader {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= self.data.count - self.offset else { return false }
        let start = self.data.startIndex + self.offset
        self.data.copyBytes(to: buffer, from: start..<(start + count))
        self.offset += count
        return true
    }
}

/// Collects what Cairo's PNG writer writes.
private final class ByteWriter {
    var data = Data()
}
