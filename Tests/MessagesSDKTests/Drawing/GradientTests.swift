import DrawingReferences
import Foundation
import Testing

@testable import MessagesSDK

/// Linear gradients as a 2016 app draws its background (XOO Tic-Tac-Toe's GradientView):
/// components read through `CIColor`, a `CGGradient` in the context's colour space, and
/// `drawLinearGradient` from top to bottom.
@Suite struct GradientTests {
    static func draw(_ options: CGGradientDrawingOptions, from start: CGPoint, to end: CGPoint) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 20, height: 100), format: format).image { context in
            let colors: [UIColor] = [
                #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1), #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1),
            ]
            let components = colors.map { CIColor(color: $0) }.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
            let locations: [CGFloat] = [0, 1]
            let space = context.cgContext.colorSpace!
            let gradient = CGGradient(colorSpace: space, colorComponents: components, locations: locations, count: 2)!
            context.cgContext.drawLinearGradient(gradient, start: start, end: end, options: options)
        }
    }

    @Test func aGradientRunsFromItsFirstColourToItsLast() throws {
        let image = Self.draw(
            [.drawsBeforeStartLocation, .drawsAfterEndLocation], from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 100))
        #expect(try ReferenceImage.rgba(image, x: 10, y: 0).isNear([252, 0, 3, 255], within: 4))
        #expect(try ReferenceImage.rgba(image, x: 10, y: 50).isNear([127, 0, 128, 255], within: 4))
        #expect(try ReferenceImage.rgba(image, x: 10, y: 99).isNear([3, 0, 252, 255], within: 4))
        #expect(
            try ReferenceImage.rgba(image, x: 0, y: 50).isNear(try ReferenceImage.rgba(image, x: 19, y: 50)),
            "colours run across the line")
    }

    @Test func beyondItsEndsItDrawsOnlyWhereTheOptionsSay() throws {
        let padded = Self.draw([.drawsAfterEndLocation], from: CGPoint(x: 0, y: 25), to: CGPoint(x: 0, y: 75))
        #expect(try ReferenceImage.rgba(padded, x: 10, y: 10)[3] == 0, "before the start: nothing")
        #expect(
            try ReferenceImage.rgba(padded, x: 10, y: 90).isNear([0, 0, 255, 255]), "after the end: the last colour")
        let neither = Self.draw([], from: CGPoint(x: 0, y: 25), to: CGPoint(x: 0, y: 75))
        #expect(try ReferenceImage.rgba(neither, x: 10, y: 90)[3] == 0)
        #expect(try ReferenceImage.rgba(neither, x: 10, y: 50).isNear([127, 0, 128, 255], within: 4))
        #expect(CIColor(color: .orange).green == 0.5)
        #expect(UIColor(ciColor: CIColor(red: 0, green: 1, blue: 0)) == UIColor(red: 0, green: 1, blue: 0, alpha: 1))
    }
}
