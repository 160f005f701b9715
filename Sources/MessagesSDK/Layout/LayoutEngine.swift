import Foundation

/// Auto Layout for a view tree: the active constraints its views hold, with each view's
/// intrinsic size (hugged and resisted at its priorities) and the frames of the views that
/// keep theirs (`translatesAutoresizingMaskIntoConstraints`), solved by the Cassowary solver;
/// then each view that layout places gets its frame. Coordinates are the root's bounds space;
/// transforms are left out, as Auto Layout leaves them out.
///
/// A required constraint that conflicts with those before it is broken, as UIKit breaks one:
/// logged ("Unable to simultaneously satisfy constraints") and left out of this pass.
@MainActor
struct LayoutEngine {
    /// Four variables an item: its left, top, width and height in the root's space.
    final class Box {
        let left: SolverVariable, top: SolverVariable, width: SolverVariable, height: SolverVariable
        init(_ name: String) {
            (self.left, self.top, self.width, self.height) = (
                SolverVariable("\(name).left"), SolverVariable("\(name).top"), SolverVariable("\(name).width"),
                SolverVariable("\(name).height")
            )
        }
        var rect: CGRect {
            CGRect(x: self.left.value, y: self.top.value, width: self.width.value, height: self.height.value)
        }
    }

    private let root: UIView
    private let solver = Solver()
    private var boxes: [ObjectIdentifier: Box] = [:]

    /// Solves `root`'s tree if any of its views holds a constraint; true when it did.
    @discardableResult
    static func solve(_ root: UIView) -> Bool {
        var views: [UIView] = []
        var stack: [UIView] = [root]
        while let view = stack.popLast() {
            views.append(view)
            view.updateConstraintsIfNeeded()
            stack.append(contentsOf: view.subviews.reversed())
        }
        let constraints = views.flatMap(\.installed)
        guard !constraints.isEmpty else { return false }
        var engine = LayoutEngine(root: root)
        engine.run(views: views, constraints: constraints)
        return true
    }

    private init(root: UIView) { self.root = root }

    private mutating func run(views: [UIView], constraints: [NSLayoutConstraint]) {
        // The root keeps its bounds; views that translate their frame keep it.
        // A stack view places its arranged subviews itself, after this pass.
        let arranged = Set(
            views.compactMap { $0 as? UIStackView }.flatMap(\.arrangedSubviews).map(ObjectIdentifier.init))
        for view in views
        where view === self.root || view.translatesAutoresizingMaskIntoConstraints
            || arranged.contains(ObjectIdentifier(view))
        {
            self.fix(
                self.box(view), to: view === self.root ? self.root.bounds : view.convert(view.bounds, to: self.root))
        }
        for view in views
        where view !== self.root && !view.translatesAutoresizingMaskIntoConstraints
            && !arranged.contains(ObjectIdentifier(view))
        {
            self.intrinsic(view)
            // A faint pull towards where it is: an ambiguous layout stays put rather than jumps.
            self.prefer(self.box(view), view.convert(view.bounds, to: self.root))
        }
        for view in views {
            for guide in view.layout.guides { self.guide(guide, of: view) }
        }
        // An arranged subview's own width or height (`widthAnchor.constraint(equalToConstant:)`)
        // is its stack view's to honour (`UIStackView.wanted`), not a conflict with its frame.
        for constraint in constraints
        where
            !(UIStackView.isOwnSize(constraint)
            && constraint.firstItem.map { arranged.contains(ObjectIdentifier($0)) } == true)
        {
            self.add(constraint)
        }
        self.solver.updateVariables()
        self.apply(views, arranged: arranged)
    }

    private mutating func box(_ item: AnyObject) -> Box {
        let key = ObjectIdentifier(item)
        if let box = self.boxes[key] { return box }
        let box = Box("\(type(of: item))")
        self.boxes[key] = box
        return box
    }

    private func fix(_ box: Box, to rect: CGRect) {
        for (variable, value) in [
            (box.left, rect.minX), (box.top, rect.minY), (box.width, rect.width), (box.height, rect.height),
        ] {
            try? self.solver.addConstraint(variable == Double(value))
        }
    }

    private func prefer(_ box: Box, _ rect: CGRect) {
        for (variable, value) in [
            (box.left, rect.minX), (box.top, rect.minY), (box.width, rect.width), (box.height, rect.height),
        ] where value.isFinite {
            try? self.solver.addConstraint((variable == Double(value)).withStrength(Strength(priority: 0.001)))
        }
    }

    /// The content's size, hugged (not larger) and resisted (not smaller) at the view's priorities.
    private mutating func intrinsic(_ view: UIView) {
        let size = view.intrinsicContentSize
        let box = self.box(view)
        for (axis, variable, value) in [(0, box.width, size.width), (1, box.height, size.height)]
        where value != UIView.noIntrinsicMetric && value.isFinite && value >= 0 {
            try? self.solver.addConstraint(
                (variable <= Double(value)).withStrength(Strength(priority: view.layout.hugging[axis].rawValue)))
            try? self.solver.addConstraint(
                (variable >= Double(value)).withStrength(Strength(priority: view.layout.compression[axis].rawValue)))
        }
    }

    /// A safe-area or margins guide follows its view; one an app added is placed by constraints.
    private mutating func guide(_ guide: UILayoutGuide, of view: UIView) {
        let owner = self.box(view)
        let box = self.box(guide)
        let insets: UIEdgeInsets
        switch guide.kind {
        case .free: return
        case .safeArea: insets = view.safeAreaInsets
        case .margins: insets = view.layoutMargins
        }
        try? self.solver.addConstraint(box.left == owner.left + Double(insets.left))
        try? self.solver.addConstraint(box.top == owner.top + Double(insets.top))
        try? self.solver.addConstraint(box.width == owner.width - Double(insets.left + insets.right))
        try? self.solver.addConstraint(box.height == owner.height - Double(insets.top + insets.bottom))
    }

    /// An attribute of an item as an expression of its box.
    private mutating func expression(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression {
        let margins = (item as? UIView)?.layoutMargins ?? .zero
        let box = self.box(item)
        switch attribute {
        case .left, .leading: return LinearExpression(box.left)
        case .right, .trailing: return box.left + box.width
        case .top: return LinearExpression(box.top)
        case .bottom: return box.top + box.height
        case .width: return LinearExpression(box.width)
        case .height: return LinearExpression(box.height)
        case .centerX: return box.left + box.width * 0.5
        case .centerY: return box.top + box.height * 0.5
        case .firstBaseline, .lastBaseline:
            // A label's baseline: the first line's ascender below its text's top, the text centred.
            if let label = item as? UILabel, let font = label.font {
                let text = label.intrinsicContentSize.height
                return box.top + box.height * 0.5 - Double(text / 2) + Double(font.lineHeight * 0.8)
            }
            return box.top + box.height
        case .leftMargin, .leadingMargin: return box.left + Double(margins.left)
        case .rightMargin, .trailingMargin: return box.left + box.width - Double(margins.right)
        case .topMargin: return box.top + Double(margins.top)
        case .bottomMargin: return box.top + box.height - Double(margins.bottom)
        case .centerXWithinMargins:
            return box.left + Double(margins.left) + (box.width - Double(margins.left + margins.right)) * 0.5
        case .centerYWithinMargins:
            return box.top + Double(margins.top) + (box.height - Double(margins.top + margins.bottom)) * 0.5
        case .notAnAttribute: return LinearExpression(0)
        }
    }

    private mutating func add(_ constraint: NSLayoutConstraint) {
        guard let first = constraint.firstItem, constraint.firstAttribute != .notAnAttribute else { return }
        guard constraint.multiplier.isFinite, constraint.constant.isFinite else {
            return HostConnection.log(
                "\(constraint.summary) left out: its multiplier and constant must be finite numbers")
        }
        let lhs = self.expression(first, constraint.firstAttribute)
        var rhs = LinearExpression(Double(constraint.constant))
        if let second = constraint.secondItem, constraint.secondAttribute != .notAnAttribute {
            rhs =
                self.expression(second, constraint.secondAttribute) * Double(constraint.multiplier)
                + Double(constraint.constant)
        }
        let priority = min(1000, max(1, constraint.priority.rawValue))
        let relation: LinearConstraint.Relation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        do {
            try self.solver.addConstraint(LinearConstraint(lhs, relation, rhs, strength: Strength(priority: priority)))
        } catch SolverError.unsatisfiable {
            HostConnection.log("Unable to simultaneously satisfy constraints: breaking \(constraint.summary)")
        } catch {
            HostConnection.log("\(constraint.summary) left out: \(error)")
        }
    }

    /// Frames from the solution, parents first, in each view's superview's coordinates.
    private func apply(_ views: [UIView], arranged: Set<ObjectIdentifier>) {
        for view in views
        where view !== self.root && !view.translatesAutoresizingMaskIntoConstraints
            && !arranged.contains(ObjectIdentifier(view))
        {
            guard let box = self.boxes[ObjectIdentifier(view)], let superview = view.superview else { continue }
            let rect = box.rect
            guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { continue }
            let parent = superview === self.root ? self.root.bounds : superview.convert(superview.bounds, to: self.root)
            let frame = CGRect(
                x: rect.minX - parent.minX + superview.bounds.minX, y: rect.minY - parent.minY + superview.bounds.minY,
                width: max(0, rect.width), height: max(0, rect.height))
            if view.frame != frame { view.frame = frame }
        }
        for view in views {
            for guide in view.layout.guides {
                guard let box = self.boxes[ObjectIdentifier(guide)] else { continue }
                guide.layoutFrame = self.root.convert(box.rect, to: view)
            }
        }
    }
}
