import Foundation

/// CoreGraphics' affine transform, which Foundation on Linux does not have: the matrix
/// `[a b 0; c d 0; tx ty 1]` applied to row vectors, as on Apple's platforms, so a point maps
/// to `(a·x + c·y + tx, b·x + d·y + ty)` and `t1.concatenating(t2)` applies t1 first.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    public init() { self = .identity }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Positive angles turn clockwise on screen (y grows downwards), as in UIKit.
    public init(rotationAngle angle: CGFloat) {
        let (sine, cosine) = (CGFloat(sin(Double(angle))), CGFloat(cos(Double(angle))))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: self.a * other.a + self.b * other.c, b: self.a * other.b + self.b * other.d,
            c: self.c * other.a + self.d * other.c, d: self.c * other.b + self.d * other.d,
            tx: self.tx * other.a + self.ty * other.c + other.tx, ty: self.tx * other.b + self.ty * other.d + other.ty)
    }

    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse; a transform that cannot be inverted (determinant 0, or not finite) is
    /// returned unchanged, as CoreGraphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = self.a * self.d - self.b * self.c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(
            a: self.d / determinant, b: -self.b / determinant, c: -self.c / determinant, d: self.a / determinant,
            tx: (self.c * self.ty - self.d * self.tx) / determinant,
            ty: (self.b * self.tx - self.a * self.ty) / determinant)
    }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * self.x + t.c * self.y + t.tx, y: t.b * self.x + t.d * self.y + t.ty)
    }
}

extension CGSize {
    /// The size's vector transformed, without the translation (as CoreGraphics does).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * self.width + t.c * self.height, height: t.b * self.width + t.d * self.height)
    }
}

extension CGRect {
    /// The smallest rectangle that holds the four transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !self.isNull else { return self }
        let corners = [
            CGPoint(x: self.minX, y: self.minY), CGPoint(x: self.maxX, y: self.minY),
            CGPoint(x: self.minX, y: self.maxY), CGPoint(x: self.maxX, y: self.maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
