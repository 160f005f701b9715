import Foundation

/// `NSLayoutAnchor` and its kinds: the way apps make constraints (`a.leadingAnchor.constraint(
/// equalTo: b.leadingAnchor, constant: 8)`). An x anchor pairs with x anchors, y with y, a
/// dimension with dimensions, as the compiler checks in UIKit.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    unowned let item: AnyObject
    let attribute: NSLayoutConstraint.Attribute

    init(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(
        _ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
        constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: self.item, attribute: self.attribute, relatedBy: relation, toItem: other?.item,
            attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        self.make(.equal, anchor, constant: 0)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat) -> NSLayoutConstraint {
        self.make(.equal, anchor, constant: constant)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        self.make(.greaterThanOrEqual, anchor, constant: 0)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat)
        -> NSLayoutConstraint
    {
        self.make(.greaterThanOrEqual, anchor, constant: constant)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        self.make(.lessThanOrEqual, anchor, constant: 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant: CGFloat) -> NSLayoutConstraint
    {
        self.make(.lessThanOrEqual, anchor, constant: constant)
    }
}

@preconcurrency @MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@preconcurrency @MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant constant: CGFloat) -> NSLayoutConstraint {
        self.make(.equal, nil, constant: constant)
    }
    open func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
        self.make(.greaterThanOrEqual, nil, constant: constant)
    }
    open func constraint(lessThanOrEqualToConstant constant: CGFloat) -> NSLayoutConstraint {
        self.make(.lessThanOrEqual, nil, constant: constant)
    }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        self.make(.equal, anchor, multiplier: multiplier, constant: constant)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        self.make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier: CGFloat, constant: CGFloat = 0)
        -> NSLayoutConstraint
    {
        self.make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
    }
}

/// What views and layout guides both have: the anchors of their edges, centre and size.
@preconcurrency @MainActor
public protocol NSLayoutAnchored: AnyObject {}

extension NSLayoutAnchored {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
}

extension UIView: NSLayoutAnchored {}
extension UILayoutGuide: NSLayoutAnchored {}

/// `UILayoutGuide`: a rectangle of a view that takes part in layout without drawing: the
/// view's safe area and margins, or spacers an app adds (`addLayoutGuide`).
@preconcurrency @MainActor
open class UILayoutGuide {
    public internal(set) weak var owningView: UIView?
    open var identifier = ""
    /// Where layout put it, in the owning view's coordinates.
    public internal(set) var layoutFrame = CGRect.zero
    /// The safe area's and the margins' guides follow their view; a guide an app adds is free.
    enum Kind { case free, safeArea, margins }
    let kind: Kind

    public init() { self.kind = .free }
    init(kind: Kind, owner: UIView) {
        self.kind = kind
        self.owningView = owner
    }

}

extension UIView {
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }

    /// The active constraints this view holds (those between it or its subviews).
    public var constraints: [NSLayoutConstraint] { self.installed }
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }

    public var safeAreaLayoutGuide: UILayoutGuide { self.guide(.safeArea) }
    public var layoutMarginsGuide: UILayoutGuide { self.guide(.margins) }
    public var layoutGuides: [UILayoutGuide] { self.layout.guides.filter { $0.kind == .free } }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView = self
        self.layout.guides.append(guide)
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        self.layout.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    private func guide(_ kind: UILayoutGuide.Kind) -> UILayoutGuide {
        if let guide = self.layout.guides.first(where: { $0.kind == kind }) { return guide }
        let guide = UILayoutGuide(kind: kind, owner: self)
        self.layout.guides.append(guide)
        return guide
    }

    /// Whether layout gives the view its frame (false) or the frame stays what the app set.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { self.layout.translates }
        set {
            self.layout.translates = newValue
            self.superview?.setNeedsLayout()
        }
    }

    public var layoutMargins: UIEdgeInsets {
        get { self.layout.margins }
        set {
            self.layout.margins = newValue
            self.setNeedsLayout()
        }
    }

    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(
                top: self.layout.margins.top, leading: self.layout.margins.left, bottom: self.layout.margins.bottom,
                trailing: self.layout.margins.right)
        }
        set {
            self.layoutMargins = UIEdgeInsets(
                top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        self.layout.hugging[axis == .horizontal ? 0 : 1]
    }
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        self.layout.hugging[axis == .horizontal ? 0 : 1] = priority
        self.superview?.setNeedsLayout()
    }
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        self.layout.compression[axis == .horizontal ? 0 : 1]
    }
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis)
    {
        self.layout.compression[axis == .horizontal ? 0 : 1] = priority
        self.superview?.setNeedsLayout()
    }

    public func setNeedsUpdateConstraints() {
        self.layout.needsUpdateConstraints = true
        self.setNeedsLayout()
    }
    public func updateConstraintsIfNeeded() {
        guard self.layout.needsUpdateConstraints else { return }
        self.layout.needsUpdateConstraints = false
        self.updateConstraints()
    }
}

public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// What Auto Layout keeps per view.
struct ViewLayout {
    var translates = true
    var margins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compression: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var guides: [UILayoutGuide] = []
    var needsUpdateConstraints = false
}
