import CCairo
import Foundation

/// `CGImage`: Core Graphics' bitmap, which Linux's Foundation does not have. It is the pixels
/// of a `UIImage` — shared, not copied, as neither changes once made — so code that goes from
/// one to the other (`UIImage(cgImage: texture.cgImage())`, `image.cgImage`) keeps working.
/// Only what such code reads is here: the size in pixels and the layout of a row.
public final class CGImage: @unchecked Sendable {
    /// nil for an image with no pixels (an `SKTexture` whose file was not found).
    let bitmap: Bitmap?

    init(bitmap: Bitmap?) { self.bitmap = bitmap }

    public var width: Int { self.bitmap?.width ?? 0 }
    public var height: Int { self.bitmap?.height ?? 0 }
    /// Cairo keeps 8 bits a channel in a 32-bit word, opaque or not.
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { self.bitmap.map { Int(cairo_image_surface_get_stride($0.surface)) } ?? 0 }

    /// The part of the image inside `rect` (in pixels; made integral, as Core Graphics does,
    /// and cut to the image); nil when nothing of the image is in it.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard let bitmap = self.bitmap, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite,
            rect.height.isFinite
        else { return nil }
        let inside = rect.standardized.integral.intersection(
            CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
        guard !inside.isNull, !inside.isEmpty,
            let part = bitmap.cropped(
                x: Int(inside.minX), y: Int(inside.minY), width: Int(inside.width), height: Int(inside.height))
        else { return nil }
        return CGImage(bitmap: part)
    }
}

extension UIImage {
    /// The image's pixels; nil for the empty image and for a GIF, which is kept undecoded
    /// (UIImage.swift), as UIKit answers nil for an image that has no bitmap.
    public var cgImage: CGImage? { self.bitmap.map { CGImage(bitmap: $0) } }

    /// An image of `cgImage`'s pixels at scale 1, as UIKit makes it: its size in points is its
    /// size in pixels.
    public convenience init(cgImage: CGImage) { self.init(bitmap: cgImage.bitmap, scale: 1) }
}
