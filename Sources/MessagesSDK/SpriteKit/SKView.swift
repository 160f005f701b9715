import Foundation

/// `SKView`: the view that shows an `SKScene`. It draws the scene into its layer, as any view
/// draws (`draw(_:)`, so `drawHierarchy` and the host's screen show it): the scene's
/// `backgroundColor` over the scene's rectangle, mapped by its `scaleMode`, then its sprites
/// back to front — by accumulated `zPosition`, then in tree order, as SpriteKit draws with
/// `ignoresSiblingOrder` false. What cannot be drawn (a position, scale or size that is NaN
/// or infinite, a collapsed scale, a sprite beyond a million points of the view) is skipped.
///
/// There are no frames here: nothing moves by itself, actions end as they start (SKAction),
/// and `update(_:)` is never called. The host's tap on the view becomes `touchesBegan` then
/// `touchesEnded`, with one `UITouch` at that point, on the frontmost node under it that takes
/// touches (`isUserInteractionEnabled`), else on the scene if it takes them; a drag that
/// begins on the view is `touchesBegan`, `touchesMoved` for each of its steps and
/// `touchesEnded` on that same node (UIWindow+Drag.swift).
@preconcurrency @MainActor
open class SKView: UIView {
    public private(set) var scene: SKScene?
    /// Kept for ported code: no frames are drawn, so there is no rate to show or choose.
    open var showsFPS = false
    open var showsNodeCount = false
    open var showsDrawCount = false
    open var showsPhysics = false
    open var ignoresSiblingOrder = false
    open var isPaused = false
    open var preferredFramesPerSecond = 60
    open var allowsTransparency = false
    open var isAsynchronous = true

    /// Shows `scene` (nil shows nothing): the old scene hears `willMove(from:)`, the new one
    /// `didMove(to:)`. A scene shown by another view leaves it.
    open func presentScene(_ scene: SKScene?) {
        if let old = self.scene, old !== scene {
            old.willMove(from: self)
            old.view = nil
        }
        if let scene, scene !== self.scene {
            if let other = scene.view, other !== self { other.presentScene(nil) }
            self.scene = scene
            scene.view = self
            if scene.scaleMode == .resizeFill { scene.size = self.bounds.size }
            scene.didMove(to: self)
        } else if scene == nil {
            self.scene = nil
        }
        self.setNeedsDisplay()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let scene, scene.scaleMode == .resizeFill, scene.size != self.bounds.size { scene.size = self.bounds.size }
    }

    /// A point of the view in `scene`'s coordinates, and back.
    open func convert(_ point: CGPoint, to scene: SKScene) -> CGPoint {
        guard let transform = scene.transformToView(of: self.bounds.size) else { return point }
        return point.applying(transform.inverted())
    }

    open func convert(_ point: CGPoint, from scene: SKScene) -> CGPoint {
        guard let transform = scene.transformToView(of: self.bounds.size) else { return point }
        return point.applying(transform)
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let scene = self.scene, let context = UIGraphicsGetCurrentContext(),
            let toView = scene.transformToView(of: self.bounds.size)
        else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.setFillColor(scene.backgroundColor.cgColor)
        context.fill(scene.sceneRect.applying(toView))
        guard !scene.isHidden else { return }
        for sprite in SKView.drawingOrder(of: scene, in: toView) { SKView.draw(sprite, in: context) }
    }

    /// A sprite to draw, with what maps its coordinates to the view's and its alpha.
    struct Drawable {
        let sprite: SKSpriteNode
        let transform: CGAffineTransform
        let alpha: CGFloat
    }

    /// The visible sprites of the tree under `root`, back to front, found without recursion;
    /// `includingRoot` (a node drawn into a texture) counts `root` in, `base` then mapping its
    /// parent's coordinates, else `base` maps `root`'s (a scene's, drawn into its view).
    static func drawingOrder(of root: SKNode, in base: CGAffineTransform, includingRoot: Bool = false) -> [Drawable] {
        struct Entry {
            let node: SKNode
            let transform: CGAffineTransform
            let alpha: CGFloat
            let z: CGFloat
        }
        var found: [(drawable: Drawable, z: CGFloat, order: Int)] = []
        var stack =
            includingRoot
            ? [Entry(node: root, transform: root.transformToParent.concatenating(base), alpha: 1, z: 0)]
            : root.children.reversed().map {
                Entry(node: $0, transform: $0.transformToParent.concatenating(base), alpha: root.alpha, z: 0)
            }
        while let entry = stack.popLast() {
            let node = entry.node
            guard !node.isHidden else { continue }
            let alpha = entry.alpha * node.alpha
            let z = entry.z + node.zPosition
            guard alpha > 0 || !node.children.isEmpty else { continue }
            if let sprite = node as? SKSpriteNode, alpha > 0 {
                found.append(
                    (
                        Drawable(sprite: sprite, transform: entry.transform, alpha: min(1, alpha)), z.isNaN ? 0 : z,
                        found.count
                    ))
            }
            for child in node.children.reversed() {
                stack.append(
                    Entry(
                        node: child, transform: child.transformToParent.concatenating(entry.transform), alpha: alpha,
                        z: z))
            }
        }
        return found.sorted { $0.z != $1.z ? $0.z < $1.z : $0.order < $1.order }.map(\.drawable)
    }

    /// The farthest from the view a drawn corner may be, in points: beyond, Cairo's fixed-point
    /// coordinates would overflow, so such a sprite is skipped.
    static let drawableReach: CGFloat = 1_000_000

    static func draw(_ drawable: Drawable, in context: CGContext) {
        let sprite = drawable.sprite
        let t = drawable.transform
        guard let rect = sprite.contentRect, rect.width > 0, rect.height > 0 else { return }
        let determinant = t.a * t.d - t.b * t.c
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite), determinant.isFinite, abs(determinant) > 1e-12,
            [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
        else { return }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ]
        guard corners.map({ $0.applying(t) }).allSatisfy({ abs($0.x) < drawableReach && abs($0.y) < drawableReach })
        else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenate(t)
        context.setAlpha(context.alpha * drawable.alpha)
        if let texture = sprite.texture {
            // The image is upright in y-up coordinates: its top row at the rectangle's top.
            guard let image = texture.image else { return }
            context.translateBy(x: rect.minX, y: rect.maxY)
            context.scaleBy(x: 1, y: -1)
            UIGraphicsPushContext(context)
            image.draw(in: CGRect(origin: .zero, size: rect.size))
            UIGraphicsPopContext()
        } else {
            context.setFillColor(sprite.color.cgColor)
            context.fill(rect)
        }
    }

    // MARK: Touches

    /// Whether the window gives the host's taps on this view to it (it shows a scene).
    var receivesTouches: Bool { self.scene != nil }

    /// The host's tap at `point` (in the window's coordinates), long or not: one touch that
    /// begins and ends there, on the node that takes it.
    func tapped(at point: CGPoint, long: Bool) {
        guard let target = self.touchTarget(at: point) else { return }
        let touch = UITouch(at: point, in: self)
        let event = UIEvent(timestamp: ProcessInfo.processInfo.systemUptime)
        touch.timestamp = event.timestamp
        target.touchesBegan([touch], with: event)
        touch.phase = .ended
        target.touchesEnded([touch], with: event)
    }

    /// What takes a touch that begins at `point` (in the window's coordinates) for its whole
    /// life, as SpriteKit decides: the frontmost node under it that takes touches
    /// (`isUserInteractionEnabled`), else the scene if it takes them.
    func touchTarget(at point: CGPoint) -> SKNode? {
        guard let scene = self.scene else { return nil }
        let scenePoint = self.convert(self.convert(point, from: nil), to: scene)
        return scene.nodes(at: scenePoint).first { $0.isUserInteractionEnabled }
            ?? (scene.isUserInteractionEnabled ? scene : nil)
    }
}

extension UITouch {
    /// The touch's point in `node`'s coordinates (SpriteKit's, y up), through the view that
    /// shows the node's scene; the point in the window when the node is in no shown scene.
    public func location(in node: SKNode) -> CGPoint { Self.point(self.windowPoint, in: node) }

    /// `point` of the window in `node`'s coordinates (the window's when in no shown scene).
    private static func point(_ point: CGPoint, in node: SKNode) -> CGPoint {
        guard let scene = node.scene, let view = scene.view else { return point }
        let scenePoint = view.convert(view.convert(point, from: nil), to: scene)
        return node === scene ? scenePoint : node.convert(scenePoint, from: scene)
    }

    /// Where the touch was before its last move (a tap's is where it is), in `node`'s
    /// coordinates, as `location(in:)`.
    public func previousLocation(in node: SKNode) -> CGPoint { Self.point(self.previousWindowPoint, in: node) }
}
