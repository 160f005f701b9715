import Foundation
import MessagesSDK

/// An ice cream as a picture: its part images stacked, topping over scoops over base, as
/// Apple's sample composes its artwork, with the same UIKit calls (`UIGraphicsImageRenderer`,
/// `UIColor.setFill()`, `context.fill(_:)`, `image.draw(in:)`/`draw(at:)`).
extension IceCream {
    /// The picture is laid out in a 400-point square and scaled to `side`.
    static let designSide: CGFloat = 400
    static let backgroundColor = UIColor(red: 0xE8 / 255.0, green: 0xF4 / 255.0, blue: 0xFB / 255.0, alpha: 1)

    /// A `side`-pixel square: the bubble's image (`opaque`, on the background colour) or the
    /// sticker (transparent around the ice cream).
    func renderImage(side: Int, opaque: Bool) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = opaque
        let size = CGSize(width: side, height: side)
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            if opaque {
                Self.backgroundColor.setFill()
                context.fill(CGRect(origin: .zero, size: size))
            }
            let scale = CGFloat(side) / Self.designSide
            context.cgContext.scaleBy(x: scale, y: scale)
            if let base = self.base {
                IceCreamArt.image(for: base).draw(in: CGRect(origin: CGPoint(x: 100, y: 205), size: IceCreamArt.baseSize))
            }
            if let scoops = self.scoops {
                IceCreamArt.image(for: scoops).draw(at: CGPoint(x: 100, y: 20))
            }
            if let topping = self.topping {
                IceCreamArt.image(for: topping).draw(at: CGPoint(x: 100, y: 8))
            }
        }
    }

    /// The picture as PNG bytes, for a view's image element or a sticker file.
    func pngData(side: Int, opaque: Bool) -> Data {
        self.renderImage(side: side, opaque: opaque).pngData() ?? Data()
    }
}
