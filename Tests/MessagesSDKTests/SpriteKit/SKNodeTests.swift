import Foundation
import Testing

@testable import MessagesSDK

/// SpriteKit's node tree: coordinates (y up, anchor points, scale, rotation), conversion
/// between nodes, hit testing in drawing order, and the trees a buggy or hostile app makes.
@MainActor @Suite struct SKNodeTests {
    /// A layer at (100, 50) scaled by 2 holding a 10×10 red tile at (5, 5) and, above it,
    /// a blue one anchored at its bottom left.
    static func board() -> (layer: SKNode, red: SKSpriteNode, blue: SKSpriteNode) {
        let layer = SKNode()
        layer.position = CGPoint(x: 100, y: 50)
        layer.setScale(2)
        let red = SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10))
        red.position = CGPoint(x: 5, y: 5)
        let blue = SKSpriteNode(color: .blue, size: CGSize(width: 10, height: 10))
        blue.anchorPoint = .zero
        blue.position = CGPoint(x: 5, y: 5)
        layer.addChild(red)
        layer.addChild(blue)
        return (layer, red, blue)
    }

    @Test func spritesAreCentredOnTheirPositionUnlessAnchoredElsewhere() {
        let (layer, red, blue) = Self.board()
        #expect(red.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(red.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(blue.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
        // In the layer's parent, scaled by 2 and moved.
        #expect(layer.calculateAccumulatedFrame() == CGRect(x: 100, y: 50, width: 30, height: 30))
        #expect(layer.frame == CGRect(x: 100, y: 50, width: 0, height: 0), "a plain node has no content of its own")
    }

    @Test func pointsConvertThroughPositionScaleAndRotation() {
        let scene = SKScene(size: CGSize(width: 200, height: 200))
        let (layer, red, _) = Self.board()
        scene.addChild(layer)
        #expect(layer.convert(CGPoint(x: 5, y: 5), to: scene) == CGPoint(x: 110, y: 60))
        #expect(layer.convert(CGPoint(x: 110, y: 60), from: scene) == CGPoint(x: 5, y: 5))
        #expect(red.convert(.zero, to: scene) == CGPoint(x: 110, y: 60))
        layer.zRotation = .pi / 2  // counterclockwise: +x goes to +y
        let turned = layer.convert(CGPoint(x: 5, y: 0), to: scene)
        #expect(abs(turned.x - 100) < 1e-9 && abs(turned.y - 60) < 1e-9)
    }

    @Test func atPointFindsTheFrontmostSpriteRespectingAnchorScaleAndZ() {
        let (layer, red, blue) = Self.board()
        // (2, 2) is in the red tile only; (7, 7) in both: the blue, added later, is in front.
        #expect(layer.atPoint(CGPoint(x: 2, y: 2)) === red)
        #expect(layer.atPoint(CGPoint(x: 7, y: 7)) === blue)
        #expect(layer.nodes(at: CGPoint(x: 7, y: 7)) == [blue, red])
        // (12, 12) is only blue: it is anchored at its bottom left, so it reaches 15.
        #expect(layer.atPoint(CGPoint(x: 12, y: 12)) === blue)
        // Nothing there: the node itself, as SpriteKit answers.
        #expect(layer.atPoint(CGPoint(x: 50, y: 50)) === layer)
        #expect(layer.nodes(at: CGPoint(x: 50, y: 50)).isEmpty)
        // A higher zPosition wins over tree order; a hidden sprite is not found.
        red.zPosition = 1
        #expect(layer.atPoint(CGPoint(x: 7, y: 7)) === red)
        red.isHidden = true
        #expect(layer.atPoint(CGPoint(x: 7, y: 7)) === blue)
        // A sprite scaled by 3 covers three times its size about its anchor.
        red.isHidden = false
        red.setScale(3)
        #expect(layer.atPoint(CGPoint(x: 19, y: 19)) === red)
        #expect(red.frame == CGRect(x: -10, y: -10, width: 30, height: 30))
        // Not a number: nothing.
        #expect(layer.nodes(at: CGPoint(x: CGFloat.nan, y: 0)).isEmpty)
    }

    @Test func zPositionsAddUpAlongTheTree() {
        let root = SKNode()
        let low = SKNode()
        let high = SKNode()
        high.zPosition = 5
        root.addChild(high)
        root.addChild(low)
        let underHigh = SKSpriteNode(color: .red, size: CGSize(width: 4, height: 4))
        let underLow = SKSpriteNode(color: .blue, size: CGSize(width: 4, height: 4))
        underLow.zPosition = 4  // 0 + 4 < 5 + 0
        high.addChild(underHigh)
        low.addChild(underLow)
        #expect(root.atPoint(.zero) === underHigh)
    }

    @Test func childrenAreNamedRemovedAndFound() {
        let root = SKNode()
        let a = SKNode()
        let b = SKNode()
        let deep = SKNode()
        a.name = "a"
        b.name = "b"
        deep.name = "deep"
        root.addChild(a)
        root.addChild(b)
        b.addChild(deep)
        #expect(root.children == [a, b])
        #expect(deep.parent === b)
        #expect(root.childNode(withName: "b") === b)
        #expect(root.childNode(withName: "deep") == nil)
        #expect(root.childNode(withName: "//deep") === deep)
        root.removeChildren(in: [a, deep])
        #expect(root.children == [b], "deep is not root's child, so it stays")
        b.removeFromParent()
        #expect(b.parent == nil && root.children.isEmpty)
        b.removeAllChildren()
        #expect(deep.parent == nil)
    }

    @Test func nodesAddedToThemselvesOrTheirDescendantsAreRefused() {
        let root = SKNode()
        let child = SKNode()
        let grandchild = SKNode()
        root.addChild(child)
        child.addChild(grandchild)
        root.addChild(root)
        grandchild.addChild(root)
        child.addChild(root)
        #expect(root.parent == nil && root.children == [child] && grandchild.children.isEmpty)
        // A node with a parent is refused too (SpriteKit raises): remove it first.
        let other = SKNode()
        other.addChild(grandchild)
        #expect(grandchild.parent === child && other.children.isEmpty)
        grandchild.removeFromParent()
        other.addChild(grandchild)
        #expect(grandchild.parent === other)
        // A scene is no child.
        other.addChild(SKScene(size: CGSize(width: 1, height: 1)))
        #expect(other.children == [grandchild])
    }

    @Test func nanAndHugeGeometryNeverCrash() {
        let root = SKNode()
        let sprite = SKSpriteNode(color: .red, size: CGSize(width: CGFloat.nan, height: 1e300))
        sprite.position = CGPoint(x: CGFloat.infinity, y: -CGFloat.nan)
        sprite.setScale(0)
        root.addChild(sprite)
        #expect(root.atPoint(.zero) === root)
        _ = root.calculateAccumulatedFrame()
        _ = root.convert(CGPoint(x: 1, y: 1), from: sprite)
        _ = sprite.frame
    }

    /// 10,000 nodes each the child of the one before: hit tested, converted through, measured
    /// and freed, all by iteration (recursion this deep would overflow the stack of a thread).
    @Test func aTenThousandDeepTreeIsWalkedWithoutRecursion() {
        var root: SKNode? = SKNode()
        var last = root!
        for _ in 0..<10_000 {
            let next = SKSpriteNode(color: .red, size: CGSize(width: 2, height: 2))
            last.addChild(next)
            last = next
        }
        #expect(root!.atPoint(.zero) === last)
        #expect(root!.nodes(at: .zero).count == 10_000)
        #expect(last.convert(.zero, to: root!) == .zero)
        #expect(root!.calculateAccumulatedFrame() == CGRect(x: -1, y: -1, width: 2, height: 2))
        weak var deepest = last
        last = SKNode()
        root = nil
        #expect(deepest == nil, "the whole chain is freed")
    }
}
