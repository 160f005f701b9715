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

/// `UICollectionViewLayout`: where each item goes. Subclass it, or use the flow layout.
@preconcurrency @MainActor
open class UICollectionViewLayout {
    public internal(set) weak var collectionView: UICollectionView?
    public init() {}
    /// Each item's frame in content coordinates, by index path, and the content's size.
    open func frames(for sizes: [[CGSize]], in bounds: CGSize) -> (frames: [[CGRect]], contentSize: CGSize) { ([], .zero) }
    open func invalidateLayout() { self.collectionView?.setNeedsLayout() }
}

/// `UICollectionViewFlowLayout`: items in lines, as text flows — left to right, wrapping onto
/// the next line down (or top to bottom, wrapping right, for horizontal scrolling) — with the
/// section's insets around them and the spacings between.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    open var scrollDirection = ScrollDirection.vertical { didSet { self.invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { self.invalidateLayout() } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { self.invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { self.invalidateLayout() } }
    open var sectionInset = UIEdgeInsets.zero { didSet { self.invalidateLayout() } }

    open override func frames(for sizes: [[CGSize]], in bounds: CGSize) -> (frames: [[CGRect]], contentSize: CGSize) {
        let vertical = self.scrollDirection == .vertical
        // Along a line, and across lines.
        func along(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
        func across(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        let inset = self.sectionInset
        let lineStart = vertical ? inset.left : inset.top
        let lineEnd = along(bounds) - (vertical ? inset.right : inset.bottom)
        var frames: [[CGRect]] = []
        var cursor: CGFloat = 0  // across, where the section begins
        var extent: CGFloat = 0
        for section in sizes {
            cursor += vertical ? inset.top : inset.left
            var lineAcross = cursor, lineThickness: CGFloat = 0, position = lineStart
            var placed: [CGRect] = []
            for size in section {
                if position > lineStart && position + along(size) > lineEnd {
                    lineAcross += lineThickness + self.minimumLineSpacing
                    position = lineStart
                    lineThickness = 0
                }
                placed.append(vertical ? CGRect(x: position, y: lineAcross, width: size.width, height: size.height)
                                       : CGRect(x: lineAcross, y: position, width: size.width, height: size.height))
                position += along(size) + self.minimumInteritemSpacing
                lineThickness = max(lineThickness, across(size))
            }
            frames.append(placed)
            cursor = (section.isEmpty ? cursor : lineAcross + lineThickness) + (vertical ? inset.bottom : inset.right)
            extent = cursor
        }
        return (frames, vertical ? CGSize(width: bounds.width, height: extent) : CGSize(width: extent, height: bounds.height))
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

    private var registered: [String: UICollectionViewCell.Type] = [:]
    private var store = CellStore<UICollectionViewCell>()
    private var selected: Set<IndexPath> = []
    private var needsReload = true

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        self.addGestureRecognizer(UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    public required init?(coder: NSCoder) {
        self.collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        self.collectionViewLayout.collectionView = self
        self.addGestureRecognizer(UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let type = cellClass as? UICollectionViewCell.Type else {
            return HostConnection.log("register(_:forCellWithReuseIdentifier: \"\(identifier)\"): \(cellClass.map { "\($0)" } ?? "nil") is not a UICollectionViewCell class")
        }
        self.registered[identifier] = type
    }

    /// A cell for `indexPath`: one put aside by the last reload, else a new one of the class
    /// registered for `identifier` (UIKit raises for an unregistered one; here it is logged and
    /// a plain cell stands in).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = self.store.reused(identifier) {
            cell.prepareForReuse()
            return cell
        }
        let type = self.registered[identifier] ?? {
            HostConnection.log("dequeueReusableCell: no class registered for \"\(identifier)\"; a plain UICollectionViewCell stands in")
            return UICollectionViewCell.self
        }()
        let cell = type.init(frame: .zero)
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

    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UInt = 0) {
        if !self.allowsMultipleSelection { self.deselectAll() }
        guard let indexPath else { return }
        self.selected.insert(indexPath)
        self.store.cells[indexPath]?.isSelected = true
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
        self.selectItem(at: path, animated: false)
        for old in previous.sorted() { self.collectionViewDelegate?.collectionView(self, didDeselectItemAt: old) }
        self.collectionViewDelegate?.collectionView(self, didSelectItemAt: path)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if self.needsReload { self.load() }
        let sizes: [[CGSize]] = (0..<self.numberOfSections).map { section in
            (0..<self.numberOfItems(inSection: section)).map { item in self.size(IndexPath(item: item, section: section)) }
        }
        let (frames, content) = self.collectionViewLayout.frames(for: sizes, in: self.bounds.size)
        self.contentSize = content
        for (section, row) in frames.enumerated() {
            for (item, frame) in row.enumerated() { self.store.cells[IndexPath(item: item, section: section)]?.frame = frame }
        }
    }

    private func size(_ path: IndexPath) -> CGSize {
        guard let flow = self.collectionViewLayout as? UICollectionViewFlowLayout else { return .zero }
        let wanted = (self.collectionViewDelegate as? any UICollectionViewDelegateFlowLayout)?.collectionView(self, layout: flow, sizeForItemAt: path) ?? flow.itemSize
        guard wanted.width.isFinite, wanted.height.isFinite else { return .zero }
        return CGSize(width: min(max(0, wanted.width), 4_096), height: min(max(0, wanted.height), 4_096))
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
