import DrawingReferences
import Foundation
import Testing

@testable import MessagesSDK

/// A scene shown by an `SKView`: drawn y up with each scale mode's mapping, back to front,
/// and the host's tap on the view reaching the scene as `touchesBegan` then `touchesEnded`.
@MainActor @Suite struct SKViewTests {
    static func image(of view: UIView) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(bounds: view.bounds, format: format).image { context in
            view.layer.render(in: context.cgContext)
        }
    }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], green = [0, 255, 0, 255], white = [255, 255, 255, 255]
    static let grey = [38, 38, 38, 255]  // SpriteKit's background, 0.15

    /// A 100×50 scene, anchored at its bottom left: a red 10×10 tile in its bottom left corner
    /// and a blue one in its top right corner.
    static func scene(_ mode: SKSceneScaleMode) -> SKScene {
        let scene = SKScene(size: CGSize(width: 100, height: 50))
        scene.scaleMode = mode
        let bottomLeft = SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10))
        bottomLeft.position = CGPoint(x: 5, y: 5)
        let topRight = SKSpriteNode(color: .blue, size: CGSize(width: 10, height: 10))
        topRight.position = CGPoint(x: 95, y: 45)
        scene.addChild(bottomLeft)
        scene.addChild(topRight)
        return scene
    }

    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) throws -> [Int] {
        try ReferenceImage.rgba(image, x: x, y: y)
    }

    @Test func fillStretchesTheSceneOverTheViewYUp() throws {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.presentScene(Self.scene(.fill))
        let image = Self.image(of: view)
        // ×2 across, ×4 up: the red tile is the view's bottom left 20×40, the blue its top right.
        #expect(try Self.pixel(image, 10, 180).isNear(Self.red))
        #expect(try Self.pixel(image, 10, 150).isNear(Self.grey))
        #expect(try Self.pixel(image, 190, 20).isNear(Self.blue))
        #expect(try Self.pixel(image, 100, 100).isNear(Self.grey))
    }

    @Test func aspectFitLeavesEvenBandsAndAspectFillCrops() throws {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.backgroundColor = .green
        view.presentScene(Self.scene(.aspectFit))
        // ×2 both ways: the scene is 200×100, centred, from y 50 to 150; bands above and below.
        var image = Self.image(of: view)
        #expect(try Self.pixel(image, 100, 20).isNear(Self.green))
        #expect(try Self.pixel(image, 100, 180).isNear(Self.green))
        #expect(try Self.pixel(image, 5, 145).isNear(Self.red))
        #expect(try Self.pixel(image, 195, 55).isNear(Self.blue))
        // ×4 both ways: 400×200 centred, so x from -100 to 300: both tiles are cropped away.
        view.presentScene(Self.scene(.aspectFill))
        image = Self.image(of: view)
        #expect(try Self.pixel(image, 5, 195).isNear(Self.grey))
        #expect(try Self.pixel(image, 100, 100).isNear(Self.grey))
        let scene = try #require(view.scene)
        #expect(scene.convertPoint(fromView: CGPoint(x: 0, y: 200)) == CGPoint(x: 25, y: 0))
        #expect(view.convert(CGPoint(x: 50, y: 0), from: scene) == CGPoint(x: 100, y: 200))
    }

    @Test func resizeFillGivesTheSceneTheViewsSizeUnscaled() throws {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        let scene = Self.scene(.resizeFill)
        var sizes: [CGSize] = []
        final class Watcher: SKScene {}
        view.presentScene(scene)
        #expect(scene.size == CGSize(width: 120, height: 80))
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        view.layoutIfNeeded()
        sizes.append(scene.size)
        #expect(sizes == [CGSize(width: 60, height: 40)])
        let image = Self.image(of: view)
        #expect(
            try Self.pixel(image, 5, 35).isNear(Self.red), "red at the scene's (5, 5): the view's bottom left, unscaled"
        )
        #expect(try Self.pixel(image, 30, 20).isNear(Self.grey))
    }

    @Test func spritesDrawBackToFrontByZThenTreeOrderAndTexturesUpright() throws {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let scene = SKScene(size: CGSize(width: 40, height: 40))
        scene.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        scene.backgroundColor = .white
        let under = SKSpriteNode(color: .red, size: CGSize(width: 20, height: 20))
        under.zPosition = 1
        let over = SKSpriteNode(color: .blue, size: CGSize(width: 20, height: 20))  // later, but lower z
        over.position = CGPoint(x: 5, y: 5)
        scene.addChild(under)
        scene.addChild(over)
        view.presentScene(scene)
        var image = Self.image(of: view)
        #expect(try Self.pixel(image, 20, 20).isNear(Self.red), "the red sprite's z of 1 puts it above the blue")
        #expect(try Self.pixel(image, 33, 7).isNear(Self.blue), "the blue one shows where the red is not")
        #expect(try Self.pixel(image, 2, 2).isNear(Self.white))
        // A texture whose top half is green and bottom half blue is drawn that way up.
        let picture = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 5, width: 10, height: 5))
        }
        scene.removeAllChildren()
        let sprite = SKSpriteNode(texture: SKTexture(image: picture))
        sprite.size = CGSize(width: 40, height: 40)
        #expect(SKSpriteNode(texture: SKTexture(image: picture)).size == CGSize(width: 10, height: 10))
        scene.addChild(sprite)
        image = Self.image(of: view)
        #expect(try Self.pixel(image, 20, 5).isNear(Self.green))
        #expect(try Self.pixel(image, 20, 35).isNear(Self.blue))
        // Half transparent over white: a pale green; hidden: nothing.
        sprite.alpha = 0.5
        image = Self.image(of: view)
        #expect(try Self.pixel(image, 20, 5).isNear([128, 255, 128, 255], within: 3))
        sprite.isHidden = true
        image = Self.image(of: view)
        #expect(try Self.pixel(image, 20, 5).isNear(Self.white))
    }

    @Test func whatCannotBeDrawnIsSkippedAndADeepTreeIsDrawn() throws {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let scene = SKScene(size: CGSize(width: 40, height: 40))
        scene.backgroundColor = .white
        let bad = [
            SKSpriteNode(color: .red, size: CGSize(width: CGFloat.nan, height: 10)),
            SKSpriteNode(color: .red, size: CGSize(width: 1e300, height: 1e300)),
            SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10)),
            SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10)),
        ]
        bad[2].position = CGPoint(x: CGFloat.infinity, y: 0)
        bad[3].xScale = 0
        for node in bad { scene.addChild(node) }
        // 10,000 nodes deep, each inside the one before; the deepest, blue, covers the middle.
        var last: SKNode = scene
        for _ in 0..<10_000 {
            let next = SKNode()
            last.addChild(next)
            last = next
        }
        let deepest = SKSpriteNode(color: .blue, size: CGSize(width: 10, height: 10))
        deepest.position = CGPoint(x: 20, y: 20)
        last.addChild(deepest)
        view.presentScene(scene)
        let image = Self.image(of: view)
        #expect(try Self.pixel(image, 20, 20).isNear(Self.blue))
        #expect(try Self.pixel(image, 2, 2).isNear(Self.white), "the huge and broken sprites are skipped")
        // A scene of no size draws nothing, and says so by not crashing.
        scene.size = CGSize(width: CGFloat.nan, height: 0)
        _ = Self.image(of: view)
    }

    /// Records the touches it hears, where they are in its board layer.
    final class Game: SKScene {
        let board = SKNode()
        var log: [String] = []

        override init(size: CGSize) {
            super.init(size: size)
            self.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            self.board.position = CGPoint(x: -50, y: -50)
            self.addChild(self.board)
        }

        required init?(coder aDecoder: NSCoder) { fatalError("not used") }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first else { return }
            self.log.append("began \(touch.location(in: self.board)) \(touch.phase == .began)")
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first else { return }
            self.log.append("ended \(touch.location(in: self)) \(touch.phase == .ended)")
        }
    }

    @Test func aTapOnTheViewReachesTheSceneWithItsLocationInANode() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let view = SKView(frame: CGRect(x: 50, y: 100, width: 200, height: 200))
        window.addSubview(view)
        let scene = Game(size: CGSize(width: 100, height: 100))
        scene.scaleMode = .aspectFill
        view.presentScene(scene)
        #expect(scene.view === view)
        // The view's (40, 160): the scene ×2, so (20, 20) from its bottom left; the board's
        // origin is the scene's bottom left.
        #expect(window.touch(at: CGPoint(x: 90, y: 260)) == .touches(view))
        #expect(scene.log == ["began CGPoint(x: 20.0, y: 20.0) true", "ended CGPoint(x: -30.0, y: -30.0) true"])
        // A scene that takes no touches hears none; a node that takes them does, in front of it.
        scene.log = []
        scene.isUserInteractionEnabled = false
        window.touch(at: CGPoint(x: 90, y: 260))
        #expect(scene.log.isEmpty)
        final class Button: SKSpriteNode {
            var taps = 0
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { self.taps += 1 }
        }
        let button = Button(color: .red, size: CGSize(width: 20, height: 20))
        button.isUserInteractionEnabled = true
        scene.addChild(button)
        window.touch(at: CGPoint(x: 150, y: 200))  // the view's centre: the scene's origin
        #expect(button.taps == 1)
        // Without a scene, the view takes no taps.
        view.presentScene(nil)
        #expect(window.touch(at: CGPoint(x: 90, y: 260)) == .none)
        #expect(scene.view == nil)
    }

    @Test func aDragOnTheViewIsBeganMovedAndEndedOnTheNodeUnderItsStart() throws {
        /// A piece that follows the finger, as a checkers piece does.
        final class Piece: SKSpriteNode {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { self.note("began", touches) }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                self.note("moved", touches)
                guard let touch = touches.first, let scene = self.scene else { return }
                let (now, before) = (touch.location(in: scene), touch.previousLocation(in: scene))
                self.position = CGPoint(x: self.position.x + now.x - before.x, y: self.position.y + now.y - before.y)
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { self.note("ended", touches) }
            private func note(_ name: String, _ touches: Set<UITouch>) {
                guard let touch = touches.first, let scene = self.scene else { return }
                let at = touch.location(in: scene)
                self.log.append("\(name) \(Int(at.x)),\(Int(at.y)) \(touch.phase)")
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let view = SKView(frame: CGRect(x: 50, y: 100, width: 200, height: 200))
        window.addSubview(view)
        let scene = SKScene(size: CGSize(width: 200, height: 200))
        view.presentScene(scene)
        let piece = Piece(color: .red, size: CGSize(width: 40, height: 40))
        piece.position = CGPoint(x: 40, y: 160)  // the view's (40, 40): the window's (90, 140)
        piece.isUserInteractionEnabled = true
        scene.addChild(piece)
        // Down on the piece, 60 points right and 30 down in two moves (y is up in the scene).
        #expect(window.drag(from: CGPoint(x: 90, y: 140), to: CGPoint(x: 150, y: 170), steps: 2) == .touches(view))
        #expect(
            piece.log == ["began 40,160 began", "moved 70,145 moved", "moved 100,130 moved", "ended 100,130 ended"])
        #expect(piece.position == CGPoint(x: 100, y: 130), "the piece is where it was dropped")
        // Begun off the piece, the drag is the scene's, though it passes over the piece.
        piece.log = []
        window.drag(from: CGPoint(x: 60, y: 110), to: CGPoint(x: 200, y: 200), steps: 3)
        #expect(piece.log.isEmpty)
    }

    @Test func presentingCallsDidMoveAndNodeChangesAskForTheScreen() {
        final class Scene: SKScene {
            var moved: [String] = []
            override func didMove(to view: SKView) { self.moved.append("to") }
            override func willMove(from view: SKView) { self.moved.append("from") }
        }
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let scene = Scene(size: CGSize(width: 10, height: 10))
        view.presentScene(scene)
        view.presentScene(Scene(size: CGSize(width: 10, height: 10)))
        #expect(scene.moved == ["to", "from"])
        let node = SKSpriteNode(color: .red, size: CGSize(width: 1, height: 1))
        var before = ScreenUpdates.generation
        node.position = CGPoint(x: 3, y: 3)
        #expect(ScreenUpdates.generation != before)
        before = ScreenUpdates.generation
        node.color = .blue
        #expect(ScreenUpdates.generation != before)
        before = ScreenUpdates.generation
        scene.addChild(node)
        #expect(ScreenUpdates.generation != before)
    }
}
