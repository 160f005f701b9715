import CCairo
import Foundation

/// `UIGraphicsImageRendererFormat`: the scale (pixels a point) and whether the image is
/// opaque (no alpha channel; what is not drawn is black, as in UIKit).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    open var scale: CGFloat = UIScreen.main.scale
    open var opaque = false
    public override init() { super.init() }
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// `UIGraphicsImageRendererContext`: what a renderer's actions draw with. It is also the
/// current context while they run, so `UIColor.setFill()` and `UIBezierPath.fill()` reach it.
open class UIGraphicsImageRendererContext {
    let imageContext: ImageContext
    public let format: UIGraphicsImageRendererFormat

    init(imageContext: ImageContext, format: UIGraphicsImageRendererFormat) {
        self.imageContext = imageContext
        self.format = format
    }

    open var cgContext: CGContext { self.imageContext.context }
    /// What is drawn so far.
    open var currentImage: UIImage { self.imageContext.image() }

    open func fill(_ rect: CGRect) { self.cgContext.fill(rect) }
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        self.cgContext.saveGState()
        self.cgContext.setBlendMode(blendMode)
        self.cgContext.fill(rect)
        self.cgContext.restoreGState()
    }
    open func stroke(_ rect: CGRect) { self.cgContext.stroke(rect) }
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        self.cgContext.saveGState()
        self.cgContext.setBlendMode(blendMode)
        self.cgContext.stroke(rect)
        self.cgContext.restoreGState()
    }
    open func clip(to rect: CGRect) { self.cgContext.clip(to: rect) }
}

/// `UIGraphicsImageRenderer`: runs drawing actions in a fresh bitmap of `size` points and
/// gives the image, or its PNG or JPEG bytes. Each call draws anew.
///
/// A zero, negative or huge size (past 16 384 pixels a side or 50 million pixels) logs why,
/// does not run the actions and gives an empty image (`size` zero, `pngData()` nil) and empty
/// `Data` — where UIKit would stop the app.
open class UIGraphicsImageRenderer: NSObject {
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.bounds = CGRect(origin: .zero, size: size)
        self.format = format
        super.init()
    }

    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// Drawing in `bounds`' coordinates: its origin is the image's top left.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        self.draw(actions)?.image() ?? UIImage(bitmap: nil, scale: self.format.scale)
    }

    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        self.draw(actions)?.bitmap.pngData() ?? Data()
    }

    open func jpegData(
        withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void
    ) -> Data {
        self.draw(actions)?.bitmap.jpegData(quality: compressionQuality) ?? Data()
    }

    /// Runs `actions` with the context current; nil when the size cannot be drawn.
    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> ImageContext? {
        guard
            let imageContext = GraphicsContextStack.make(
                size: self.bounds.size, opaque: self.format.opaque, scale: self.format.scale,
                caller: "UIGraphicsImageRenderer")
        else {
            return nil
        }
        imageContext.context.translateBy(x: -self.bounds.minX, y: -self.bounds.minY)
        GraphicsContextStack.push(imageContext)
        defer { GraphicsContextStack.pop() }
        actions(UIGraphicsImageRendererContext(imageContext: imageContext, format: self.format))
        cairo_surface_flush(imageContext.bitmap.surface)
        return imageContext
    }
}
