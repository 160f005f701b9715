import Foundation

/// `UIView`: a rectangle of the screen with its subviews. Geometry is UIKit's: `bounds` in
/// the view's own coordinates, `center` in its superview's, `transform` about the centre,
/// and `frame` the superview-space box those make; subviews are drawn in order, the last on top.
///
/// Hierarchy mistakes UIKit refuses with an exception (a view added to itself or to one of its
/// own subviews) are refused here with a line in the log, and nothing changes: an extension's
/// bug never brings down the process that hosts it.
@preconcurrency @MainActor
open class UIView: UIResponder {
    // MARK: Geometry

    open var bounds: CGRect {
        didSet {
            guard oldValue.size != self.bounds.size else { return ScreenUpdates.viewChanged() }
            self.resizeSubviews(from: oldValue.size)
            self.setNeedsLayout()
        }
    }
    /// How the view follows its superview's size while its frame is its own (UIView+Autoresizing).
    open var autoresizingMask: UIView.AutoresizingMask = []
    /// Whether a change of this view's size resizes its subviews by their masks.
    open var autoresizesSubviews = true
    open var center: CGPoint { didSet { ScreenUpdates.viewChanged() } }
    open var transform: CGAffineTransform = .identity { didSet { ScreenUpdates.viewChanged() } }

    /// The box `bounds` makes in the superview once transformed about `center`. Set, it
    /// places the view with its size (as UIKit does, meant for an identity transform).
    open var frame: CGRect {
        get {
            let size = self.bounds.size
            let box = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            return box.applying(self.transform).offsetBy(dx: self.center.x, dy: self.center.y)
        }
        set {
            let frame = newValue.standardized
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
                return HostConnection.log("\(type(of: self)).frame = \(newValue) ignored: a frame must be finite")
            }
            self.center = CGPoint(x: frame.midX, y: frame.midY)
            self.bounds.size = frame.size
        }
    }

    // MARK: Appearance

    open var backgroundColor: UIColor? { didSet { ScreenUpdates.viewChanged() } }
    open var alpha: CGFloat = 1 { didSet { ScreenUpdates.viewChanged() } }
    open var isHidden = false { didSet { ScreenUpdates.viewChanged() } }
    open var clipsToBounds = false { didSet { ScreenUpdates.viewChanged() } }
    /// UIKit's hint that the view fills its bounds with opaque paint (true by default, as in
    /// UIKit); the renderer here composites every view, so it only stores the hint.
    open var isOpaque = true
    open var tag = 0
    open var contentMode: UIView.ContentMode = .scaleToFill
    open var isUserInteractionEnabled = true
    /// Kept for ported code: the host's taps are one touch at a time, so it changes nothing.
    open var isMultipleTouchEnabled = false
    /// The view's own tint, or else its superview's, as UIKit inherits it down the tree
    /// (systemBlue at the top); set to nil, the view inherits again.
    open var tintColor: UIColor! {
        get { self.ownTintColor ?? self.superview?.tintColor ?? UIColor.systemBlue }
        set {
            self.ownTintColor = newValue
            ScreenUpdates.viewChanged()
        }
    }
    private var ownTintColor: UIColor?
    open var accessibilityLabel: String?
    open var accessibilityIdentifier: String?
    open var isAccessibilityElement = false

    /// The layer the view draws with, of the class `layerClass` names, made on first use.
    public private(set) lazy var layer: CALayer = {
        let layer = (Self.layerClass as? CALayer.Type ?? CALayer.self).init()
        layer.delegate = self
        return layer
    }()

    open class var layerClass: AnyClass { CALayer.self }

    // MARK: Hierarchy

    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    /// The controller whose `view` this is (set by the controller as it loads it).
    weak var viewController: UIViewController?
    /// `gestureRecognizers`, kept here as an extension cannot store.
    var recognizers: [UIGestureRecognizer] = []
    /// The active constraints this view holds, and what Auto Layout keeps for it.
    var installed: [NSLayoutConstraint] = []
    var layout = ViewLayout()

    public init(frame: CGRect) {
        let frame = frame.standardized
        self.bounds = CGRect(origin: .zero, size: frame.size)
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    /// A view from a storyboard or nib: with the frame the compiled storyboard gives
    /// (`StoryboardCoder`), else empty.
    public required init?(coder: NSCoder) {
        let frame = (coder as? StoryboardCoder)?.frame ?? .zero
        self.bounds = CGRect(origin: .zero, size: frame.size)
        self.center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    public override convenience init() { self.init(frame: .zero) }

    open override var next: UIResponder? { self.viewController ?? self.superview }

    /// The window the view is in, if any: the screen the host draws.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    open func addSubview(_ view: UIView) { self.insertSubview(view, at: self.subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) { self.place(view, at: index, animated: false) }

    /// Inserts `view`; a view entering or leaving the screen makes its controllers' appearance
    /// calls with `animated` (true only for what the host shows and hides).
    func place(_ view: UIView, at index: Int, animated: Bool) {
        guard self.mayAdd(view) else { return }
        let index = max(0, min(index, self.subviews.count - (view.superview === self ? 1 : 0)))
        let move = WindowMove(view, to: self.window, animated: animated)
        if view.superview !== self {
            view.willMove(toSuperview: self)
            view.detach()
        } else {
            self.subviews.removeAll { $0 === view }
        }
        move.begin()
        self.subviews.insert(view, at: index)
        view.superview = self
        move.end()
        view.didMoveToSuperview()
        self.didAddSubview(view)
        self.setNeedsLayout()
    }

    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = self.subviews.firstIndex(where: { $0 === sibling }) else { return self.addSubview(view) }
        self.insertSubview(view, at: index + 1)
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = self.subviews.firstIndex(where: { $0 === sibling }) else { return self.addSubview(view) }
        self.insertSubview(view, at: index)
    }

    open func removeFromSuperview() { self.remove(animated: false) }

    func remove(animated: Bool) {
        guard let superview = self.superview else { return }
        let move = WindowMove(self, to: nil, animated: animated)
        superview.willRemoveSubview(self)
        self.willMove(toSuperview: nil)
        move.begin()
        self.detach()
        move.end()
        self.didMoveToSuperview()
        superview.setNeedsLayout()
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        self.subviews.removeAll { $0 === view }
        self.subviews.append(view)
    }

    /// The Swift 3 names of `bringSubviewToFront(_:)` and `sendSubviewToBack(_:)`.
    public func bringSubview(toFront view: UIView) { self.bringSubviewToFront(view) }
    public func sendSubview(toBack view: UIView) { self.sendSubviewToBack(view) }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        self.subviews.removeAll { $0 === view }
        self.subviews.insert(view, at: 0)
    }

    open func exchangeSubview(at first: Int, withSubviewAt second: Int) {
        guard self.subviews.indices.contains(first), self.subviews.indices.contains(second) else { return }
        self.subviews.swapAt(first, second)
    }

    /// Whether `view` is this view or one of its superviews.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let this = current {
            if this === view { return true }
            current = this.superview
        }
        return false
    }

    /// The first view of the subtree, this one included, depth first, with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            if view.tag == tag { return view }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    /// UIKit raises for these; here they are logged and refused.
    private func mayAdd(_ view: UIView) -> Bool {
        if view === self {
            HostConnection.log("\(type(of: self)).addSubview(self) refused: a view cannot be its own subview")
            return false
        }
        // A view with no subviews holds nothing: building a deep tree a leaf at a time never
        // walks the whole way up at each step.
        if !view.subviews.isEmpty, self.isDescendant(of: view) {
            HostConnection.log(
                "addSubview refused: the \(type(of: view)) added to a \(type(of: self)) holds it (it would be its own ancestor)"
            )
            return false
        }
        if view is UIWindow {
            HostConnection.log("addSubview refused: a window cannot be a subview")
            return false
        }
        return true
    }

    private func detach() {
        if self.superview != nil { ScreenUpdates.viewChanged() }
        self.superview?.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    // MARK: Layout

    private(set) var needsLayout = true

    open func setNeedsLayout() {
        self.needsLayout = true
        ScreenUpdates.viewChanged()
    }

    /// Lays out this view and then each of its subviews that needs it, top down; each view's
    /// controller hears `viewWillLayoutSubviews` and `viewDidLayoutSubviews` around it.
    open func layoutIfNeeded() {
        // Solved again while autoresizing moved a view whose frame layout reads (a view that
        // keeps its frame, inside one that layout places), as UIKit's mask constraints would
        // place it in the same pass; a tree settles in one or two.
        for _ in 0..<4 {
            UIView.autoresized = false
            guard LayoutEngine.solve(self), UIView.autoresized else { break }
        }
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            if view.needsLayout {
                view.needsLayout = false
                view.viewController?.viewWillLayoutSubviews()
                view.layoutSubviews()
                view.viewController?.viewDidLayoutSubviews()
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Override to place subviews by hand; the constraints are solved before it runs.
    open func layoutSubviews() {}

    /// UIKit's constraint update pass, before layout: override to (re)make constraints.
    open func updateConstraints() {}

    open func sizeThatFits(_ size: CGSize) -> CGSize { self.bounds.size }

    open func sizeToFit() {
        let size = self.sizeThatFits(self.bounds.size)
        let origin = self.frame.origin
        self.frame = CGRect(origin: origin, size: size)
    }

    /// The size the content wants, or `UIView.noIntrinsicMetric` per axis.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open func invalidateIntrinsicContentSize() { self.superview?.setNeedsLayout() }
    public static let noIntrinsicMetric: CGFloat = -1

    // MARK: Drawing

    private(set) var needsDisplay = true
    open func setNeedsDisplay() {
        self.needsDisplay = true
        ScreenUpdates.viewChanged()
    }
    open func setNeedsDisplay(_ rect: CGRect) { self.setNeedsDisplay() }
    /// Override to draw the view's content into the current context (`UIGraphicsGetCurrentContext()`).
    open func draw(_ rect: CGRect) {}

    // MARK: Touches

    /// The deepest visible, interactive view under `point` (in this view's coordinates), last
    /// subview first, as UIKit finds it: a hidden view, one with interaction off or nearly
    /// transparent, or a point outside the bounds finds nothing here or in the subviews.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !self.isHidden, self.isUserInteractionEnabled, self.alpha >= 0.01, self.point(inside: point, with: event)
        else { return nil }
        for subview in self.subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { self.bounds.contains(point) }
}

/// A view's subtree changing window: each controller whose view is in it hears the
/// appearance calls, parents first, before (`begin`) and after (`end`) the move, as UIKit
/// calls them when a view enters or leaves the screen.
@MainActor
struct WindowMove {
    private let views: [UIView]
    private let from: UIWindow?
    private let to: UIWindow?
    private let animated: Bool

    init(_ view: UIView, to window: UIWindow?, animated: Bool) {
        self.from = view.window
        self.to = window
        self.animated = animated
        var views: [UIView] = []
        if self.from !== self.to {
            var stack: [UIView] = [view]
            while let next = stack.popLast() {
                views.append(next)
                stack.append(contentsOf: next.subviews.reversed())
            }
        }
        self.views = views
    }

    func begin() {
        for view in self.views { view.willMove(toWindow: self.to) }
        for controller in self.views.compactMap(\.viewController) where controller.forwardsAppearance {
            controller.beginAppearanceTransition(self.to != nil, animated: self.animated)
        }
    }

    func end() {
        for view in self.views { view.didMoveToWindow() }
        let controllers = self.views.compactMap(\.viewController).filter(\.forwardsAppearance)
        // The host ends the root's appearance itself, when Messages says it appeared.
        if let window = self.to ?? self.from, window.holdsAppearanceEnds {
            window.heldAppearanceEnds += controllers
        } else {
            for controller in controllers { controller.endAppearanceTransition() }
        }
    }
}

/// `UIWindow`: the screen an app's views are shown in; the host puts the app's root view in
/// it as the app appears, and takes it out as it disappears.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// While set, controllers that appear or disappear get their `did` call only when the host
    /// releases them (Messages' `viewDidAppear` and `viewDidDisappear` come as callbacks of
    /// their own).
    var holdsAppearanceEnds = false
    var heldAppearanceEnds: [UIViewController] = []
    /// The screen's safe area as it falls in this window (the window may be part of the screen).
    var screenSafeAreaInsets = UIScreen.main.safeAreaInsets

    open var rootViewController: UIViewController?
    open var isKeyWindow: Bool { true }
    open func makeKeyAndVisible() {}

    open override var window: UIWindow? { self }

    /// Ends the held appearance transitions, in the order they began.
    func endHeldAppearance() {
        let held = self.heldAppearanceEnds
        self.heldAppearanceEnds = []
        for controller in held { controller.endAppearanceTransition() }
    }
}
