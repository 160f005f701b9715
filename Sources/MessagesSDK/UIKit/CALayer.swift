import CCairo
import Foundation

/// `CALayer`: what a view draws with — its background, corner radius, border and clipping —
/// and where extra drawing goes (`addSublayer`, a `CAShapeLayer`). A view's layer shares the
/// view's geometry and its background, alpha, visibility and clipping: set either side.
/// `render(in:)` draws the layer and everything above it (the view's subviews) into a context,
/// which is how an app turns its views into a bubble image.
@preconcurrency @MainActor
open class CALayer {
    /// The view this is the layer of; nil for a layer of its own (a sublayer).
    public internal(set) weak var delegate: UIView?

    open var cornerRadius: CGFloat = 0 { didSet { ScreenUpdates.viewChanged() } }
    open var borderWidth: CGFloat = 0 { didSet { ScreenUpdates.viewChanged() } }
    open var borderColor: CGColor? = CGColor.black { didSet { ScreenUpdates.viewChanged() } }
    /// Kept for ported code; shadows are not drawn (docs/porting-from-ios.md §4).
    open var shadowColor: CGColor? { didSet { ScreenUpdates.viewChanged() } }
    open var shadowOpacity: Float = 0 { didSet { ScreenUpdates.viewChanged() } }
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { ScreenUpdates.viewChanged() } }
    open var shadowRadius: CGFloat = 3 { didSet { ScreenUpdates.viewChanged() } }
    open var name: String?
    public private(set) var sublayers: [CALayer]?
    public private(set) weak var superlayer: CALayer?

    private var ownFrame = CGRect.zero
    private var ownBackground: CGColor?
    private var ownOpacity: Float = 1
    private var ownHidden = false
    private var ownMasks = false

    public required init() {}

    open var frame: CGRect {
        get { self.delegate?.frame ?? self.ownFrame }
        set { if let view = self.delegate { view.frame = newValue } else { self.ownFrame = newValue } }
    }

    open var bounds: CGRect {
        get { self.delegate?.bounds ?? CGRect(origin: .zero, size: self.ownFrame.size) }
        set { if let view = self.delegate { view.bounds = newValue } else { self.ownFrame.size = newValue.size } }
    }

    open var backgroundColor: CGColor? {
        get { self.delegate.map { $0.backgroundColor?.cgColor } ?? self.ownBackground }
        set {
            if let view = self.delegate {
                view.backgroundColor = newValue.map(UIColor.init(cgColor:))
            } else {
                self.ownBackground = newValue
            }
        }
    }

    open var opacity: Float {
        get { self.delegate.map { Float($0.alpha) } ?? self.ownOpacity }
        set { if let view = self.delegate { view.alpha = CGFloat(newValue) } else { self.ownOpacity = newValue } }
    }

    open var isHidden: Bool {
        get { self.delegate?.isHidden ?? self.ownHidden }
        set { if let view = self.delegate { view.isHidden = newValue } else { self.ownHidden = newValue } }
    }

    open var masksToBounds: Bool {
        get { self.delegate?.clipsToBounds ?? self.ownMasks }
        set { if let view = self.delegate { view.clipsToBounds = newValue } else { self.ownMasks = newValue } }
    }

    open func addSublayer(_ layer: CALayer) {
        guard layer !== self, layer.delegate == nil else {
            return HostConnection.log(
                "addSublayer refused: a layer cannot hold itself, and a view's layer goes with its view (addSubview)")
        }
        layer.removeFromSuperlayer()
        self.sublayers = (self.sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        self.addSublayer(layer)
        guard var sublayers = self.sublayers, let last = sublayers.popLast() else { return }
        sublayers.insert(last, at: min(Int(index), sublayers.count))
        self.sublayers = sublayers
    }

    open func removeFromSuperlayer() {
        self.superlayer?.sublayers?.removeAll { $0 === self }
        self.superlayer = nil
    }

    open func setNeedsDisplay() { self.delegate?.setNeedsDisplay() }

    /// Draws the layer's own content in its bounds; a shape layer its path.
    open func draw(in context: CGContext) {}

    /// Draws this layer and all above it into `context`, in the layer's own coordinates (its
    /// position and transform left out, as Core Animation's `render(in:)` does).
    open func render(in context: CGContext) {
        LayerRenderer(context).render(self, placed: false)
    }
}

/// `CAShapeLayer`: a path filled and stroked.
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    open var path: CGPath? { didSet { ScreenUpdates.viewChanged() } }
    open var fillColor: CGColor? = CGColor.black { didSet { ScreenUpdates.viewChanged() } }
    open var strokeColor: CGColor? { didSet { ScreenUpdates.viewChanged() } }
    open var lineWidth: CGFloat = 1 { didSet { ScreenUpdates.viewChanged() } }
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { ScreenUpdates.viewChanged() } }

    public required init() { super.init() }

    open override func draw(in context: CGContext) {
        guard let path = self.path?.path else { return }
        context.saveGState()
        if let fill = self.fillColor {
            context.setFillColor(fill)
            context.beginPath()
            context.addPath(path)
            context.fillPath(using: self.fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if let stroke = self.strokeColor, self.lineWidth > 0 {
            context.setStrokeColor(stroke)
            context.setLineWidth(self.lineWidth)
            context.beginPath()
            context.addPath(path)
            context.strokePath()
        }
        context.restoreGState()
    }
}

public struct CAShapeLayerFillRule: Hashable, Sendable {
    let rawValue: String
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// `CGPath`: an immutable path, as a shape layer takes it (`UIBezierPath.cgPath`).
public final class CGPath {
    let path: UIBezierPath
    init(_ path: UIBezierPath) { self.path = path }
}

extension UIBezierPath {
    public var cgPath: CGPath {
        let copy = UIBezierPath()
        copy.adopt(self)
        return CGPath(copy)
    }
}

extension CGContext {
    /// Multiplies the current transformation by `transform` (it applies before what is there).
    public func concatenate(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t(
            xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(self.cairo, &matrix)
    }

    /// Draws what follows into a group of its own, composited at `alpha` by `endGroup`: a
    /// half-transparent view is see-through as a whole, not subview by subview.
    func beginGroup() { cairo_push_group(self.cairo) }

    func endGroup(alpha: CGFloat) {
        cairo_pop_group_to_source(self.cairo)
        cairo_paint_with_alpha(self.cairo, alpha)
    }
}
