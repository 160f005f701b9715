import Foundation

/// `CGVector`: Core Graphics' displacement, which SpriteKit's moves take
/// (`SKAction.move(by:duration:)`). Foundation on Linux has CGPoint and CGSize but not it.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    public init() { self.init(dx: CGFloat(0), dy: CGFloat(0)) }

    public static let zero = CGVector()
    public var description: String { "CGVector(dx: \(self.dx), dy: \(self.dy))" }
}
