import DrawingReferences
import Foundation
import Testing

@testable import MessagesSDK

/// `SKView.texture(from:)` draws a node's tree into a texture cropped to its accumulated frame,
/// y up, and textures, `CGImage`s and `UIImage`s turn into each other keeping their pixels.
@MainActor @Suite struct SKTextureTests {
    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], green = [0, 255, 0, 255], clear = [0, 0, 0, 0]

    static func pixel(_ image: UIImage, _ x: CGFloat, _ y: CGFloat) throws -> [Int] {
        try ReferenceImage.rgba(image, x: Int(x * image.scale), y: Int(y * image.scale))
    }

    /// A layer at (100, 100) with a red 10×10 sprite at its bottom left and a blue one 20
    /// points right and 10 up: 30×20 points in all.
    static func layer() -> SKNode {
        let layer = SKNode()
        layer.position = CGPoint(x: 100, y: 100)
        for (color, centre) in [(UIColor.red, CGPoint(x: 5, y: 5)), (UIColor.blue, CGPoint(x: 25, y: 15))] {
            let tile = SKSpriteNode(color: color, size: CGSize(width: 10, height: 10))
            tile.position = centre
            layer.addChild(tile)
        }
        return layer
    }

    @Test func aNodesTextureIsItsAccumulatedFrameDrawnYUpOverNothing() throws {
        let scene = SKScene(size: CGSize(width: 300, height: 300))
        let layer = Self.layer()
        scene.addChild(layer)
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.presentScene(scene)
        let texture = try #require(view.texture(from: layer))
        #expect(texture.size() == CGSize(width: 30, height: 20))
        let image = try #require(texture.image)
        #expect(try Self.pixel(image, 5, 15).isNear(Self.red), "the red sprite is at the bottom left: y is up")
        #expect(try Self.pixel(image, 25, 5).isNear(Self.blue))
        #expect(
            try Self.pixel(image, 5, 5) == Self.clear,
            "where no sprite is, the texture is transparent, not the scene's background")
        #expect(try Self.pixel(image, 25, 15) == Self.clear)
        // A node need not be shown; one that is a sprite itself is drawn with its scale.
        let sprite = SKSpriteNode(color: .green, size: CGSize(width: 4, height: 4))
        sprite.setScale(2)
        let own = try #require(SKView().texture(from: sprite))
        #expect(own.size() == CGSize(width: 8, height: 8))
        #expect(try Self.pixel(try #require(own.image), 7, 7).isNear(Self.green))
    }

    @Test func theTexturesDrawingFollowsZHiddenAndAlphaAsTheViewDoes() throws {
        let layer = Self.layer()
        let over = SKSpriteNode(color: .green, size: CGSize(width: 10, height: 10))
        over.position = CGPoint(x: 5, y: 5)
        over.zPosition = -1  // later in the tree, but below the red
        layer.addChild(over)
        layer.children[1].isHidden = true  // the blue
        var image = try #require(SKView().texture(from: layer)?.image)
        #expect(try Self.pixel(image, 5, 15).isNear(Self.red))
        #expect(try Self.pixel(image, 25, 5) == Self.clear, "a hidden sprite is not drawn")
        over.removeFromParent()
        layer.alpha = 0.5
        image = try #require(SKView().texture(from: layer)?.image)
        #expect(try Self.pixel(image, 5, 15).isNear([255, 0, 0, 128], within: 3), "the node's own alpha counts")
    }

    @Test func texturesCGImagesAndUIImagesKeepTheirPixels() throws {
        let texture = try #require(SKView().texture(from: Self.layer()))
        let image = try #require(texture.image)
        let cgImage = texture.cgImage()
        #expect(cgImage.width == Int(30 * image.scale) && cgImage.height == Int(20 * image.scale))
        #expect(cgImage.bitsPerPixel == 32 && cgImage.bytesPerRow >= cgImage.width * 4)
        // UIImage(cgImage:) is at scale 1, as in UIKit: its points are the pixels.
        let back = UIImage(cgImage: cgImage)
        #expect(back.scale == 1 && back.size == CGSize(width: cgImage.width, height: cgImage.height))
        #expect(try ReferenceImage.rgba(back, x: 1, y: back.pixelHeight - 2).isNear(Self.red))
        #expect(try ReferenceImage.rgba(back, x: back.pixelWidth - 2, y: 1).isNear(Self.blue))
        #expect(back.cgImage?.width == cgImage.width)
        let again = SKTexture(cgImage: cgImage)
        #expect(again.size() == back.size)
        #expect(SKSpriteNode(texture: again).size == back.size)
    }

    @Test func nothingToDrawGivesNoTextureAndImagesWithoutPixelsNoCGImage() {
        let view = SKView()
        #expect(view.texture(from: SKNode()) == nil, "a node without sprites has an empty frame")
        let nan = SKNode()
        let lost = SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10))
        lost.position = CGPoint(x: CGFloat.nan, y: 0)
        nan.addChild(lost)
        #expect(view.texture(from: nan) == nil)
        #expect(view.texture(from: SKSpriteNode(color: .red, size: CGSize(width: CGFloat.nan, height: 10))) == nil)
        #expect(
            view.texture(from: SKSpriteNode(color: .red, size: CGSize(width: 1e7, height: 1e7))) == nil,
            "past a bitmap's limits")
        #expect(
            view.texture(
                from: SKSpriteNode(color: .red, size: CGSize(width: CGFloat.greatestFiniteMagnitude, height: 1))) == nil
        )
        let missing = SKTexture(imageNamed: "no-such-image-anywhere")
        #expect(missing.cgImage().width == 0 && missing.cgImage().height == 0)
        #expect(UIImage(cgImage: missing.cgImage()).size == .zero)
        #expect(UIImage().cgImage == nil)
    }
}
