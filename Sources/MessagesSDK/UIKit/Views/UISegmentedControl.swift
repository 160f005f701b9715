import Foundation

/// `UISegmentedControl`: segments side by side, of equal width; a tap on one selects it and
/// sends `valueChanged`.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    public static let noSegment = -1

    private var segments: [(title: String?, image: UIImage?, enabled: Bool)] = []
    open var selectedSegmentIndex = UISegmentedControl.noSegment { didSet { self.setNeedsDisplay() } }
    open var selectedSegmentTintColor: UIColor?
    open var isMomentary = false

    /// `items`: strings and images, one a segment (anything else is left out, as UIKit would
    /// refuse it).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                self.segments.append((title, nil, true))
            } else if let image = item as? UIImage {
                self.segments.append((nil, image, true))
            } else {
                HostConnection.log(
                    "UISegmentedControl(items:): \(type(of: item)) is neither a String nor a UIImage; left out")
            }
        }
        self.bounds.size = self.intrinsicContentSize
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var numberOfSegments: Int { self.segments.count }

    open func titleForSegment(at index: Int) -> String? {
        self.segments.indices.contains(index) ? self.segments[index].title : nil
    }
    open func imageForSegment(at index: Int) -> UIImage? {
        self.segments.indices.contains(index) ? self.segments[index].image : nil
    }

    open func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard self.segments.indices.contains(index) else { return }
        self.segments[index].title = title
        self.setNeedsDisplay()
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard self.segments.indices.contains(index) else { return }
        self.segments[index].enabled = enabled
    }

    open func isEnabledForSegment(at index: Int) -> Bool {
        self.segments.indices.contains(index) && self.segments[index].enabled
    }

    open func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
        self.segments.insert((title, nil, true), at: max(0, min(index, self.segments.count)))
        if self.selectedSegmentIndex >= index && self.selectedSegmentIndex != Self.noSegment {
            self.selectedSegmentIndex += 1
        }
        self.invalidateIntrinsicContentSize()
    }

    open func removeSegment(at index: Int, animated: Bool) {
        guard self.segments.indices.contains(index) else { return }
        self.segments.remove(at: index)
        if self.selectedSegmentIndex == index {
            self.selectedSegmentIndex = Self.noSegment
        } else if self.selectedSegmentIndex > index {
            self.selectedSegmentIndex -= 1
        }
        self.invalidateIntrinsicContentSize()
    }

    open func removeAllSegments() {
        self.segments = []
        self.selectedSegmentIndex = Self.noSegment
    }

    private static let font = UIFont.systemFont(ofSize: 13)

    open override var intrinsicContentSize: CGSize {
        let widest =
            self.segments.map { segment in
                max(
                    segment.title.map { NSAttributedString(string: $0, attributes: [.font: Self.font]).size().width }
                        ?? 0, segment.image?.size.width ?? 0)
            }.max() ?? 0
        return CGSize(width: ((widest + 16) * CGFloat(self.segments.count)).rounded(.up), height: 32)
    }

    /// The segment under `x`, in the control's coordinates.
    func segment(atX x: CGFloat) -> Int? {
        guard !self.segments.isEmpty, self.bounds.width > 0 else { return nil }
        let index = Int((x - self.bounds.minX) / (self.bounds.width / CGFloat(self.segments.count)))
        return self.segments.indices.contains(index) ? index : nil
    }

    override func tapChangesValue(at point: CGPoint) -> Bool {
        guard let index = self.segment(atX: point.x), self.segments[index].enabled, index != self.selectedSegmentIndex
        else { return false }
        self.selectedSegmentIndex = index
        return true
    }

    open override func draw(_ rect: CGRect) {
        let count = CGFloat(max(1, self.segments.count))
        let width = self.bounds.width / count
        UIColor(white: 0.93, alpha: 1).setFill()
        UIBezierPath(roundedRect: self.bounds, cornerRadius: 8).fill()
        for (index, segment) in self.segments.enumerated() {
            let cell = CGRect(
                x: self.bounds.minX + CGFloat(index) * width, y: self.bounds.minY, width: width,
                height: self.bounds.height)
            if index == self.selectedSegmentIndex {
                (self.selectedSegmentTintColor ?? .white).setFill()
                UIBezierPath(roundedRect: cell.insetBy(dx: 2, dy: 2), cornerRadius: 7).fill()
            }
            if let title = segment.title {
                let text = NSAttributedString(
                    string: title,
                    attributes: [
                        .font: Self.font, .foregroundColor: segment.enabled ? UIColor.label : UIColor.systemGray,
                    ])
                let size = text.size()
                text.draw(at: CGPoint(x: cell.midX - size.width / 2, y: cell.midY - size.height / 2))
            } else if let image = segment.image {
                image.draw(
                    in: CGRect(
                        x: cell.midX - image.size.width / 2, y: cell.midY - image.size.height / 2,
                        width: image.size.width, height: image.size.height))
            }
        }
    }
}
