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
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// UIKit raises when the layout has a header or footer and the data source makes none;
    /// here it is logged and an empty view stands in.
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        HostConnection.log(
            "\(type(of: self)) makes no view for the \(kind) of \(indexPath) (collectionView(_:viewForSupplementaryElementOfKind:at:)); an empty one stands in"
        )
        return UICollectionReusableView(frame: .zero)
    }
}

@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

/// Optional in UIKit: a delegate that does not answer leaves each the layout's own value
/// (`itemSize`, `sectionInset`, `headerReferenceSize`, `footerReferenceSize`).
extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// `UICollectionReusableView`: what a collection view places from its layout's attributes and
/// gives out again after a reload: its cells, and its supplementary views (a flow layout's
/// section headers and footers).
///
/// Swift makes an instance of a class from its type only through a `required` initializer (on
/// iOS, the Objective-C runtime does it), so a class that overrides `init(frame:)` marks the
/// override `required` to be registered and dequeued.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    public internal(set) var reuseIdentifier: String?

    public required override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func prepareForReuse() {}

    /// Takes the layout's attributes: centre, size, transform, alpha, hidden (a subclass that
    /// overrides it calls super).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        let size = layoutAttributes.size
        guard layoutAttributes.center.x.isFinite, layoutAttributes.center.y.isFinite, size.width.isFinite,
            size.height.isFinite
        else {
            return HostConnection.log(
                "UICollectionViewLayoutAttributes for \(layoutAttributes.indexPath) ignored: not finite")
        }
        self.bounds.size = CGSize(width: max(0, size.width), height: max(0, size.height))
        self.center = layoutAttributes.center
        self.transform = layoutAttributes.transform
        self.alpha = layoutAttributes.alpha
        self.isHidden = layoutAttributes.isHidden
    }
}

/// `UICollectionViewCell`: a reusable cell; put what it shows in `contentView`.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    public let contentView = UIView()
    open var isSelected = false
    open var isHighlighted = false
    open var backgroundView: UIView?
    open var selectedBackgroundView: UIView?

    public required init(frame: CGRect) {
        super.init(frame: frame)
        self.addSubview(self.contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.addSubview(self.contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        self.contentView.frame = self.bounds
    }
}

/// `UICollectionView`: the data source's cells, placed by the layout; a tap on a cell selects
/// its item and tells the delegate, as UIKit does. As in UIKit, only the items in view have
/// cells, made through `dequeueReusableCell` as they come into view and reused when they leave
/// or on `reloadData`; `cellForItem(at:)` is nil for an item out of view.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            self.collectionViewLayout.collectionView = self
            self.setNeedsLayout()
        }
    }
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet {
            self.needsReload = true
            self.setNeedsLayout()
        }
    }
    open weak var collectionViewDelegate: (any UICollectionViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { self.collectionViewDelegate = self.delegate as? any UICollectionViewDelegate }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// What makes a cell for each reuse identifier: a class, a nib or a storyboard's prototype.
    var registered: [String: @MainActor () -> UICollectionViewCell] = [:]
    var store = CellStore<UICollectionViewCell>()
    /// Headers and footers: what makes them, those shown, those put aside for reuse.
    var supplementaries = SupplementaryViews()
    /// Behind the content, the size of the view, still as the content scrolls.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let view = self.backgroundView { self.insertSubview(view, at: 0) }
            self.setNeedsLayout()
        }
    }
    private var selected: Set<IndexPath> = []
    private var needsReload = true
    /// The items of each section as the data source last said.
    private var counts: [Int] = []

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        self.addGestureRecognizer(
            UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    /// From a storyboard: with its layout (`StoryboardCoder`), or a flow layout.
    public required init?(coder: NSCoder) {
        self.collectionViewLayout = (coder as? StoryboardCoder)?.collectionViewLayout ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        self.collectionViewLayout.collectionView = self
        self.addGestureRecognizer(
            UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let type = cellClass as? UICollectionViewCell.Type else {
            return HostConnection.log(
                "register(_:forCellWithReuseIdentifier: \"\(identifier)\"): \(cellClass.map { "\($0)" } ?? "nil") is not a UICollectionViewCell class"
            )
        }
        self.registered[identifier] = { type.init(frame: .zero) }
    }

    /// A cell for `indexPath`: one put aside by the last reload, else a new one of the class,
    /// nib or prototype registered for `identifier` (UIKit raises for an unregistered one; here
    /// it is logged and a plain cell stands in).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if let cell = self.store.reused(identifier) {
            cell.prepareForReuse()
            return cell
        }
        let make =
            self.registered[identifier] ?? {
                HostConnection.log(
                    "dequeueReusableCell: no class registered for \"\(identifier)\"; a plain UICollectionViewCell stands in"
                )
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

    /// As the data source last said (UIKit keeps the counts until a reload), read on first use.
    open var numberOfSections: Int {
        if self.needsReload { self.load() }
        return self.counts.count
    }

    open func numberOfItems(inSection section: Int) -> Int {
        if self.needsReload { self.load() }
        return self.counts.indices.contains(section) ? self.counts[section] : 0
    }
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

    /// The layout's pass: `prepare()`, then the elements in the visible rect (the bounds, as
    /// UIKit keeps cells only for what is on screen): a cell for each item there that has none
    /// (asked of the data source, reusing those that left), each given its attributes; the
    /// same for headers and footers. A layout that lists no elements
    /// (`layoutAttributesForElements(in:)` nil) is asked `layoutAttributesForItem(at:)` item by item.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if self.needsReload { self.load() }
        let layout = self.collectionViewLayout
        layout.prepare()
        self.contentSize = layout.collectionViewContentSize
        self.backgroundView?.frame = self.bounds
        let visible = self.bounds
        var attributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var supplementary: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
        if let elements = layout.layoutAttributesForElements(in: visible) {
            for element in elements {
                switch element.representedElementCategory {
                case .cell: attributes[element.indexPath] = element
                case .supplementaryView:
                    supplementary[
                        SupplementaryKey(kind: element.representedElementKind ?? "", indexPath: element.indexPath)] =
                        element
                case .decorationView: continue
                }
            }
        } else {
            for path in CellStore<UICollectionViewCell>.paths(self.counts) {
                if let element = layout.layoutAttributesForItem(at: path), element.frame.intersects(visible) {
                    attributes[path] = element
                }
            }
        }
        // Only items the data source has (a layout may place more), and only what overlaps the
        // view: one that touches its edge is not in view.
        attributes = attributes.filter {
            self.counts.indices.contains($0.key.section) && $0.key.item < self.counts[$0.key.section]
                && Self.shows($0.value, in: visible)
        }
        supplementary = supplementary.filter { Self.shows($0.value, in: visible) }
        for path in self.store.sortedPaths where attributes[path] == nil {
            _ = self.store.putAside(path, identifier: \.reuseIdentifier)
        }
        if let dataSource = self.dataSource {
            for path in attributes.keys.sorted() where self.store.cells[path] == nil {
                let cell = dataSource.collectionView(self, cellForItemAt: path)
                cell.isSelected = self.selected.contains(path)
                self.store.show(cell, at: path, in: self)
            }
        }
        for (path, cell) in self.store.cells { attributes[path].map(cell.apply) }
        self.placeSupplementaryViews(supplementary)
    }

    private static func shows(_ element: UICollectionViewLayoutAttributes, in visible: CGRect) -> Bool {
        let frame = element.frame
        if element.size == .zero { return visible.contains(element.center) }
        return frame.minX < visible.maxX && frame.maxX > visible.minX && frame.minY < visible.maxY
            && frame.maxY > visible.minY
    }

    /// The items per section, read again; every cell and header is put aside for reuse, for
    /// the layout pass to ask for again.
    private func load() {
        self.needsReload = false
        if let dataSource = self.dataSource {
            self.counts = (0..<max(0, dataSource.numberOfSections(in: self))).map {
                min(
                    max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)),
                    CellStore<UICollectionViewCell>.maximumItems)
            }
        } else {
            self.counts = []
        }
        self.store.putAside(identifier: \.reuseIdentifier)
        self.putSupplementaryViewsAside()
        self.selected = self.selected.filter {
            self.counts.indices.contains($0.section) && $0.item < self.counts[$0.section]
        }
    }
}
