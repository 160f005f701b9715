import Foundation

extension IndexPath {
    /// A collection view's item and a table view's row, in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var item: Int { self.count > 1 ? self[1] : 0 }
    public var row: Int { self.item }
    public var section: Int { self.count > 0 ? self[0] : 0 }
}

@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
}

/// Optional in UIKit: a delegate that does not size its items leaves them the layout's `itemSize`.
extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
}

/// `UICollectionViewCell`: a reusable cell; put what it shows in `contentView`.
///
/// Swift makes an instance of a class from its type only through a `required` initializer (on
/// iOS, the Objective-C runtime does it), so a cell class that overrides `init(frame:)` marks
/// the override `required` to be registered and dequeued.
@preconcurrency @MainActor
open class UICollectionViewCell: UIView {
    public let contentView = UIView()
    public internal(set) var reuseIdentifier: String?
    open var isSelected = false
    open var isHighlighted = false
    open var backgroundView: UIView?
    open var selectedBackgroundView: UIView?

    public required override init(frame: CGRect) {
        super.init(frame: frame)
        self.addSubview(self.contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.addSubview(self.contentView)
    }

    open func prepareForReuse() {}

    /// Takes the layout's attributes: centre, size, transform, alpha, hidden (UIKit's
    /// `UICollectionReusableView.apply(_:)`; a subclass that overrides it calls super).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        let size = layoutAttributes.size
        guard layoutAttributes.center.x.isFinite, layoutAttributes.center.y.isFinite, size.width.isFinite, size.height.isFinite else {
            return HostConnection.log("UICollectionViewLayoutAttributes for \(layoutAttributes.indexPath) ignored: not finite")
        }
        self.bounds.size = CGSize(width: max(0, size.width), height: max(0, size.height))
        self.center = layoutAttributes.center
        self.transform = layoutAttributes.transform
        self.alpha = layoutAttributes.alpha
        self.isHidden = layoutAttributes.isHidden
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        self.contentView.frame = self.bounds
    }
}

/// `UICollectionView`: the data source's cells, placed by the layout; a tap on a cell selects
/// its item and tells the delegate, as UIKit does. Every item has its cell here (nothing is off
/// screen to save), made through `dequeueReusableCell` and reused across `reloadData`.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    open var collectionViewLayout: UICollectionViewLayout { didSet { self.collectionViewLayout.collectionView = self; self.setNeedsLayout() } }
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { self.needsReload = true; self.setNeedsLayout() } }
    open weak var collectionViewDelegate: (any UICollectionViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { self.collectionViewDelegate = self.delegate as? any UICollectionViewDelegate }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// What makes a cell for each reuse identifier: a class, a nib or a storyboard's prototype.
    var registered: [String: @MainActor () -> UICollectionViewCell] = [:]
    var store = CellStore<UICollectionViewCell>()
    private var selected: Set<IndexPath> = []
    private var needsReload = true

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        self.addGestureRecognizer(UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    /// From a storyboard: with its layout (`StoryboardCoder`), or a flow layout.
    public required init?(coder: NSCoder) {
        self.collectionViewLayout = (coder as? StoryboardCoder)?.collectionViewLayout ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        self.collectionViewLayout.collectionView = self
        self.addGestureRecognizer(UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let type = cellClass as? UICollectionViewCell.Type else {
            return HostConnection.log("register(_:forCellWithReuseIdentifier: \"\(identifier)\"): \(cellClass.map { "\($0)" } ?? "nil") is not a UICollectionViewCell class")
        }
        self.registered[identifier] = { type.init(frame: .zero) }
    }

    /// A cell for `indexPath`: one put aside by the last reload, else a new one of the class,
    /// nib or prototype registered for `identifier` (UIKit raises for an unregistered one; here
    /// it is logged and a plain cell stands in).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = self.store.reused(identifier) {
            cell.prepareForReuse()
            return cell
        }
        let make = self.registered[identifier] ?? {
            HostConnection.log("dequeueReusableCell: no class registered for \"\(identifier)\"; a plain UICollectionViewCell stands in")
            return UICollectionViewCell(frame: .zero)
        }
        let cell = make()
        cell.reuseIdentifier = identifier
        return cell
    }

    open func reloadData() {
        self.needsReload = true
        self.setNeedsLayout()
        self.layoutIfNeeded()
    }

    open var numberOfSections: Int { self.dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0 }
    open func numberOfItems(inSection section: Int) -> Int { self.dataSource.map { max(0, $0.collectionView(self, numberOfItemsInSection: section)) } ?? 0 }
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { self.store.cells[indexPath] }
    open var visibleCells: [UICollectionViewCell] { self.store.visible }
    open var indexPathsForSelectedItems: [IndexPath]? { self.selected.sorted() }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { self.store.path(of: cell) }
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { self.store.path(at: point) }

    /// Selects the item (without telling the delegate, as in UIKit) and, unless the position
    /// is empty, scrolls it there.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !self.allowsMultipleSelection { self.deselectAll() }
        guard let indexPath else { return }
        self.selected.insert(indexPath)
        self.store.cells[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { self.scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        self.selected.remove(indexPath)
        self.store.cells[indexPath]?.isSelected = false
    }

    private func deselectAll() {
        for path in self.selected { self.store.cells[path]?.isSelected = false }
        self.selected = []
    }

    /// A tap: the item under it is selected (or, selected already in a multiple selection,
    /// deselected), if the delegate agrees.
    private func tapped(at point: CGPoint) {
        guard self.allowsSelection, let path = self.indexPathForItem(at: point) else { return }
        if self.allowsMultipleSelection && self.selected.contains(path) {
            self.deselectItem(at: path, animated: false)
            self.collectionViewDelegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard self.collectionViewDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        let previous = self.allowsMultipleSelection ? [] : self.selected.subtracting([path])
        self.selectItem(at: path, animated: false, scrollPosition: [])
        for old in previous.sorted() { self.collectionViewDelegate?.collectionView(self, didDeselectItemAt: old) }
        self.collectionViewDelegate?.collectionView(self, didSelectItemAt: path)
    }

    /// The layout's pass: `prepare()`, the attributes of every element in the whole content,
    /// each applied to its item's cell; an item the layout gives none is hidden, as UIKit
    /// shows no cell for it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if self.needsReload { self.load() }
        let layout = self.collectionViewLayout
        layout.prepare()
        let content = layout.collectionViewContentSize
        self.contentSize = content
        let everything = CGRect(x: min(0, self.bounds.minX), y: min(0, self.bounds.minY),
                                width: max(content.width, self.bounds.maxX), height: max(content.height, self.bounds.maxY))
        var attributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for element in layout.layoutAttributesForElements(in: everything) ?? [] where element.representedElementCategory == .cell {
            attributes[element.indexPath] = element
        }
        for (path, cell) in self.store.cells {
            if let found = attributes[path] ?? layout.layoutAttributesForItem(at: path) {
                cell.apply(found)
            } else {
                cell.isHidden = true
            }
        }
    }

    /// Asks the data source for every cell again; the old ones are put aside for reuse.
    private func load() {
        self.needsReload = false
        let counts = self.dataSource == nil ? [] : (0..<self.numberOfSections).map { self.numberOfItems(inSection: $0) }
        self.store.putAside(identifier: \.reuseIdentifier)
        var cells: [IndexPath: UICollectionViewCell] = [:]
        for path in CellStore<UICollectionViewCell>.paths(counts) {
            let cell = self.dataSource!.collectionView(self, cellForItemAt: path)
            cell.isSelected = self.selected.contains(path)
            cells[path] = cell
        }
        self.store.show(cells, in: self)
        self.selected = self.selected.filter { self.store.cells[$0] != nil }
    }
}
