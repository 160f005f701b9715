import Foundation

/// Textures made from a tree of nodes, and textures and Core Graphics images made from each
/// other: what a game does to turn its board into a picture (a message's image, a sticker),
/// `UIImage(cgImage: view.texture(from: layer)!.cgImage())`.
extension SKView {
    /// `node` and its descendants drawn as `SKView.draw(_:)` draws a scene's sprites, over
    /// nothing (what no sprite covers is transparent), cropped to
    /// `node.calculateAccumulatedFrame()`, at the screen's scale, so the texture's `size()` is
    /// that frame's in points. The node need not be in this view's scene.
    ///
    /// nil when there is nothing to draw: a frame that is empty or not finite (a node without
    /// sprites, a NaN position), or one too large for a bitmap (Bitmap.swift's limits, logged),
    /// where SpriteKit too answers nil.
    public func texture(from node: SKNode) -> SKTexture? {
        let frame = node.calculateAccumulatedFrame()
        guard [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite), frame.width > 0,
            frame.height > 0
        else { return nil }
        // The parent's coordinates (y up) to the image's (y down, the frame's top left at 0, 0).
        let toImage = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -frame.minX, ty: frame.maxY)
        let image = UIGraphicsImageRenderer(size: frame.size).image { context in
            for sprite in SKView.drawingOrder(of: node, in: toImage, includingRoot: true) {
                SKView.draw(sprite, in: context.cgContext)
            }
        }
        // The renderer refuses (and logs) a size past a bitmap's limits with an empty image.
        guard image.cgImage != nil else { return nil }
        return SKTexture(image: image)
    }
}

extension SKTexture {
    /// A texture of `image`'s pixels (its size in points is its size in pixels, as
    /// `UIImage(cgImage:)` makes it).
    public convenience init(cgImage image: CGImage) { self.init(image: UIImage(cgImage: image)) }

    /// The texture's pixels; a texture without pixels (its file was not found) gives a 0×0
    /// image, which draws nothing, where SpriteKit gives its placeholder's.
    public func cgImage() -> CGImage { self.image?.cgImage ?? CGImage(bitmap: nil) }
}
