import Foundation

/// `UINavigationController`: a stack of controllers, the top one's view shown below a
/// navigation bar that shows its navigation item. Pushing adds a controller as a child and
/// shows its view in place of the one below (whose controller disappears, as in UIKit);
/// popping — the bar's back button, or `popViewController(animated:)` — takes it off. Nothing
/// animates here: each change is done when the call returns.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    public let navigationBar = UINavigationBar(
        frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: UINavigationBar.standardHeight))
    private var barHidden = false

    open var isNavigationBarHidden: Bool {
        get { self.barHidden }
        set { self.setNavigationBarHidden(newValue, animated: false) }
    }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        self.setUp()
        self.pushViewController(rootViewController, animated: false)
    }

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        self.setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.setUp()
    }

    private func setUp() {
        self.navigationBar.back = { [unowned self] in self.popViewController(animated: true) }
    }

    /// Bottom to top.
    open var viewControllers: [UIViewController] {
        get { self.children }
        set { self.setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { self.children.last }
    open var visibleViewController: UIViewController? {
        self.topViewController?.presentedViewController ?? self.topViewController
    }

    /// The bar on top, the top controller's view filling the rest.
    open override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor.white
        self.navigationBar.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: UINavigationBar.standardHeight)
        self.navigationBar.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        view.addSubview(self.navigationBar)
        self.view = view
        if let top = self.topViewController { self.show(top.view) }
    }

    open func pushViewController(_ controller: UIViewController, animated: Bool) {
        guard !self.children.contains(where: { $0 === controller }), controller.parent == nil,
            !(controller is UINavigationController)
        else {
            return HostConnection.log(
                "pushViewController: \(type(of: controller)) is already in a navigation stack or a child of another controller (UIKit raises)"
            )
        }
        let below = self.topViewController
        self.addChild(controller)
        self.navigationBar.setItems(self.children.map(\.navigationItem), animated: animated)
        if self.isViewLoaded {
            below?.viewIfLoaded?.removeFromSuperview()
            self.show(controller.view)
        }
        controller.didMove(toParent: self)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard self.children.count > 1, let top = self.topViewController else { return nil }
        self.remove([top])
        return top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard self.children.count > 1 else { return [] }
        let popped = Array(self.children.dropFirst())
        self.remove(popped)
        return popped
    }

    @discardableResult
    open func popToViewController(_ controller: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = self.children.firstIndex(where: { $0 === controller }) else { return nil }
        let popped = Array(self.children[(index + 1)...])
        self.remove(popped)
        return popped
    }

    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        self.remove(self.children)
        for controller in controllers { self.pushViewController(controller, animated: false) }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        self.barHidden = hidden
        self.navigationBar.isHidden = hidden
        if let top = self.topViewController?.viewIfLoaded, top.superview === self.viewIfLoaded { self.show(top) }
    }

    /// Takes `controllers` (the top of the stack) off, and shows the one left on top.
    private func remove(_ controllers: [UIViewController]) {
        for controller in controllers.reversed() {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        self.navigationBar.setItems(self.children.map(\.navigationItem), animated: false)
        if self.isViewLoaded, let top = self.topViewController { self.show(top.view) }
    }

    /// `view` below the bar (or in the whole view with the bar hidden), resizing with it.
    private func show(_ content: UIView) {
        guard let view = self.viewIfLoaded else { return }
        let top = self.barHidden ? 0 : UINavigationBar.standardHeight
        content.frame = CGRect(x: 0, y: top, width: view.bounds.width, height: max(0, view.bounds.height - top))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if content.superview !== view { view.insertSubview(content, belowSubview: self.navigationBar) }
    }
}
