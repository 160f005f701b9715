import Foundation

/// How an action's time would be eased; kept, as actions here take no time.
public enum SKActionTimingMode: Int, Sendable { case linear, easeIn, easeOut, easeInEaseOut }

/// `SKAction`: a change to run on a node. There are no frames here (SKView), so an action ends
/// as it starts, the way `UIView.animate` ends at once in this SDK: `node.run(action)` leaves
/// the node as SpriteKit leaves it after `duration` — moved, faded, scaled, turned, removed —
/// and a sequence or a group does each of its actions in order. `run(_:completion:)` calls its
/// completion on the main queue's next turn (SKNode). `duration`, `timingMode` and `speed` are
/// kept for the code that reads them.
@preconcurrency @MainActor
open class SKAction {
    open var duration: TimeInterval
    open var timingMode: SKActionTimingMode = .linear
    open var speed: CGFloat = 1
    private let change: @MainActor (SKNode) -> Void

    init(duration: TimeInterval, _ change: @escaping @MainActor (SKNode) -> Void) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.change = change
    }

    /// Applies the action's end state to `node`.
    func perform(on node: SKNode) { self.change(node) }

    /// Kept for ported code: the action ends as it starts, backwards or not.
    open func reversed() -> SKAction { self }

    // MARK: Moving

    open class func move(to location: CGPoint, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.position = location }
    }

    open class func moveTo(x: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.position.x = x }
    }
    open class func moveTo(y: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.position.y = y }
    }

    open class func move(by delta: CGVector, duration: TimeInterval) -> SKAction {
        self.moveBy(x: delta.dx, y: delta.dy, duration: duration)
    }

    open class func moveBy(x: CGFloat, y: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.position = CGPoint(x: $0.position.x + x, y: $0.position.y + y) }
    }

    // MARK: Fading

    open class func fadeIn(withDuration duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.alpha = 1 }
    }
    open class func fadeOut(withDuration duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.alpha = 0 }
    }
    open class func fadeAlpha(to alpha: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.alpha = alpha }
    }
    open class func fadeAlpha(by delta: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.alpha += delta }
    }

    // MARK: Scaling and turning

    open class func scale(to scale: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.setScale(scale) }
    }
    open class func scale(by scale: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) {
            $0.xScale *= scale
            $0.yScale *= scale
        }
    }
    open class func scaleX(to x: CGFloat, y: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) {
            $0.xScale = x
            $0.yScale = y
        }
    }

    /// Turns to `angle` (radians, counterclockwise).
    open class func rotate(toAngle angle: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.zRotation = angle }
    }
    open class func rotate(toAngle angle: CGFloat, duration: TimeInterval, shortestUnitArc: Bool) -> SKAction {
        self.rotate(toAngle: angle, duration: duration)
    }
    open class func rotate(byAngle angle: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { $0.zRotation += angle }
    }

    // MARK: Sprites

    open class func resize(toWidth width: CGFloat, height: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { ($0 as? SKSpriteNode)?.size = CGSize(width: width, height: height) }
    }

    open class func setTexture(_ texture: SKTexture) -> SKAction {
        SKAction(duration: 0) { ($0 as? SKSpriteNode)?.texture = texture }
    }

    open class func colorize(with color: UIColor, colorBlendFactor: CGFloat, duration: TimeInterval) -> SKAction {
        SKAction(duration: duration) { node in
            guard let sprite = node as? SKSpriteNode else { return }
            sprite.color = color
            sprite.colorBlendFactor = colorBlendFactor
        }
    }

    // MARK: Visibility and the tree

    open class func hide() -> SKAction { SKAction(duration: 0) { $0.isHidden = true } }
    open class func unhide() -> SKAction { SKAction(duration: 0) { $0.isHidden = false } }
    open class func removeFromParent() -> SKAction { SKAction(duration: 0) { $0.removeFromParent() } }

    // MARK: Time and blocks

    /// Waits for nothing: what follows in a sequence happens at once.
    open class func wait(forDuration duration: TimeInterval) -> SKAction { SKAction(duration: duration) { _ in } }
    open class func wait(forDuration duration: TimeInterval, withRange range: TimeInterval) -> SKAction {
        self.wait(forDuration: duration)
    }

    open class func run(_ block: @escaping @MainActor () -> Void) -> SKAction { SKAction(duration: 0) { _ in block() } }

    /// Runs `action` on the child named `name`, if there is one.
    open class func run(_ action: SKAction, onChildWithName name: String) -> SKAction {
        SKAction(duration: action.duration) { node in node.childNode(withName: name).map(action.perform) }
    }

    open class func customAction(
        withDuration duration: TimeInterval, actionBlock block: @escaping @MainActor (SKNode, CGFloat) -> Void
    ) -> SKAction {
        SKAction(duration: duration) { block($0, CGFloat(duration)) }
    }

    // MARK: Combining

    /// Each action in turn; the duration is their sum.
    open class func sequence(_ actions: [SKAction]) -> SKAction {
        SKAction(duration: actions.reduce(0) { $0 + $1.duration }) { node in
            for action in actions { action.perform(on: node) }
        }
    }

    /// All the actions, in the order given (their changes end together); the longest's duration.
    open class func group(_ actions: [SKAction]) -> SKAction {
        SKAction(duration: actions.map(\.duration).max() ?? 0) { node in
            for action in actions { action.perform(on: node) }
        }
    }

    /// `count` times in turn; `repeatForever` would never end without frames, so it runs once.
    open class func `repeat`(_ action: SKAction, count: Int) -> SKAction {
        SKAction(duration: action.duration * Double(max(0, count))) { node in
            for _ in 0..<max(0, min(count, 10_000)) { action.perform(on: node) }
        }
    }

    open class func repeatForever(_ action: SKAction) -> SKAction {
        SKAction(duration: action.duration) { action.perform(on: $0) }
    }
}
