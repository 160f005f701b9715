import Foundation

/// `SKTexture`: an image a sprite is drawn with, over `UIImage`. `SKTexture(imageNamed:)`
/// reads the app's resources folder as `UIImage(named:)` does (asset catalogs and texture
/// atlases are not read: put the image files there, docs/porting-from-ios.md §4). A name with
/// no image makes a texture without pixels, which draws nothing (SpriteKit draws a red cross).
@preconcurrency @MainActor
open class SKTexture: Hashable {
    public let image: UIImage?
    /// How the texture is sampled when scaled; kept, the drawing is always smooth.
    open var filteringMode: SKTextureFilteringMode = .linear

    public init(image: UIImage) { self.image = image }

    public init(imageNamed name: String) {
        self.image = UIImage(named: name)
        if self.image == nil {
            HostConnection.log("SKTexture(imageNamed: \"\(name)\"): no such image in the app's resources")
        }
    }

    /// The image's size in points (zero without pixels).
    open func size() -> CGSize { self.image?.size ?? .zero }

    public nonisolated static func == (lhs: SKTexture, rhs: SKTexture) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

public enum SKTextureFilteringMode: Int, Sendable { case nearest, linear }

/// `SKSpriteNode`: a rectangle of `size` drawn with its texture, or filled with `color`
/// without one, placed so that `anchorPoint` (0.5, 0.5 by default: the centre) is at the
/// node's position.
@preconcurrency @MainActor
open class SKSpriteNode: SKNode {
    open var texture: SKTexture? { didSet { ScreenUpdates.viewChanged() } }
    open var color: UIColor { didSet { ScreenUpdates.viewChanged() } }
    /// How much `color` tints the texture; kept, a texture is drawn untinted here.
    open var colorBlendFactor: CGFloat = 0 { didSet { ScreenUpdates.viewChanged() } }
    open var size: CGSize { didSet { ScreenUpdates.viewChanged() } }
    /// The point of the rectangle at the node's position, in units of its size.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { ScreenUpdates.viewChanged() } }

    public init(texture: SKTexture?, color: UIColor, size: CGSize) {
        self.texture = texture
        self.color = color
        self.size = size
        super.init()
    }

    /// As SpriteKit: a texture's own size, and white.
    public convenience init(texture: SKTexture?) {
        self.init(texture: texture, color: .white, size: texture?.size() ?? .zero)
    }

    public convenience init(texture: SKTexture?, size: CGSize) {
        self.init(texture: texture, color: .white, size: size)
    }

    public convenience init(imageNamed name: String) { self.init(texture: SKTexture(imageNamed: name)) }

    public convenience init(color: UIColor, size: CGSize) { self.init(texture: nil, color: color, size: size) }

    /// No texture, white, of no size: set `size` and `color` after.
    public override convenience init() { self.init(texture: nil, color: .white, size: .zero) }

    public required init?(coder aDecoder: NSCoder) {
        self.color = .white
        self.size = .zero
        super.init(coder: aDecoder)
    }

    override var contentRect: CGRect? {
        CGRect(
            x: -self.anchorPoint.x * self.size.width, y: -self.anchorPoint.y * self.size.height, width: self.size.width,
            height: self.size.height)
    }
}
