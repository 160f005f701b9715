import Foundation

/// `UICollectionViewLayoutAttributes`: where a layout puts one item — its frame (or centre
/// and size), transform, alpha, hidden flag and z-index — which the collection view applies
/// to the item's cell.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes {
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

    public let indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    /// A supplementary view's kind (`UICollectionView.elementKindSectionHeader`); nil for a cell.
    public let representedElementKind: String?
    open var center = CGPoint.zero
    open var size = CGSize.zero
    open var transform = CGAffineTransform.identity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false

    /// The untransformed box of `size` about `center`; set, it sets both.
    open var frame: CGRect {
        get {
            CGRect(
                x: self.center.x - self.size.width / 2, y: self.center.y - self.size.height / 2, width: self.size.width,
                height: self.size.height)
        }
        set {
            self.size = newValue.size
            self.center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: self.size) }
        set { self.size = newValue.size }
    }

    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
    }

    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = elementKind
    }

    /// A copy, to change without changing what the layout keeps (UIKit's `copy()`).
    open func copy() -> Any {
        let copy =
            self.representedElementKind.map { Self(forSupplementaryViewOfKind: $0, with: self.indexPath) }
            ?? Self(forCellWith: self.indexPath)
        copy.center = self.center
        copy.size = self.size
        copy.transform = self.transform
        copy.alpha = self.alpha
        copy.zIndex = self.zIndex
        copy.isHidden = self.isHidden
        return copy
    }
}

/// `UICollectionViewLayout`: where each item goes. A subclass overrides UIKit's methods —
/// `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)`,
/// `layoutAttributesForItem(at:)` — and the collection view asks them on each layout pass:
/// `prepare()`, then the attributes of every element in its whole content (every item has
/// its cell here), then, for an item those left out, `layoutAttributesForItem(at:)`.
///
/// Since the layout is prepared again on every pass, a change of bounds always re-lays out,
/// whatever `shouldInvalidateLayout(forBoundsChange:)` answers. Nothing is dragged or flicked
/// here, so `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` is not
/// called; its default answers the proposed offset, as UIKit's does.
@preconcurrency @MainActor
open class UICollectionViewLayout {
    public internal(set) weak var collectionView: UICollectionView?
    public init() {}

    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    open func prepare() {}
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    open func invalidateLayout() { self.collectionView?.setNeedsLayout() }
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}

/// `UICollectionViewFlowLayout`: items in lines, as text flows — left to right, wrapping onto
/// the next line down (or top to bottom, wrapping right, for horizontal scrolling) — with the
/// section's insets around them and the spacings between, each section after its header and
/// before its footer. Each item is the delegate's `sizeForItemAt` (else `itemSize`), a
/// section's inset its `insetForSectionAt` (else `sectionInset`), a header the
/// `referenceSizeForHeaderInSection` (else `headerReferenceSize`): its height across a
/// vertical layout's width, its width along a horizontal one's height; a header of no extent
/// is none. `prepare()` places them all.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
    open var scrollDirection = ScrollDirection.vertical { didSet { self.invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { self.invalidateLayout() } }
    open var estimatedItemSize = CGSize.zero
    open var minimumLineSpacing: CGFloat = 10 { didSet { self.invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { self.invalidateLayout() } }
    open var sectionInset = UIEdgeInsets.zero { didSet { self.invalidateLayout() } }
    open var headerReferenceSize = CGSize.zero { didSet { self.invalidateLayout() } }
    open var footerReferenceSize = CGSize.zero { didSet { self.invalidateLayout() } }

    private var placed: [[UICollectionViewLayoutAttributes]] = []
    private var supplementary: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
    private var contentSize = CGSize.zero

    open override var collectionViewContentSize: CGSize { self.contentSize }

    open override func prepare() {
        super.prepare()
        guard let collectionView = self.collectionView else {
            self.placed = []
            self.supplementary = [:]
            self.contentSize = .zero
            return
        }
        let delegate = collectionView.collectionViewDelegate as? any UICollectionViewDelegateFlowLayout
        let sizes: [[CGSize]] = (0..<collectionView.numberOfSections).map { section in
            (0..<min(collectionView.numberOfItems(inSection: section), CellStore<UICollectionViewCell>.maximumItems))
                .map { item in
                    let wanted =
                        delegate?.collectionView(
                            collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section))
                        ?? self.itemSize
                    guard wanted.width.isFinite, wanted.height.isFinite else { return .zero }
                    return Self.clamped(wanted)
                }
        }
        let sections = (0..<sizes.count).map { section in
            Section(
                items: sizes[section],
                inset: delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section)
                    ?? self.sectionInset,
                header: Self.clamped(
                    delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                        ?? self.headerReferenceSize),
                footer: Self.clamped(
                    delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                        ?? self.footerReferenceSize))
        }
        let (frames, headers, contentSize) = self.flow(sections, in: collectionView.bounds.size)
        let type =
            Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
            ?? UICollectionViewLayoutAttributes.self
        self.placed = frames.enumerated().map { section, row in
            row.enumerated().map { item, frame in
                let attributes = type.init(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = frame
                return attributes
            }
        }
        self.supplementary = [:]
        for (key, frame) in headers {
            let attributes = type.init(forSupplementaryViewOfKind: key.kind, with: key.indexPath)
            attributes.frame = frame
            self.supplementary[key] = attributes
        }
        self.contentSize = contentSize
    }

    /// A size from outside, made finite and at most 4,096 points each way.
    private static func clamped(_ size: CGSize) -> CGSize {
        guard size.width.isFinite, size.height.isFinite else { return .zero }
        return CGSize(width: min(max(0, size.width), 4_096), height: min(max(0, size.height), 4_096))
    }

    /// One section as the delegate sizes it.
    private struct Section {
        var items: [CGSize]
        var inset: UIEdgeInsets
        var header: CGSize
        var footer: CGSize
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        self.supplementary[
            SupplementaryKey(kind: elementKind, indexPath: IndexPath(item: 0, section: indexPath.section))]
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (Array(self.placed.joined()) + self.supplementary.values.sorted { $0.indexPath < $1.indexPath })
            .filter { $0.frame.intersects(rect) || ($0.size == .zero && rect.contains($0.center)) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard self.placed.indices.contains(indexPath.section),
            self.placed[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return self.placed[indexPath.section][indexPath.item]
    }

    /// Each item's frame, in lines, each header's and footer's, and the content's size.
    private func flow(_ sections: [Section], in bounds: CGSize) -> (
        frames: [[CGRect]], supplementary: [SupplementaryKey: CGRect], contentSize: CGSize
    ) {
        let vertical = self.scrollDirection == .vertical
        // Along a line, and across lines.
        func along(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
        func across(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        var frames: [[CGRect]] = []
        var supplementary: [SupplementaryKey: CGRect] = [:]
        var cursor: CGFloat = 0  // across, where the section begins
        /// A header or footer at the cursor, across the whole line.
        func band(_ kind: String, _ size: CGSize, section: Int) {
            let extent = across(size)
            guard extent > 0 else { return }
            supplementary[SupplementaryKey(kind: kind, indexPath: IndexPath(item: 0, section: section))] =
                vertical
                ? CGRect(x: 0, y: cursor, width: bounds.width, height: extent)
                : CGRect(x: cursor, y: 0, width: extent, height: bounds.height)
            cursor += extent
        }
        for (index, section) in sections.enumerated() {
            let inset = section.inset
            let lineStart = vertical ? inset.left : inset.top
            let lineEnd = along(bounds) - (vertical ? inset.right : inset.bottom)
            band(UICollectionView.elementKindSectionHeader, section.header, section: index)
            cursor += vertical ? inset.top : inset.left
            var lineAcross = cursor
            var lineThickness: CGFloat = 0
            var position = lineStart
            var placed: [CGRect] = []
            for size in section.items {
                if position > lineStart && position + along(size) > lineEnd {
                    lineAcross += lineThickness + self.minimumLineSpacing
                    position = lineStart
                    lineThickness = 0
                }
                placed.append(
                    vertical
                        ? CGRect(x: position, y: lineAcross, width: size.width, height: size.height)
                        : CGRect(x: lineAcross, y: position, width: size.width, height: size.height))
                position += along(size) + self.minimumInteritemSpacing
                lineThickness = max(lineThickness, across(size))
            }
            frames.append(placed)
            cursor =
                (section.items.isEmpty ? cursor : lineAcross + lineThickness) + (vertical ? inset.bottom : inset.right)
            band(UICollectionView.elementKindSectionFooter, section.footer, section: index)
        }
        return (
            frames, supplementary,
            vertical ? CGSize(width: bounds.width, height: cursor) : CGSize(width: cursor, height: bounds.height)
        )
    }
}
