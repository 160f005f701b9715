import Foundation

/// `UILayoutPriority`: 1000 is required; 750 and 250 are UIKit's high and low defaults.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
}

/// `NSLayoutConstraint`: `first.attribute (relation) multiplier × second.attribute + constant`,
/// between views and layout guides, solved with the others of its tree by the Cassowary solver
/// (`LayoutEngine`) as Auto Layout does. Active constraints are kept by the nearest common
/// ancestor of their items, as UIKit installs them.
@preconcurrency @MainActor
open class NSLayoutConstraint {
    public enum Attribute: Int, Sendable {
        case left = 1
        case right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins,
            centerYWithinMargins
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }
    public enum Axis: Int, Sendable { case horizontal, vertical }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    open var constant: CGFloat { didSet { self.changed() } }
    open var priority: UILayoutPriority = .required {
        didSet {
            if oldValue != self.priority, self.isActive, oldValue == .required || self.priority == .required {
                HostConnection.log(
                    "\(self.summary): a constraint's priority cannot change between required and not while it is active (UIKit raises); kept \(oldValue.rawValue)"
                )
                self.priority = oldValue
                return
            }
            self.changed()
        }
    }
    open var identifier: String?
    /// The view that holds it while active.
    weak var holder: UIView?

    public init(
        item first: Any, attribute firstAttribute: Attribute, relatedBy relation: Relation, toItem second: Any?,
        attribute secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        self.firstItem = first as AnyObject
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = second.map { $0 as AnyObject }
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    open var isActive: Bool {
        get { self.holder != nil }
        set { newValue ? self.activate() : self.deactivate() }
    }

    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard self.holder == nil else { return }
        guard let holder = Self.commonAncestor(self.firstItem, self.secondItem) else {
            return HostConnection.log(
                "\(self.summary) cannot be activated: its items have no common ancestor (add both views to one hierarchy first; UIKit raises)"
            )
        }
        holder.installed.append(self)
        self.holder = holder
        holder.setNeedsLayout()
    }

    private func deactivate() {
        guard let holder = self.holder else { return }
        holder.installed.removeAll { $0 === self }
        self.holder = nil
        holder.setNeedsLayout()
    }

    private func changed() { self.holder?.setNeedsLayout() }

    /// The view an item is, or that owns a layout guide.
    static func view(of item: AnyObject?) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    static func commonAncestor(_ first: AnyObject?, _ second: AnyObject?) -> UIView? {
        guard let a = Self.view(of: first) else { return nil }
        guard second != nil else { return a }
        guard let b = Self.view(of: second) else { return nil }
        var ancestors: Set<ObjectIdentifier> = []
        var view: UIView? = a
        while let current = view {
            ancestors.insert(ObjectIdentifier(current))
            view = current.superview
        }
        view = b
        while let current = view {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            view = current.superview
        }
        return nil
    }

    /// `UILabel.width == UIView.width × 0.5 + 8.0 @750`, for the log.
    public var summary: String {
        do {
            func name(_ item: AnyObject?) -> String { item.map { "\(type(of: $0))" } ?? "" }
            let relation = ["<=", "==", ">="][self.relation.rawValue + 1]
            let second =
                self.secondItem == nil
                ? ""
                : "\(name(self.secondItem)).\(self.secondAttribute)\(self.multiplier == 1 ? "" : " × \(self.multiplier)") + "
            let priority = self.priority == .required ? "" : " @\(Int(self.priority.rawValue))"
            return
                "\(self.identifier.map { "\($0): " } ?? "")\(name(self.firstItem)).\(self.firstAttribute) \(relation) \(second)\(self.constant)\(priority)"
        }
    }
}
