import Foundation

/// `UIStackView`: its arranged subviews in a row or a column, sized and spaced by its
/// distribution and aligned across by its alignment, as UIKit documents them. Where views do
/// not fill the stack (`fill`), the one that hugs its content least is stretched, the first of
/// equals; where they overflow, the one that resists compression least is shrunk.
@preconcurrency @MainActor
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    open var axis = NSLayoutConstraint.Axis.horizontal { didSet { self.changed() } }
    open var distribution = Distribution.fill { didSet { self.changed() } }
    open var alignment = Alignment.fill { didSet { self.changed() } }
    open var spacing: CGFloat = 0 { didSet { self.changed() } }
    open var isLayoutMarginsRelativeArrangement = false { didSet { self.changed() } }
    public private(set) var arrangedSubviews: [UIView] = []
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]

    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for view in views { self.addArrangedSubview(view) }
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func changed() {
        self.setNeedsLayout()
        self.invalidateIntrinsicContentSize()
    }

    open func addArrangedSubview(_ view: UIView) { self.insertArrangedSubview(view, at: self.arrangedSubviews.count) }

    open func insertArrangedSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return HostConnection.log("UIStackView: a stack view cannot arrange itself") }
        self.arrangedSubviews.removeAll { $0 === view }
        self.arrangedSubviews.insert(view, at: max(0, min(index, self.arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { self.addSubview(view) }
        self.changed()
    }

    /// It stays a subview, as in UIKit; only the arrangement lets it go.
    open func removeArrangedSubview(_ view: UIView) {
        self.arrangedSubviews.removeAll { $0 === view }
        self.changed()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        self.arrangedSubviews.removeAll { $0 === subview }
        self.changed()
    }

    open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) {
        self.customSpacing[ObjectIdentifier(view)] = spacing
        self.changed()
    }

    open func customSpacing(after view: UIView) -> CGFloat {
        self.customSpacing[ObjectIdentifier(view)] ?? self.spacing
    }

    private var shown: [UIView] { self.arrangedSubviews.filter { !$0.isHidden } }
    private var horizontal: Bool { self.axis == .horizontal }

    private func main(_ size: CGSize) -> CGFloat { self.horizontal ? size.width : size.height }
    private func cross(_ size: CGSize) -> CGFloat { self.horizontal ? size.height : size.width }
    /// The size an arranged view asks for: a required width or height of its own
    /// (`widthAnchor.constraint(equalToConstant: 200)`) where it has one, as UIKit's stack
    /// constraints give way to it; else its intrinsic size.
    private func wanted(_ view: UIView) -> CGSize {
        let size = view.intrinsicContentSize
        var wanted = CGSize(
            width: size.width == UIView.noIntrinsicMetric ? 0 : size.width,
            height: size.height == UIView.noIntrinsicMetric ? 0 : size.height)
        for constraint in view.installed
        where Self.isOwnSize(constraint) && constraint.firstItem === view && constraint.isActive {
            let constant = min(max(0, constraint.constant), 10_000)
            if constraint.firstAttribute == .width { wanted.width = constant } else { wanted.height = constant }
        }
        return wanted
    }

    private func hasOwnSize(_ view: UIView, along axis: NSLayoutConstraint.Axis) -> Bool {
        view.installed.contains {
            Self.isOwnSize($0) && $0.firstItem === view && $0.firstAttribute == (axis == .horizontal ? .width : .height)
        }
    }

    /// A required `width` or `height` equal to a constant, relating the view to nothing else.
    static func isOwnSize(_ constraint: NSLayoutConstraint) -> Bool {
        constraint.secondItem == nil && constraint.relation == .equal && constraint.priority == .required
            && (constraint.firstAttribute == .width || constraint.firstAttribute == .height)
            && constraint.constant.isFinite
    }

    private var gaps: [CGFloat] { self.shown.dropLast().map { self.customSpacing(after: $0) } }

    open override var intrinsicContentSize: CGSize {
        let views = self.shown
        let main = views.map { self.main(self.wanted($0)) }.reduce(0, +) + self.gaps.reduce(0, +)
        let cross = views.map { self.cross(self.wanted($0)) }.max() ?? 0
        let margins = self.isLayoutMarginsRelativeArrangement ? self.layoutMargins : .zero
        let size = self.horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
        return CGSize(
            width: size.width + margins.left + margins.right, height: size.height + margins.top + margins.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let views = self.shown
        guard !views.isEmpty else { return }
        let area = self.isLayoutMarginsRelativeArrangement ? self.bounds.inset(by: self.layoutMargins) : self.bounds
        let length = self.main(area.size)
        let across = self.cross(area.size)
        var gaps = self.gaps
        let room = length - gaps.reduce(0, +)
        var sizes = views.map { self.main(self.wanted($0)) }
        switch self.distribution {
        case .fill:
            let extra = room - sizes.reduce(0, +)
            // A view with a required size of its own along the axis keeps it while another can give.
            let axis: NSLayoutConstraint.Axis = self.axis
            let free = views.indices.filter { !self.hasOwnSize(views[$0], along: axis) }
            let candidates = free.isEmpty ? Array(views.indices) : free
            if extra > 0 {
                let index =
                    candidates.min {
                        views[$0].contentHuggingPriority(for: axis) < views[$1].contentHuggingPriority(for: axis)
                    } ?? 0
                sizes[index] += extra
            } else if extra < 0 {
                let index =
                    candidates.min {
                        views[$0].contentCompressionResistancePriority(for: axis)
                            < views[$1].contentCompressionResistancePriority(for: axis)
                    } ?? 0
                sizes[index] = max(0, sizes[index] + extra)
            }
        case .fillEqually:
            sizes = Array(repeating: max(0, room / CGFloat(views.count)), count: views.count)
        case .fillProportionally:
            let total = sizes.reduce(0, +)
            sizes =
                total > 0
                ? sizes.map { max(0, room * $0 / total) }
                : Array(repeating: max(0, room / CGFloat(views.count)), count: views.count)
        case .equalSpacing, .equalCentering:
            if views.count > 1 {
                let free = length - sizes.reduce(0, +)
                let gap = max(self.spacing, free / CGFloat(views.count - 1))
                gaps = Array(repeating: gap, count: views.count - 1)
            }
        }
        var position = self.horizontal ? area.minX : area.minY
        for (index, view) in views.enumerated() {
            let size = sizes[index]
            let natural = self.cross(self.wanted(view))
            let thickness = self.alignment == .fill || natural == 0 ? across : min(natural, across)
            let start = self.horizontal ? area.minY : area.minX
            let offset: CGFloat =
                switch self.alignment {
                case .fill, .leading, .firstBaseline: 0
                case .center: (across - thickness) / 2
                case .trailing, .lastBaseline: across - thickness
                }
            view.frame =
                self.horizontal
                ? CGRect(x: position, y: start + offset, width: size, height: thickness)
                : CGRect(x: start + offset, y: position, width: thickness, height: size)
            position += size + (index < gaps.count ? gaps[index] : 0)
        }
    }
}
