import Foundation

/// Converting points and rectangles between views, through each view's bounds origin, centre
/// and transform, as UIKit does. `nil` stands for the window (the root of the tree).
extension UIView {
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let root = self.pointInRoot(point)
        return view.map { $0.pointFromRoot(root) } ?? root
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let root = view.map { $0.pointInRoot(point) } ?? point
        return self.pointFromRoot(root)
    }

    /// The box that holds the rectangle's four corners once converted.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.box(Self.corners(rect).map { self.convert($0, to: view) })
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.box(Self.corners(rect).map { self.convert($0, from: view) })
    }

    /// A point of this view in its superview's coordinates.
    func pointInSuperview(_ point: CGPoint) -> CGPoint {
        let local = CGPoint(x: point.x - self.bounds.midX, y: point.y - self.bounds.midY).applying(self.transform)
        return CGPoint(x: local.x + self.center.x, y: local.y + self.center.y)
    }

    /// A point of the superview in this view's coordinates.
    func pointFromSuperview(_ point: CGPoint) -> CGPoint {
        let local = CGPoint(x: point.x - self.center.x, y: point.y - self.center.y).applying(self.transform.inverted())
        return CGPoint(x: local.x + self.bounds.midX, y: local.y + self.bounds.midY)
    }

    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var point = point
        var view: UIView = self
        while let superview = view.superview {
            point = view.pointInSuperview(point)
            view = superview
        }
        return point
    }

    private func pointFromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var view: UIView = self
        while let superview = view.superview {
            chain.append(view)
            view = superview
        }
        return chain.reversed().reduce(point) { point, view in view.pointFromSuperview(point) }
    }

    private static func corners(_ rect: CGRect) -> [CGPoint] {
        [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ]
    }

    private static func box(_ points: [CGPoint]) -> CGRect {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
