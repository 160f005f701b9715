import Foundation

/// `UIViewController`: owns a view, loaded the first time it is asked for (`loadView`, then
/// `viewDidLoad`), hears the appearance and layout calls as its view enters, leaves and is laid
/// out on the screen, holds child controllers, and presents others modally.
///
/// The appearance calls follow the view, as in UIKit: a controller whose view enters the
/// window hears `viewWillAppear`, then `viewDidAppear`; leaving it, `viewWillDisappear` and
/// `viewDidDisappear`, parents before children. `MSMessagesAppViewController`'s come when
/// Messages shows and hides the app (the host's callbacks); a child's when its view is in the
/// parent's then, or when it is added to or removed from a view on screen.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    public let nibName: String?
    public let nibBundle: Bundle?
    /// Also the navigation item's title, as in UIKit.
    open var title: String? { didSet { self.ownNavigationItem?.title = self.title } }
    open var preferredContentSize: CGSize = .zero
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var definesPresentationContext = false
    open var isModalInPresentation = false

    private var loadedView: UIView?
    private var isLoadingView = false

    public init(nibName: String?, bundle: Bundle?) {
        self.nibName = nibName
        self.nibBundle = bundle
        super.init()
    }

    /// What a compiled storyboard calls (its `UIStoryboard.Scene`), as UIKit's nib loading
    /// does; the scene then gives the controller its view and segues (`loadCompiledScene`).
    public required init?(coder: NSCoder) {
        self.nibName = nil
        self.nibBundle = nil
        super.init()
    }

    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    // MARK: The view

    /// Loaded on first use: `loadView()`, then `viewDidLoad()`.
    open var view: UIView! {
        get {
            self.loadViewIfNeeded()
            return self.loadedView
        }
        set {
            self.loadedView?.viewController = nil
            if let view = newValue, let owner = view.viewController, owner !== self { owner.loadedView = nil }
            newValue?.viewController = self
            self.loadedView = newValue
        }
    }

    public var viewIfLoaded: UIView? { self.loadedView }
    public var isViewLoaded: Bool { self.loadedView != nil }

    /// Makes the view; the default is an empty one the size of the screen. An override sets
    /// `view` without calling super, as in UIKit.
    open func loadView() {
        if let scene = self.compiledScene {
            self.view = scene.makeView()
            return
        }
        self.view = UIView(frame: UIScreen.main.bounds)
    }

    // MARK: Storyboards (Storyboards/UIViewController+Storyboard.swift)

    /// The scene of a compiled storyboard this controller came from: its storyboard, the view
    /// it builds and its segues. Nil for a controller made in code.
    var compiledScene: CompiledScene?

    /// The storyboard the controller was instantiated from, else nil.
    open var storyboard: UIStoryboard? { self.compiledScene?.storyboard }

    /// A segue is about to run: the destination is made and not yet shown (nor, for an
    /// embed, its view loaded). UIKit's default does nothing.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Asked before a segue a control triggers, never for `performSegue(withIdentifier:sender:)`,
    /// as in UIKit. The default agrees.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Runs the segue of this controller's scene with `identifier`: makes the destination,
    /// calls `prepare(for:sender:)`, then performs it. UIKit raises for an identifier the scene
    /// does not have; here it is logged and nothing happens.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        self.runSegue(identifier: identifier, sender: sender)
    }

    /// Shows `controller` as the nearest container would: pushed onto the navigation
    /// controller this one is in, else presented, as UIKit does when no container takes it.
    open func show(_ controller: UIViewController, sender: Any?) {
        if let navigation = self as? UINavigationController ?? self.navigationController {
            navigation.pushViewController(controller, animated: true)
            return
        }
        self.present(controller, animated: true)
    }

    // MARK: Navigation (UIKit/Navigation)

    private var ownNavigationItem: UINavigationItem?

    /// What the navigation bar shows while this controller is on top, made on first use
    /// with the controller's title.
    open var navigationItem: UINavigationItem {
        if let item = self.ownNavigationItem { return item }
        let item = UINavigationItem()
        item.title = self.title
        self.ownNavigationItem = item
        return item
    }

    /// The navigation controller of the nearest ancestor in one (nil when there is none).
    open var navigationController: UINavigationController? {
        sequence(first: self.parent, next: { $0?.parent }).lazy.compactMap { $0 as? UINavigationController }.first
    }

    /// The same for a split view's detail: presented here.
    open func showDetailViewController(_ controller: UIViewController, sender: Any?) {
        self.present(controller, animated: true)
    }

    public func loadViewIfNeeded() {
        guard self.loadedView == nil, !self.isLoadingView else { return }
        self.isLoadingView = true
        self.loadView()
        if self.loadedView == nil {
            HostConnection.log("\(type(of: self)).loadView() set no view; an empty one stands in")
            self.view = UIView(frame: UIScreen.main.bounds)
        }
        self.isLoadingView = false
        self.viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    // MARK: Orientation and status bar

    /// What a controller tells UIKit of rotation and the status bar. Messages' extension is
    /// shown upright on a phone that does not rotate it here, and the screen has no status bar
    /// drawn, so these are answers the app gives, kept for the app to read; the defaults are
    /// UIKit's on an iPhone.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    open var shouldAutorotate: Bool { true }
    open var prefersStatusBarHidden: Bool { false }
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open func setNeedsStatusBarAppearanceUpdate() {}

    /// The view is about to change size (a presentation style changing): the default tells
    /// each child, so an override calls super, as in UIKit.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in self.children { child.viewWillTransition(to: size, with: coordinator) }
    }

    open var traitCollection: UITraitCollection { UITraitCollection.current }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// A controller's next responder is its view's superview, else its presenter or parent.
    open override var next: UIResponder? {
        self.loadedView?.superview ?? self.presenter ?? self.parent
    }

    // MARK: Appearance

    enum Appearance { case disappeared, appearing, appeared, disappearing }
    private(set) var appearance = Appearance.disappeared
    private var appearanceAnimated = false

    /// Whether the appearance calls reach the children by themselves (UIKit's default). A
    /// container that returns false calls `beginAppearanceTransition` on them itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    var forwardsAppearance: Bool { self.parent?.shouldAutomaticallyForwardAppearanceMethods ?? true }

    public var isBeingPresented = false
    public var isBeingDismissed = false
    public private(set) var isMovingToParent = false
    public private(set) var isMovingFromParent = false

    /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, unless the
    /// controller already is (or is becoming) what it asks for.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, self.appearance) {
        case (true, .disappeared), (true, .disappearing):
            self.appearance = .appearing
            self.appearanceAnimated = animated
            self.viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            self.appearance = .disappearing
            self.appearanceAnimated = animated
            self.viewWillDisappear(animated)
        default:
            break
        }
    }

    /// Ends it: `viewDidAppear` or `viewDidDisappear`.
    public func endAppearanceTransition() {
        switch self.appearance {
        case .appearing:
            self.appearance = .appeared
            self.viewDidAppear(self.appearanceAnimated)
        case .disappearing:
            self.appearance = .disappeared
            self.viewDidDisappear(self.appearanceAnimated)
        default:
            break
        }
    }

    // MARK: Children

    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?

    /// Adds a child: it hears `willMove(toParent:)` now; the caller adds its view and then
    /// calls `didMove(toParent:)`, as in UIKit.
    open func addChild(_ child: UIViewController) {
        guard child !== self else {
            return HostConnection.log("\(type(of: self)).addChild(self) refused: a controller cannot be its own child")
        }
        guard child.parent !== self else { return }
        var ancestor: UIViewController? = self
        while let current = ancestor {
            if current === child {
                return HostConnection.log(
                    "addChild refused: the \(type(of: child)) is an ancestor of the \(type(of: self))")
            }
            ancestor = current.parent
        }
        if child.parent != nil { child.removeFromParent() }
        child.isMovingToParent = true
        child.willMove(toParent: self)
        self.children.append(child)
        child.parent = self
    }

    /// The iOS 10 name of `addChild(_:)`.
    public func addChildViewController(_ child: UIViewController) { self.addChild(child) }

    /// Leaves the parent: the caller has called `willMove(toParent: nil)` and removed the view;
    /// it hears `didMove(toParent: nil)` now.
    open func removeFromParent() {
        guard let parent = self.parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        self.didMove(toParent: nil)
        self.isMovingFromParent = false
    }

    /// The iOS 10 name of `removeFromParent()`.
    public func removeFromParentViewController() { self.removeFromParent() }

    /// The iOS 10 names of `children`, `willMove(toParent:)` and `didMove(toParent:)`, which
    /// Swift 3 apps call (porting guide §11): they do what the new names do.
    public var childViewControllers: [UIViewController] { self.children }
    public func willMove(toParentViewController parent: UIViewController?) { self.willMove(toParent: parent) }
    public func didMove(toParentViewController parent: UIViewController?) { self.didMove(toParent: parent) }

    open func willMove(toParent parent: UIViewController?) {
        if parent == nil { self.isMovingFromParent = true }
    }

    open func didMove(toParent parent: UIViewController?) {
        if parent != nil { self.isMovingToParent = false }
    }

    // MARK: Presenting

    public private(set) var presentedViewController: UIViewController?
    /// Who presented this controller, or (as in UIKit) the nearest ancestor's presenter: a
    /// child of a presented navigation controller dismisses through it.
    public var presentingViewController: UIViewController? { self.presenter ?? self.parent?.presentingViewController }
    private weak var presenter: UIViewController?
    /// A full-screen presentation takes the presenter's view off the screen: it is put back here.
    private var coveredView: (view: UIView, superview: UIView, index: Int)?

    /// Presents `controller` modally over this one's window: its view covers the window, it
    /// appears, then `completion` runs (at once: nothing animates here). UIKit's refusals —
    /// already presenting, a controller already presented or a child, a presenter not on
    /// screen — are logged and nothing happens.
    open func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = self.presentationHost
        if let shown = presenter.presentedViewController {
            return HostConnection.log(
                "Attempt to present \(type(of: controller)) on \(type(of: presenter)) which is already presenting \(type(of: shown))"
            )
        }
        guard controller.presenter == nil, controller.parent == nil, controller !== presenter else {
            return HostConnection.log(
                "Application tried to present \(type(of: controller)) modally, but it is already presented or a child controller"
            )
        }
        guard let window = presenter.viewIfLoaded?.window else {
            return HostConnection.log(
                "Attempt to present \(type(of: controller)) on \(type(of: presenter)) whose view is not in the window hierarchy"
            )
        }
        presenter.presentedViewController = controller
        controller.presenter = presenter
        controller.isBeingPresented = true
        controller.view.frame = window.bounds
        window.addSubview(controller.view)
        if controller.modalPresentationStyle == .fullScreen, let covered = presenter.viewIfLoaded,
            let superview = covered.superview
        {
            presenter.coveredView = (covered, superview, superview.subviews.firstIndex { $0 === covered } ?? 0)
            covered.removeFromSuperview()
        }
        window.layoutIfNeeded()
        controller.isBeingPresented = false
        completion?()
    }

    /// Dismisses what this controller presented (and whatever that presented), or, when it
    /// presents nothing, itself from its presenter.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = self.presentedViewController else {
            self.presentingViewController?.dismiss(animated: animated, completion: completion)
            return
        }
        if presented.presentedViewController != nil { presented.dismiss(animated: animated) }
        presented.isBeingDismissed = true
        if let covered = self.coveredView {
            covered.superview.insertSubview(covered.view, at: covered.index)
            self.coveredView = nil
        }
        presented.viewIfLoaded?.removeFromSuperview()
        presented.isBeingDismissed = false
        presented.presenter = nil
        self.presentedViewController = nil
        completion?()
    }

    /// Who presents for this controller: the nearest ancestor that defines the presentation
    /// context, else the topmost (as UIKit picks it).
    private var presentationHost: UIViewController {
        var current = self
        while !current.definesPresentationContext, let parent = current.parent { current = parent }
        return current
    }
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}
