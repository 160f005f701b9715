import Foundation

extension UIView {
    /// UIKit's `UIView.AutoresizingMask`, with its raw values: which of a view's margins and
    /// sizes grow or shrink when its superview's size changes.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// After the view's size changed from `old`: each subview whose frame is its own
    /// (`translatesAutoresizingMaskIntoConstraints`) and has a mask takes its share of the
    /// change, as UIKit's autoresizing does. Along each axis the change goes to the flexible
    /// parts (leading margin, size, trailing margin) in proportion to their sizes, or equally
    /// when they are all zero; a size never goes below zero.
    /// Set when autoresizing changed a subview's frame: `layoutIfNeeded` solves again.
    static var autoresized = false

    func resizeSubviews(from old: CGSize) {
        guard self.autoresizesSubviews else { return }
        let new = self.bounds.size
        for subview in self.subviews
        where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            let frame = subview.frame
            let (x, width) = Self.share(
                new.width - old.width, lead: frame.minX, size: frame.width, trail: old.width - frame.maxX,
                flexible: (
                    mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                    mask.contains(.flexibleRightMargin)
                ))
            let (y, height) = Self.share(
                new.height - old.height, lead: frame.minY, size: frame.height, trail: old.height - frame.maxY,
                flexible: (
                    mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                    mask.contains(.flexibleBottomMargin)
                ))
            let resized = CGRect(x: x, y: y, width: max(0, width), height: max(0, height))
            guard resized != frame else { continue }
            subview.frame = resized
            Self.autoresized = true
        }
    }

    /// One axis: the new origin and size after `delta`, shared out among the flexible parts.
    private static func share(
        _ delta: CGFloat, lead: CGFloat, size: CGFloat, trail: CGFloat,
        flexible: (lead: Bool, size: Bool, trail: Bool)
    ) -> (origin: CGFloat, size: CGFloat) {
        let parts = [(flexible.lead, max(0, lead)), (flexible.size, max(0, size)), (flexible.trail, max(0, trail))]
        let count = CGFloat(parts.filter(\.0).count)
        guard count > 0, delta != 0, delta.isFinite else { return (lead, size) }
        let total = parts.filter(\.0).reduce(0) { $0 + $1.1 }
        let portion = { (index: Int) -> CGFloat in
            guard parts[index].0 else { return 0 }
            return total > 0 ? delta * parts[index].1 / total : delta / count
        }
        return (lead + portion(0), size + portion(1))
    }
}
