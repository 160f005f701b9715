import Foundation

/// How a scene's `size` is fitted to its view: stretched (`fill`), scaled until it covers the
/// view, cropped evenly (`aspectFill`), scaled until it fits, leaving even bands (`aspectFit`),
/// or resized to the view's size, unscaled (`resizeFill`).
public enum SKSceneScaleMode: Int, Sendable { case fill, aspectFill, aspectFit, resizeFill }

/// `SKScene`: the root node an `SKView` shows. Its coordinates are SpriteKit's: y up, with
/// `anchorPoint` (0, 0 by default: the bottom left corner) at the origin, the scene's `size`
/// mapped onto the view by `scaleMode`. The scene takes touches (`isUserInteractionEnabled`
/// is true), so a game overrides `touchesBegan(_:with:)` … and reads `touch.location(in:)`.
@preconcurrency @MainActor
open class SKScene: SKNode {
    open var size: CGSize {
        didSet {
            guard oldValue != self.size else { return }
            ScreenUpdates.viewChanged()
            self.didChangeSize(oldValue)
        }
    }
    open var anchorPoint: CGPoint = .zero { didSet { ScreenUpdates.viewChanged() } }
    /// SpriteKit's default: a dark grey.
    open var backgroundColor = UIColor(red: 0.15, green: 0.15, blue: 0.15, alpha: 1) {
        didSet { ScreenUpdates.viewChanged() }
    }
    open var scaleMode: SKSceneScaleMode = .fill { didSet { ScreenUpdates.viewChanged() } }
    /// The view presenting the scene.
    public internal(set) weak var view: SKView?

    public init(size: CGSize) {
        self.size = size
        super.init()
        self.isUserInteractionEnabled = true
    }

    public override convenience init() { self.init(size: CGSize(width: 1, height: 1)) }

    public required init?(coder aDecoder: NSCoder) {
        self.size = CGSize(width: 1, height: 1)
        super.init(coder: aDecoder)
        self.isUserInteractionEnabled = true
    }

    open override var next: UIResponder? { self.view }

    /// Called once the scene is presented by `view`, and before it leaves it.
    open func didMove(to view: SKView) {}
    open func willMove(from view: SKView) {}
    open func didChangeSize(_ oldSize: CGSize) {}
    /// Called by SpriteKit each frame; here there are no frames: call it yourself if you need it.
    open func update(_ currentTime: TimeInterval) {}

    /// The scene's rectangle in its own coordinates.
    var sceneRect: CGRect {
        CGRect(
            x: -self.anchorPoint.x * self.size.width, y: -self.anchorPoint.y * self.size.height, width: self.size.width,
            height: self.size.height)
    }

    /// Maps the scene's coordinates to those of a view of `bounds` (y down), as `scaleMode` fits
    /// it; nil when the sizes cannot be mapped (zero, not finite).
    func transformToView(of bounds: CGSize) -> CGAffineTransform? {
        let scene = self.sceneRect
        guard scene.width > 0, scene.height > 0, scene.width.isFinite, scene.height.isFinite, scene.minX.isFinite,
            scene.minY.isFinite,
            bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite
        else { return nil }
        var sx = bounds.width / scene.width
        var sy = bounds.height / scene.height
        switch self.scaleMode {
        case .fill: break
        case .aspectFill:
            sx = max(sx, sy)
            sy = sx
        case .aspectFit:
            sx = min(sx, sy)
            sy = sx
        case .resizeFill:
            sx = 1
            sy = 1
        }
        // The scene's bottom left goes to the bottom left of its centred box, y flipped.
        let left = (bounds.width - scene.width * sx) / 2
        let bottom = (bounds.height + scene.height * sy) / 2
        return CGAffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: left - scene.minX * sx, ty: bottom + scene.minY * sy)
    }

    /// A point of the view's coordinates in the scene's.
    open func convertPoint(fromView point: CGPoint) -> CGPoint {
        guard let view = self.view, let transform = self.transformToView(of: view.bounds.size) else { return point }
        return point.applying(transform.inverted())
    }

    /// A point of the scene's coordinates in the view's.
    open func convertPoint(toView point: CGPoint) -> CGPoint {
        guard let view = self.view, let transform = self.transformToView(of: view.bounds.size) else { return point }
        return point.applying(transform)
    }
}
