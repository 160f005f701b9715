import Foundation

/// `SKNode`: a point of a SpriteKit scene with children, placed in its parent by `position`,
/// `zRotation` and `xScale`/`yScale`, in SpriteKit's coordinates (y up). A node is a responder,
/// as on iOS, so a scene or a node with `isUserInteractionEnabled` overrides `touchesBegan`.
///
/// Every change calls `ScreenUpdates.viewChanged()`, so the screen the node is on is sent
/// again, as SpriteKit redraws on its next frame. Hierarchy mistakes SpriteKit raises for (a
/// node added to itself, to one of its descendants, or while it has a parent) are refused here
/// with a line in the log, as `UIView.addSubview` does: an extension's bug never brings down
/// its process. Walks of the tree are iterations, never recursion, so a 10,000-deep tree is
/// drawn, hit-tested and freed without running out of stack.
@preconcurrency @MainActor
open class SKNode: UIResponder {
    open var position: CGPoint = .zero { didSet { ScreenUpdates.viewChanged() } }
    /// Added up along the parents: a node is drawn above another whose sum is lower, whatever
    /// their places in the tree; equal sums go in tree order (parents before children).
    open var zPosition: CGFloat = 0 { didSet { ScreenUpdates.viewChanged() } }
    /// Radians, counterclockwise (y is up).
    open var zRotation: CGFloat = 0 { didSet { ScreenUpdates.viewChanged() } }
    open var xScale: CGFloat = 1 { didSet { ScreenUpdates.viewChanged() } }
    open var yScale: CGFloat = 1 { didSet { ScreenUpdates.viewChanged() } }
    /// Multiplied down the tree.
    open var alpha: CGFloat = 1 { didSet { ScreenUpdates.viewChanged() } }
    /// A hidden node and its descendants are neither drawn nor found by `atPoint`.
    open var isHidden = false { didSet { ScreenUpdates.viewChanged() } }
    open var name: String?
    open var userData: NSMutableDictionary?
    /// Whether touches go to this node: false by default, true for a scene (SKScene).
    open var isUserInteractionEnabled = false
    open var isPaused = false

    public private(set) var children: [SKNode] = []
    public private(set) weak var parent: SKNode?

    public override init() { super.init() }

    /// Scenes from an `.sks` file: none are loaded here, so this makes an empty node.
    public required init?(coder aDecoder: NSCoder) { super.init() }

    /// Frees the children of a node that goes away one level at a time, not by recursion.
    isolated deinit {
        var stack = self.children
        self.children = []
        while var node = stack.popLast() {
            if isKnownUniquelyReferenced(&node) {
                stack.append(contentsOf: node.children)
                node.children = []
            }
        }
    }

    open override var next: UIResponder? { self.parent }

    open func setScale(_ scale: CGFloat) {
        self.xScale = scale
        self.yScale = scale
    }

    /// The scene the node is in, if any.
    open var scene: SKScene? {
        var node: SKNode? = self
        while let current = node {
            if let scene = current as? SKScene { return scene }
            node = current.parent
        }
        return nil
    }

    // MARK: Hierarchy

    open func addChild(_ node: SKNode) { self.insertChild(node, at: self.children.count) }

    open func insertChild(_ node: SKNode, at index: Int) {
        guard self.mayAdd(node) else { return }
        self.children.insert(node, at: max(0, min(index, self.children.count)))
        node.parent = self
        ScreenUpdates.viewChanged()
    }

    open func removeFromParent() {
        guard let parent = self.parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        ScreenUpdates.viewChanged()
    }

    open func removeAllChildren() {
        guard !self.children.isEmpty else { return }
        for child in self.children { child.parent = nil }
        self.children = []
        ScreenUpdates.viewChanged()
    }

    /// Removes those of `nodes` that are children of this node.
    open func removeChildren(in nodes: [SKNode]) {
        for node in nodes where node.parent === self { node.removeFromParent() }
    }

    /// The first child named `name`; "//name" searches the whole subtree (breadth first).
    open func childNode(withName name: String) -> SKNode? {
        if name.hasPrefix("//") {
            let wanted = String(name.dropFirst(2))
            var queue = self.children[...]
            while let node = queue.popFirst() {
                if node.name == wanted { return node }
                queue.append(contentsOf: node.children)
            }
            return nil
        }
        return self.children.first { $0.name == name }
    }

    open func enumerateChildNodes(withName name: String, using block: (SKNode, UnsafeMutablePointer<ObjCBool>) -> Void)
    {
        var stop = ObjCBool(false)
        for child in self.children where child.name == name {
            block(child, &stop)
            if stop.boolValue { return }
        }
    }

    /// Whether this node is `node` or below it.
    open func inParentHierarchy(_ node: SKNode) -> Bool {
        var current: SKNode? = self
        while let this = current {
            if this === node { return true }
            current = this.parent
        }
        return false
    }

    /// SpriteKit raises for these; here they are logged and refused.
    private func mayAdd(_ node: SKNode) -> Bool {
        if node === self {
            HostConnection.log("\(type(of: self)).addChild(self) refused: a node cannot be its own child")
            return false
        }
        // A node with no children holds nothing: building a deep tree a leaf at a time never
        // walks the whole way up at each step.
        if !node.children.isEmpty, self.inParentHierarchy(node) {
            HostConnection.log(
                "addChild refused: the \(type(of: node)) added to a \(type(of: self)) holds it (it would be its own ancestor)"
            )
            return false
        }
        if node.parent != nil {
            HostConnection.log(
                "addChild refused: the \(type(of: node)) already has a parent (remove it from its parent first)")
            return false
        }
        if node is SKScene {
            HostConnection.log("addChild refused: a scene cannot be a child")
            return false
        }
        return true
    }

    // MARK: Geometry

    /// Maps this node's coordinates to its parent's: scale, then rotate, then move.
    var transformToParent: CGAffineTransform {
        CGAffineTransform(translationX: self.position.x, y: self.position.y).rotated(by: self.zRotation).scaledBy(
            x: self.xScale, y: self.yScale)
    }

    /// The node's content in its own coordinates: none for a plain node (a sprite's rectangle).
    var contentRect: CGRect? { nil }

    /// The content's box in the parent's coordinates (a plain node's is empty, at its position).
    open var frame: CGRect {
        guard let content = self.contentRect else { return CGRect(origin: self.position, size: .zero) }
        return content.applying(self.transformToParent)
    }

    /// The box of this node's content and all its descendants', in the parent's coordinates.
    open func calculateAccumulatedFrame() -> CGRect {
        var box = self.frame
        for (node, transform) in self.descendants(relativeTo: self.transformToParent) {
            guard let content = node.contentRect else { continue }
            let rect = content.applying(transform)
            guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
                continue
            }
            box = box.union(rect)
        }
        return box
    }

    /// Every node below this one, each with what maps its coordinates to this node's once
    /// `base` is applied; in tree order (parents before children).
    func descendants(relativeTo base: CGAffineTransform = .identity, skippingHidden: Bool = false) -> [(
        SKNode, CGAffineTransform
    )] {
        var out: [(SKNode, CGAffineTransform)] = []
        var stack: [(SKNode, CGAffineTransform)] = self.children.reversed().map {
            ($0, $0.transformToParent.concatenating(base))
        }
        while let (node, transform) = stack.popLast() {
            if skippingHidden && node.isHidden { continue }
            out.append((node, transform))
            for child in node.children.reversed() {
                stack.append((child, child.transformToParent.concatenating(transform)))
            }
        }
        return out
    }

    /// Maps this node's coordinates to its root's (the scene's, when it is in one).
    private var transformToRoot: CGAffineTransform {
        var transform = CGAffineTransform.identity
        var node: SKNode = self
        while let parent = node.parent {
            transform = transform.concatenating(node.transformToParent)
            node = parent
        }
        return transform
    }

    /// A point of `node`'s coordinates in this node's (both in one tree).
    open func convert(_ point: CGPoint, from node: SKNode) -> CGPoint {
        point.applying(node.transformToRoot).applying(self.transformToRoot.inverted())
    }

    /// A point of this node's coordinates in `node`'s.
    open func convert(_ point: CGPoint, to node: SKNode) -> CGPoint { node.convert(point, from: self) }

    /// Whether `point`, in the parent's coordinates, is in the node's content.
    open func contains(_ point: CGPoint) -> Bool {
        guard let content = self.contentRect else { return false }
        return content.contains(point.applying(self.transformToParent.inverted()))
    }

    // MARK: Hit testing

    /// The visible descendants whose content holds `point` (in this node's coordinates),
    /// frontmost first: by accumulated `zPosition`, then the later in tree order.
    open func nodes(at point: CGPoint) -> [SKNode] {
        guard point.x.isFinite, point.y.isFinite else { return [] }
        var hits: [(node: SKNode, z: CGFloat, order: Int)] = []
        var z: [ObjectIdentifier: CGFloat] = [ObjectIdentifier(self): 0]
        for (order, (node, transform)) in self.descendants(skippingHidden: true).enumerated() {
            let depth = (node.parent.flatMap { z[ObjectIdentifier($0)] } ?? 0) + node.zPosition
            z[ObjectIdentifier(node)] = depth
            guard let content = node.contentRect else { continue }
            let local = point.applying(transform.inverted())
            if local.x.isFinite, local.y.isFinite, content.contains(local) { hits.append((node, depth, order)) }
        }
        return hits.sorted { $0.z != $1.z ? $0.z > $1.z : $0.order > $1.order }.map(\.node)
    }

    /// The frontmost visible descendant at `point` (in this node's coordinates), or this node
    /// when there is none, as SpriteKit answers.
    open func atPoint(_ point: CGPoint) -> SKNode { self.nodes(at: point).first ?? self }

    // MARK: Actions

    /// Runs `action` on this node; actions here end at once (SKAction.swift).
    open func run(_ action: SKAction) { action.perform(on: self) }

    /// Runs `action` at once, then `block` on the main queue's next turn, as it would come
    /// after the action's frames on iOS: the code after `run` in the same method runs first.
    ///
    /// Final, not open: Swift 6.3 mangles a `@MainActor` closure parameter of an overridable
    /// method of a `@preconcurrency` class one way where it is declared and another in a
    /// subclass's vtable compiled in another batch, so a subclass in another file (SKSpriteNode)
    /// fails to link depending on how the files fall into batches.
    public final func run(_ action: SKAction, completion block: @escaping @MainActor () -> Void) {
        action.perform(on: self)
        DispatchQueue.main.async { MainActor.assumeIsolated { block() } }
    }

    open func run(_ action: SKAction, withKey key: String) { self.run(action) }
    /// Nothing is ever running: actions end as they start.
    open func action(forKey key: String) -> SKAction? { nil }
    open func hasActions() -> Bool { false }
    open func removeAction(forKey key: String) {}
    open func removeAllActions() {}
}
