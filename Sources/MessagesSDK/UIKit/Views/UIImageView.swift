import Foundation

extension UIView {
    /// How a view's content fills its bounds.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight,
            bottomLeft, bottomRight
    }
}

/// `UIImageView`: an image drawn in the view's bounds by its content mode (`scaleToFill` by
/// default, as in UIKit); its intrinsic size is the image's.
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet {
            self.invalidateIntrinsicContentSize()
            self.setNeedsDisplay()
        }
    }
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    open override var contentMode: UIView.ContentMode { didSet { self.setNeedsDisplay() } }

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.isUserInteractionEnabled = false
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.isUserInteractionEnabled = false
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        self.isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.isUserInteractionEnabled = false
    }

    open override var intrinsicContentSize: CGSize {
        self.image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.image?.size ?? .zero }

    open override func draw(_ rect: CGRect) {
        guard let image = self.isHighlighted ? (self.highlightedImage ?? self.image) : self.image else { return }
        image.draw(in: Self.place(image.size, in: self.bounds, by: self.contentMode))
    }

    /// Where an image of `size` goes in `bounds` by `mode` (aspect fill overflows; the view
    /// clips it only when it clips to its bounds, as in UIKit).
    static func place(_ size: CGSize, in bounds: CGRect, by mode: UIView.ContentMode) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        func centred(_ drawn: CGSize) -> CGRect {
            CGRect(
                x: bounds.midX - drawn.width / 2, y: bounds.midY - drawn.height / 2, width: drawn.width,
                height: drawn.height)
        }
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let (x, y) = (bounds.width / size.width, bounds.height / size.height)
            let factor = mode == .scaleAspectFit ? min(x, y) : max(x, y)
            return centred(CGSize(width: size.width * factor, height: size.height * factor))
        case .center:
            return centred(size)
        case .top:
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.minY, width: size.width, height: size.height)
        case .bottom:
            return CGRect(
                x: bounds.midX - size.width / 2, y: bounds.maxY - size.height, width: size.width, height: size.height)
        case .left:
            return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        case .right:
            return CGRect(
                x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        case .topLeft: return CGRect(origin: bounds.origin, size: size)
        case .topRight:
            return CGRect(x: bounds.maxX - size.width, y: bounds.minY, width: size.width, height: size.height)
        case .bottomLeft:
            return CGRect(x: bounds.minX, y: bounds.maxY - size.height, width: size.width, height: size.height)
        case .bottomRight:
            return CGRect(
                x: bounds.maxX - size.width, y: bounds.maxY - size.height, width: size.width, height: size.height)
        }
    }
}
