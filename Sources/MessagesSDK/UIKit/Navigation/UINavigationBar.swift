import Foundation

/// `UINavigationBar`: the bar at the top of a navigation controller's view. It shows its top
/// item: the title in the middle, the left items (or a back button to the item below) on the
/// left, the right items on the right, each a button that runs its item's action. The bar is
/// built again whenever an item it shows changes.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// UIKit's bar height in portrait.
    public static let standardHeight: CGFloat = 44
    static let margin: CGFloat = 8

    public enum BarStyle: Int, Sendable { case `default`, black }

    open private(set) var items: [UINavigationItem]? { didSet { self.itemsChanged() } }
    open var topItem: UINavigationItem? { self.items?.last }
    open var backItem: UINavigationItem? { (self.items?.count ?? 0) > 1 ? self.items?.dropLast().last : nil }
    open var barTintColor: UIColor? { didSet { self.itemsChanged() } }
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { self.itemsChanged() } }
    open var isTranslucent = true
    open var barStyle = BarStyle.default
    open var prefersLargeTitles = false

    /// What the back button does: the navigation controller pops.
    var back: (() -> Void)?

    private let titleLabel = UILabel()
    /// The buttons shown, left ones first (left to right), then right ones (right to left).
    private var buttons: [(button: UIButton, item: UIBarButtonItem?)] = []
    private var leftCount = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        self.setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.setUp()
    }

    private func setUp() {
        self.backgroundColor = UIColor(white: 0.97, alpha: 1)
        self.titleLabel.font = UIFont.boldSystemFont(ofSize: 17)
        self.titleLabel.textAlignment = .center
        self.addSubview(self.titleLabel)
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in self.items ?? [] where item.bar === self { item.bar = nil }
        for item in items ?? [] { item.bar = self }
        self.items = items
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        self.setItems((self.items ?? []) + [item], animated: animated)
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = self.topItem else { return nil }
        self.setItems(Array((self.items ?? []).dropLast()), animated: animated)
        return top
    }

    /// The buttons and title made again from the top item.
    func itemsChanged() {
        for (button, item) in self.buttons {
            button.removeFromSuperview()
            if item?.bar === self { item?.bar = nil }
        }
        self.buttons = []
        if let colour = self.barTintColor { self.backgroundColor = colour }
        let top = self.topItem
        self.titleLabel.text = top?.title
        self.titleLabel.textColor = self.titleTextAttributes?[.foregroundColor] as? UIColor ?? UIColor.label
        let left = top?.leftBarButtonItems ?? []
        if let below = self.backItem, let top, !top.hidesBackButton, left.isEmpty || top.leftItemsSupplementBackButton {
            let back = UIButton(
                type: .system,
                primaryAction: UIAction(title: "‹ " + (below.backButtonTitle ?? below.title ?? "Back")) {
                    [weak self] _ in self?.back?()
                })
            self.add(back, for: nil)
        }
        for item in left where !item.isHidden { self.add(self.button(for: item), for: item) }
        self.leftCount = self.buttons.count
        for item in top?.rightBarButtonItems ?? [] where !item.isHidden { self.add(self.button(for: item), for: item) }
        self.setNeedsLayout()
    }

    private func add(_ button: UIButton, for item: UIBarButtonItem?) {
        item?.bar = self
        self.buttons.append((button, item))
        self.addSubview(button)
    }

    private func button(for item: UIBarButtonItem) -> UIButton {
        let button = UIButton(type: .system, primaryAction: UIAction(title: item.title ?? "") { _ in item.trigger() })
        if let image = item.image { button.setImage(image, for: .normal) }
        button.isEnabled = item.isEnabled
        if let colour = item.tintColor { button.tintColor = colour }
        button.titleLabel?.font =
            item.style == .done ? UIFont.boldSystemFont(ofSize: 17) : UIFont.systemFont(ofSize: 17)
        if let view = item.customView {
            button.setTitle(nil, for: .normal)
            button.addSubview(view)
        }
        return button
    }

    /// Left buttons from the left edge, right ones from the right edge (the first rightmost),
    /// the title centred in what is left between them.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = self.bounds.height
        var x = Self.margin
        for (index, entry) in self.buttons.enumerated() where index < self.leftCount {
            let size = self.size(of: entry)
            entry.button.frame = CGRect(x: x, y: (height - size.height) / 2, width: size.width, height: size.height)
            x += size.width + Self.margin
        }
        var right = self.bounds.width - Self.margin
        for (index, entry) in self.buttons.enumerated() where index >= self.leftCount {
            let size = self.size(of: entry)
            right -= size.width
            entry.button.frame = CGRect(x: right, y: (height - size.height) / 2, width: size.width, height: size.height)
            right -= Self.margin
        }
        // Centred in the bar when it fits there, else in the space between.
        let wanted = min(self.titleLabel.intrinsicContentSize.width, max(0, right - x))
        let centred = (self.bounds.width - wanted) / 2
        let titleX = min(max(centred, x), max(x, right - wanted))
        self.titleLabel.frame = CGRect(x: titleX, y: 0, width: wanted, height: height)
        if let view = self.topItem?.titleView {
            if view.superview !== self { self.addSubview(view) }
            view.center = CGPoint(x: titleX + wanted / 2, y: height / 2)
        }
    }

    private func size(of entry: (button: UIButton, item: UIBarButtonItem?)) -> CGSize {
        if let view = entry.item?.customView {
            view.frame.origin = .zero
            return view.bounds.size
        }
        let natural = entry.button.intrinsicContentSize
        let width = entry.item.map { $0.width > 0 ? $0.width : natural.width } ?? natural.width
        return CGSize(width: width, height: min(natural.height, self.bounds.height))
    }
}
