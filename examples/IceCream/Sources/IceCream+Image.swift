import Foundation
import MessagesSDK

/// An ice cream as a picture: an `IceCreamView` drawn into an image with UIKit's calls
/// (`UIGraphicsImageRenderer`, `drawHierarchy(in:afterScreenUpdates:)`), the way iOS apps make
/// a bubble's image from the view they show.
extension IceCream {
    /// The picture is laid out in a 400-point square and scaled to `side`.
    static let designSide: CGFloat = 400
    static let backgroundColor = UIColor(red: 0xE8 / 255.0, green: 0xF4 / 255.0, blue: 0xFB / 255.0, alpha: 1)

    /// A `side`-pixel square: the bubble's image (`opaque`, on the background colour) or the
    /// sticker (transparent around the ice cream).
    @MainActor
    func renderImage(side: Int, opaque: Bool) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = opaque
        let bounds = CGRect(x: 0, y: 0, width: side, height: side)
        let view = IceCreamView(frame: bounds)
        view.iceCream = self
        view.backgroundColor = opaque ? Self.backgroundColor : nil
        return UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            view.drawHierarchy(in: bounds, afterScreenUpdates: true)
        }
    }

    /// The picture as PNG bytes, for a sticker file.
    @MainActor
    func pngData(side: Int, opaque: Bool) -> Data {
        self.renderImage(side: side, opaque: opaque).pngData() ?? Data()
    }
}
