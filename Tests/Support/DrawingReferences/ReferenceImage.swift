import Foundation
import Testing

@testable import MessagesSDK

/// Compares a rendered image with a committed reference PNG (`directory/NAME.png`), allowing
/// small differences: a pixel matches when no channel differs by more than `channelTolerance`,
/// and the images match when at most `mismatchFraction` of the pixels do not (antialiasing and
/// font versions move edges by a shade).
///
/// `MSGHOST_RECORD_REFERENCES=1 swift test --filter DrawingTests` writes the references anew;
/// look at them before committing. Without it, a missing reference is a failure.
///
/// A library of its own so that MessagesSDK's tests and the examples' share it; it reads the
/// images' pixels, which MessagesSDK keeps internal (so it is built with testing enabled, as
/// `swift build` and `swift test` do by default).
public enum ReferenceImage {
    public static func check(
        _ image: UIImage, named name: String, in directory: URL, channelTolerance: Int = 24,
        mismatchFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = directory.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["MSGHOST_RECORD_REFERENCES"] == "1" {
            try #require(image.pngData(), sourceLocation: sourceLocation).write(to: file)
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: file.path),
            "no reference \(file.path); record it (see ReferenceImage)", sourceLocation: sourceLocation)
        let reference = try #require(UIImage(data: data), sourceLocation: sourceLocation)
        let mismatches = try Self.mismatches(image, reference, channelTolerance: channelTolerance)
        let allowed = Int(Double(image.pixelWidth * image.pixelHeight) * mismatchFraction)
        if mismatches > allowed {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png")
            try? image.pngData()?.write(to: actual)
            Issue.record(
                "\(name): \(mismatches) pixels differ from the reference (at most \(allowed)); the rendering is at \(actual.path)",
                sourceLocation: sourceLocation)
        }
    }

    /// How many pixels differ by more than `channelTolerance` in some channel (premultiplied).
    public static func mismatches(_ a: UIImage, _ b: UIImage, channelTolerance: Int) throws -> Int {
        let x = try #require(a.bitmap)
        let y = try #require(b.bitmap)
        try #require(
            x.width == y.width && x.height == y.height,
            "sizes differ: \(x.width)×\(x.height) and \(y.width)×\(y.height)")
        var count = 0
        for row in 0..<x.height {
            for column in 0..<x.width {
                let p = x.pixel(x: column, y: row)
                let q = y.pixel(x: column, y: row)
                let differs = stride(from: 0, to: 32, by: 8).contains { shift in
                    abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)) > channelTolerance
                }
                if differs { count += 1 }
            }
        }
        return count
    }

    /// The colour at a point of an image as (r, g, b, a) bytes, unpremultiplied.
    public static func rgba(_ image: UIImage, x: Int, y: Int) throws -> [Int] {
        let word = try #require(image.bitmap).pixel(x: x, y: y)
        let a = Int(word >> 24)
        func channel(_ shift: UInt32) -> Int {
            let value = Int((word >> shift) & 0xFF)
            return a == 0 ? 0 : min(255, (value * 255 + a / 2) / a)
        }
        return [channel(16), channel(8), channel(0), a]
    }
}

extension Array where Element == Int {
    /// Whether each channel is within `tolerance` of `other`'s: a colour that went through
    /// premultiplied 8-bit storage (127.5 may be 127 or 128).
    public func isNear(_ other: [Int], within tolerance: Int = 2) -> Bool {
        self.count == other.count && zip(self, other).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
