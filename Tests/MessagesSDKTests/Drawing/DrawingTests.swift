import DrawingReferences
import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// UIKit's drawing calls, each rendered and compared with a reference PNG (ReferenceImage),
/// plus the points of the picture that must be a given colour, so a wrong reference shows too.
@Suite struct DrawingTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "References")
    static let format: UIGraphicsImageRendererFormat = {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return format
    }()

    @Test func rendererContextFillsStrokesAndDrawsWithItsCGContext() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 96, height: 64), format: Self.format)
        let image = renderer.image { context in
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 96, height: 64))
            UIColor.white.setStroke()
            context.cgContext.setLineWidth(4)
            context.stroke(CGRect(x: 8, y: 8, width: 80, height: 48))
            let cg = context.cgContext
            cg.setFillColor(UIColor.systemYellow.cgColor)
            cg.fillEllipse(in: CGRect(x: 30, y: 16, width: 36, height: 32))
            cg.saveGState()
            cg.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            cg.move(to: CGPoint(x: 40, y: 40))
            cg.addLine(to: CGPoint(x: 56, y: 40))
            cg.addLine(to: CGPoint(x: 48, y: 28))
            cg.closePath()
            cg.fillPath()
            cg.restoreGState()
            // Restored: the fill is yellow again.
            cg.fill(CGRect(x: 84, y: 0, width: 12, height: 4))
        }
        #expect(image.size == CGSize(width: 96, height: 64) && image.scale == 1)
        #expect(try ReferenceImage.rgba(image, x: 2, y: 30).isNear([0, 122, 255, 255]))
        #expect(try ReferenceImage.rgba(image, x: 8, y: 30).isNear([255, 255, 255, 255]))
        #expect(try ReferenceImage.rgba(image, x: 48, y: 36).isNear([255, 0, 0, 255]))
        #expect(try ReferenceImage.rgba(image, x: 90, y: 1).isNear([255, 204, 0, 255]))
        try ReferenceImage.check(image, named: "renderer", in: Self.references)
    }

    @Test func imageContextFamilyDrawsAtItsScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 30), false, 2)
        UIColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1).setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 30))
        UIColor.black.setStroke()
        UIRectFrame(CGRect(x: 24, y: 4, width: 12, height: 12))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 40, height: 30) && image.scale == 2)
        #expect(image.bitmap?.width == 80 && image.bitmap?.height == 60)
        #expect(try ReferenceImage.rgba(image, x: 10, y: 10).isNear([51, 153, 51, 255]))
        #expect(try ReferenceImage.rgba(image, x: 70, y: 50)[3] == 0)  // not drawn: transparent
        try ReferenceImage.check(image, named: "image-context", in: Self.references)

        // UIGraphicsBeginImageContext: scale 1; an opaque context is black where not drawn.
        UIGraphicsBeginImageContext(CGSize(width: 10, height: 10))
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.scale == 1)
        UIGraphicsEndImageContext()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), true, 1)
        let opaque = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(try ReferenceImage.rgba(opaque, x: 5, y: 5).isNear([0, 0, 0, 255]))
    }

    @Test func colorsByComponentsWhiteAndName() throws {
        let swatches: [UIColor] = [
            .black, .darkGray, .lightGray, .white, .gray, .red, .green, .blue, .cyan, .yellow, .magenta, .orange,
            .purple, .brown,
            .systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo,
            .systemPurple, .systemPink, .systemGray,
            UIColor(red: 0.5, green: 0.25, blue: 0.75, alpha: 1), UIColor(white: 0.3, alpha: 0.5),
            UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1),
            UIColor.red.withAlphaComponent(0.25),
        ]
        let image = UIGraphicsImageRenderer(size: CGSize(width: 7 * 12, height: 4 * 12), format: Self.format).image {
            context in
            for (index, color) in swatches.enumerated() {
                color.setFill()
                context.fill(CGRect(x: (index % 7) * 12, y: (index / 7) * 12, width: 12, height: 12))
            }
        }
        #expect(try ReferenceImage.rgba(image, x: 6 + 4 * 12, y: 6 + 12).isNear([255, 128, 0, 255]))  // orange
        #expect(try ReferenceImage.rgba(image, x: 6 + 5 * 12, y: 6 + 2 * 12).isNear([0, 122, 255, 255]))  // systemBlue
        #expect(try ReferenceImage.rgba(image, x: 6 + 6 * 12, y: 6 + 3 * 12).isNear([255, 0, 0, 64]))  // red at 0.25
        // White 0.3, alpha 0.5.
        #expect(try ReferenceImage.rgba(image, x: 6 + 4 * 12, y: 6 + 3 * 12).isNear([77, 77, 77, 128]))
        try ReferenceImage.check(image, named: "colors", in: Self.references)

        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        #expect(
            UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 0.5).getRed(
                &red, green: &green, blue: &blue, alpha: &alpha))
        #expect(abs(red) < 1e-9 && abs(green - 1) < 1e-9 && abs(blue) < 1e-9 && alpha == 0.5)
        #expect(UIColor(red: 2, green: -1, blue: .nan, alpha: 1) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func bezierPathsFillAndStroke() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 80), format: Self.format).image { _ in
            UIColor.white.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 120, height: 80)).fill()
            UIColor.systemGreen.setFill()
            UIBezierPath(roundedRect: CGRect(x: 4, y: 4, width: 52, height: 32), cornerRadius: 10).fill()
            UIColor.systemRed.setFill()
            UIBezierPath(ovalIn: CGRect(x: 64, y: 4, width: 52, height: 32)).fill()
            let arc = UIBezierPath(
                arcCenter: CGPoint(x: 30, y: 58), radius: 16, startAngle: 0, endAngle: .pi, clockwise: true)
            arc.lineWidth = 4
            UIColor.systemBlue.setStroke()
            arc.stroke()
            let zigzag = UIBezierPath()
            zigzag.move(to: CGPoint(x: 60, y: 76))
            zigzag.addLine(to: CGPoint(x: 70, y: 44))
            zigzag.addCurve(
                to: CGPoint(x: 100, y: 76), controlPoint1: CGPoint(x: 80, y: 30), controlPoint2: CGPoint(x: 90, y: 90))
            zigzag.addQuadCurve(to: CGPoint(x: 116, y: 44), controlPoint: CGPoint(x: 116, y: 76))
            zigzag.lineWidth = 3
            zigzag.lineCapStyle = .round
            UIColor.black.setStroke()
            zigzag.stroke()
        }
        #expect(try ReferenceImage.rgba(image, x: 30, y: 20).isNear([52, 199, 89, 255]))  // inside the rounded rect
        #expect(try ReferenceImage.rgba(image, x: 5, y: 5).isNear([255, 255, 255, 255]))  // its rounded corner
        #expect(try ReferenceImage.rgba(image, x: 90, y: 20).isNear([255, 59, 48, 255]))  // the oval
        #expect(try ReferenceImage.rgba(image, x: 66, y: 6).isNear([255, 255, 255, 255]))  // outside the oval
        // Clockwise from 0 to π is the lower half.
        #expect(try ReferenceImage.rgba(image, x: 30, y: 74).isNear([0, 122, 255, 255]))
        #expect(try ReferenceImage.rgba(image, x: 30, y: 42).isNear([255, 255, 255, 255]))
        try ReferenceImage.check(image, named: "paths", in: Self.references)

        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(oval.contains(CGPoint(x: 5, y: 5)) && !oval.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(oval.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func imagesDecodeAndDrawAtAndIn() throws {
        let part = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16), format: Self.format).image { context in
            UIColor.systemRed.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 16))
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 8, y: 0, width: 8, height: 16))
        }
        let pngBytes = try #require(part.pngData())
        let jpegBytes = try #require(part.jpegData(compressionQuality: 0.9))
        let png = try #require(UIImage(data: pngBytes))
        let jpeg = try #require(UIImage(data: jpegBytes))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 40), format: Self.format).image { _ in
            png.draw(at: CGPoint(x: 4, y: 4))
            png.draw(in: CGRect(x: 24, y: 4, width: 32, height: 32))
            jpeg.draw(in: CGRect(x: 60, y: 4, width: 16, height: 16))
            png.draw(at: CGPoint(x: 60, y: 22), blendMode: .normal, alpha: 0.5)
        }
        #expect(try ReferenceImage.rgba(image, x: 6, y: 10).isNear([255, 59, 48, 255]))
        #expect(try ReferenceImage.rgba(image, x: 50, y: 30).isNear([0, 122, 255, 255]))  // drawn in, scaled ×2
        #expect(try ReferenceImage.rgba(image, x: 2, y: 2)[3] == 0)
        let faded = try ReferenceImage.rgba(image, x: 62, y: 30)
        #expect(abs(faded[3] - 128) <= 1)
        try ReferenceImage.check(image, named: "images", in: Self.references)
    }

    @Test func textDrawsWithAFontAndAColor() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 160, height: 64), format: Self.format).image {
            context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 160, height: 64))
            "Move 12".draw(
                at: CGPoint(x: 4, y: 2),
                withAttributes: [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.systemRed])
            let text = NSMutableAttributedString(
                string: "X wins",
                attributes: [.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.black])
            text.addAttribute(.foregroundColor, value: UIColor.systemBlue, range: NSRange(location: 0, length: 1))
            let centered = NSMutableParagraphStyle()
            centered.alignment = .center
            text.addAttribute(.paragraphStyle, value: centered, range: NSRange(location: 0, length: text.length))
            text.draw(in: CGRect(x: 0, y: 36, width: 160, height: 24))
        }
        try ReferenceImage.check(image, named: "text", in: Self.references, mismatchFraction: 0.03)
        // Something red was drawn in the first line and nothing past its measured width.
        let size = "Move 12".size(withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
        #expect(size.width > 40 && size.width < 120 && size.height > 18 && size.height < 32)
        #expect("Move 12".size(withAttributes: [.font: UIFont.systemFont(ofSize: 40)]).width > 1.8 * size.width)
        let reds = try (0..<64).flatMap { x in try (0..<30).map { y in try ReferenceImage.rgba(image, x: x * 2, y: y) }
        }.filter { $0[0] > 200 && $0[1] < 120 }
        #expect(!reds.isEmpty)
        #expect(
            try (Int(size.width) + 8..<160).allSatisfy { x in
                try ReferenceImage.rgba(image, x: x, y: 14).isNear([255, 255, 255, 255])
            })
    }

    @Test func encodingsRoundTrip() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20), format: Self.format).image { context in
            UIColor.systemPurple.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
        }
        let png = try #require(image.pngData())
        #expect(png.prefix(8) == Data(ImageHeader.pngSignature))
        let decoded = try #require(UIImage(data: png))
        #expect(decoded.size == image.size && decoded.pngData() == png)
        #expect(try ReferenceImage.mismatches(decoded, image, channelTolerance: 0) == 0)
        let best = try #require(image.jpegData(compressionQuality: 1))
        let worst = try #require(image.jpegData(compressionQuality: 0))
        #expect(best.prefix(2) == Data([0xFF, 0xD8]) && worst.count < best.count)
        let jpeg = try #require(UIImage(data: best, scale: 2))
        #expect(jpeg.size == CGSize(width: 15, height: 10))
        #expect(try ReferenceImage.mismatches(jpeg, image, channelTolerance: 6) == 0)
        // A JPEG re-encodes as PNG, and a PNG as JPEG.
        #expect(jpeg.pngData()?.prefix(8) == Data(ImageHeader.pngSignature))
        #expect(decoded.jpegData(compressionQuality: 0.5)?.prefix(2) == Data([0xFF, 0xD8]))
        // The renderer's own encoders.
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: Self.format)
        #expect(UIImage(data: renderer.pngData { _ in })?.size == CGSize(width: 4, height: 4))
        #expect(
            UIImage(data: renderer.jpegData(withCompressionQuality: 0.7) { _ in })?.size == CGSize(width: 4, height: 4))
    }
}
