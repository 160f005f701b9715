import Foundation

/// `UINavigationItem`: what a controller shows in the navigation bar while it is on top of a
/// navigation stack — its title (or a view), the bar button items on each side, and the back
/// button the controller above it shows.
@preconcurrency @MainActor
open class UINavigationItem {
    open var title: String? { didSet { self.changed() } }
    open var titleView: UIView? { didSet { self.changed() } }
    open var prompt: String?
    open var backButtonTitle: String? { didSet { self.changed() } }
    open var hidesBackButton = false { didSet { self.changed() } }
    open var leftItemsSupplementBackButton = false { didSet { self.changed() } }
    /// Left to right.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { self.changed() } }
    /// Right to left: the first is the rightmost, as in UIKit.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { self.changed() } }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { self.leftBarButtonItems?.first }
        set { self.leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { self.rightBarButtonItems?.first }
        set { self.rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { self.leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { self.rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    public init(title: String) { self.title = title }
    public init() {}

    /// The bar that shows the item now, told when it changes.
    weak var bar: UINavigationBar?

    private func changed() { self.bar?.itemsChanged() }
}
