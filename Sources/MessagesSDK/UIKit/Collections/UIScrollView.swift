import Foundation

@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// `UIScrollView`: content larger than the view, seen through it: `contentOffset` is the
/// bounds' origin, as in UIKit, so subviews laid out in content coordinates move as it scrolls.
/// Nothing scrolls by itself here (there is no finger to drag); the app, or a test, sets the
/// offset. It clips to its bounds, as UIKit's does.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    open var contentSize = CGSize.zero
    /// Room around the content. A view resting at the content's start (its offset minus the
    /// old inset) stays at the start of the new one, as UIKit moves it: a collection view whose
    /// left inset is set to half its width less an item's shows its first item centred.
    open var contentInset = UIEdgeInsets.zero {
        didSet {
            var offset = self.contentOffset
            if offset.x == -oldValue.left { offset.x = -self.contentInset.left }
            if offset.y == -oldValue.top { offset.y = -self.contentInset.top }
            if offset.x.isFinite, offset.y.isFinite { self.contentOffset = offset }
        }
    }
    open var adjustedContentInset: UIEdgeInsets { self.contentInset }
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    /// How fast a flicked scroll slows; nothing is flicked here (see above), so it is kept only.
    open var decelerationRate = DecelerationRate.normal

    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// UIKit shows the scroll indicators for a moment; the screen here draws none, so there
    /// is nothing to show.
    open func flashScrollIndicators() {}
    open weak var delegate: (any UIScrollViewDelegate)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        self.clipsToBounds = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.clipsToBounds = true
    }

    open var contentOffset: CGPoint {
        get { self.bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                return HostConnection.log("UIScrollView.contentOffset = \(newValue) ignored: not finite")
            }
            guard newValue != self.bounds.origin else { return }
            self.bounds.origin = newValue
            self.setNeedsLayout()
            self.scrolled()
        }
    }

    open func setContentOffset(_ offset: CGPoint, animated: Bool) { self.contentOffset = offset }

    /// Scrolls as little as it takes to show `rect` (content coordinates), within the content.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = self.contentOffset
        let size = self.bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        self.contentOffset = self.withinContent(offset)
    }

    /// `offset` moved into the range UIKit scrolls in: from minus the inset at the start to
    /// the content's end plus its inset less the view's side (the start when the content is
    /// smaller than the view).
    func withinContent(_ offset: CGPoint) -> CGPoint {
        let size = self.bounds.size
        let inset = self.contentInset
        func clamp(_ value: CGFloat, _ low: CGFloat, _ content: CGFloat, _ high: CGFloat, _ side: CGFloat) -> CGFloat {
            min(max(value, -low), max(-low, content + high - side))
        }
        return CGPoint(
            x: clamp(offset.x, inset.left, self.contentSize.width, inset.right, size.width),
            y: clamp(offset.y, inset.top, self.contentSize.height, inset.bottom, size.height))
    }

    /// What a scroll tells: the delegate, and subclasses (a collection view loads what came into view).
    func scrolled() { self.delegate?.scrollViewDidScroll(self) }
}
