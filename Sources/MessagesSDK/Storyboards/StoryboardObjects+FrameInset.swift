import Foundation

extension StoryboardObjects {
    /// Places `view` in its superview as Xcode 8's `<frame key="frameInset">` says: the distance
    /// of each edge from the superview's (`minX`, `minY` leading and top, `maxX`, `maxY`
    /// trailing and bottom), or a fixed `width` / `height` with one of them. An absent edge is
    /// 0, so an empty inset fills the superview. The superview's size is not known when the
    /// storyboard is written (its own frame comes from constraints), so the frame is made from
    /// the superview's bounds now and its autoresizing mask keeps it there as they change.
    public static func place(
        _ view: UIView, minX: CGFloat? = nil, minY: CGFloat? = nil, maxX: CGFloat? = nil, maxY: CGFloat? = nil,
        width: CGFloat? = nil, height: CGFloat? = nil
    ) {
        let bounds = view.superview?.bounds.size ?? .zero
        let (x, w) = Self.axis(bounds.width, min: minX, max: maxX, size: width)
        let (y, h) = Self.axis(bounds.height, min: minY, max: maxY, size: height)
        view.frame = CGRect(x: x, y: y, width: w, height: h)
    }

    private static func axis(_ length: CGFloat, min: CGFloat?, max: CGFloat?, size: CGFloat?) -> (CGFloat, CGFloat) {
        let size = size ?? (length - (min ?? 0) - (max ?? 0))
        let origin = min ?? (max.map { length - $0 - size } ?? 0)
        return (origin, size)
    }
}
