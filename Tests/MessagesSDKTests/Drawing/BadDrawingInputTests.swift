import Foundation
import Testing

@testable import MessagesSDK

/// Bad input to the drawing calls gives nil, an empty image or nothing drawn, never a crash.
@Suite struct BadDrawingInputTests {
    static func png(side: Int = 8) throws -> Data {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func corruptImagesGiveNil() throws {
        let png = try Self.png()
        #expect(UIImage(data: png) != nil)
        #expect(UIImage(data: png.prefix(png.count / 2)) == nil)  // truncated
        var flipped = [UInt8](png)
        for index in 41..<min(60, flipped.count - 12) { flipped[index] ^= 0x5A }  // the image data, CRC now wrong
        #expect(UIImage(data: Data(flipped)) == nil)
        // A header that claims 100 000 × 100 000 pixels is refused before any decoding.
        var huge = [UInt8](png)
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        #expect(UIImage(data: Data(huge)) == nil)
        // A JPEG header without a scan, and a JPEG cut short in its header.
        let jpeg = try #require(UIImage(data: png)?.jpegData(compressionQuality: 0.8))
        #expect(UIImage(data: jpeg) != nil)
        #expect(UIImage(data: jpeg.prefix(40)) == nil)
        #expect(
            UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14) + [0xFF, 0xD9]))
                == nil)
    }

    @Test func zeroOrHugeSizesGiveAnEmptyImageAndDrawNothing() {
        for size in [
            CGSize.zero, CGSize(width: 10, height: 0), CGSize(width: -5, height: 5),
            CGSize(width: 100_000, height: 100_000),
            CGSize(width: CGFloat.nan, height: 4), CGSize(width: CGFloat.infinity, height: 4),
        ] {
            var ran = false
            let renderer = UIGraphicsImageRenderer(size: size)
            let image = renderer.image { _ in ran = true }
            #expect(!ran)
            #expect(image.size == .zero && image.pngData() == nil && image.jpegData(compressionQuality: 1) == nil)
            #expect(renderer.pngData { _ in }.isEmpty)
            #expect(renderer.jpegData(withCompressionQuality: 1) { _ in }.isEmpty)
        }
        let format = UIGraphicsImageRendererFormat()
        format.scale = -1
        #expect(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in }.size == .zero)
    }

    @Test func aFailedImageContextIsEndedWithoutEndingTheOneBelow() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        let outer = UIGraphicsGetCurrentContext()
        #expect(outer != nil)
        UIGraphicsBeginImageContextWithOptions(.zero, false, 0)
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIColor.red.setFill()  // no context: nothing happens
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).fill()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsEndImageContext()
        UIGraphicsEndImageContext()  // one too many: nothing to end, no crash
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func drawingOutsideAContextOrWithBadNumbersDoesNothing() throws {
        let image = try #require(UIImage(data: try Self.png()))
        image.draw(at: .zero)
        "text".draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 12)])
        UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 5, height: 5)).stroke()
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { context in
            image.draw(in: CGRect(x: 0, y: 0, width: 0, height: 8))
            image.draw(in: CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
            context.cgContext.scaleBy(x: 0, y: 1)  // refused: it would break the context
            context.cgContext.setLineWidth(.nan)
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 8, height: 8), cornerRadius: .infinity).fill()
            "x".draw(at: CGPoint(x: CGFloat.nan, y: 0), withAttributes: [.font: UIFont.systemFont(ofSize: .nan)])
            context.cgContext.restoreGState()  // nothing saved
        }
        #expect(drawn.size == CGSize(width: 8, height: 8))
        #expect(UIFont(name: "", size: 12) == nil && UIFont(name: "Helvetica", size: 0) == nil)
        #expect(UIImage().size == .zero && UIImage().pngData() == nil)
    }
}
