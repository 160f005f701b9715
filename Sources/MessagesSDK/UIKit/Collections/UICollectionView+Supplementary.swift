import Foundation

/// A collection view's supplementary views — a flow layout's section headers and footers, or a
/// custom layout's own kinds: registered by kind and reuse identifier (a class or a nib), made
/// by the data source's `collectionView(_:viewForSupplementaryElementOfKind:at:)` for each
/// the layout places, put aside on a reload and dequeued again, as UIKit does.
extension UICollectionView {
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    public func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
    ) {
        guard let type = viewClass as? UICollectionReusableView.Type else {
            return HostConnection.log(
                "register(_:forSupplementaryViewOfKind: \"\(kind)\", withReuseIdentifier: \"\(identifier)\"): \(viewClass.map { "\($0)" } ?? "nil") is not a UICollectionReusableView class"
            )
        }
        self.supplementaries.registered[SupplementaryViews.Reuse(kind: kind, identifier: identifier)] = {
            type.init(frame: .zero)
        }
    }

    /// The xib's first top-level `UICollectionReusableView` makes the views; nil removes what
    /// was registered.
    public func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String)
    {
        let reuse = SupplementaryViews.Reuse(kind: kind, identifier: identifier)
        guard let nib else {
            self.supplementaries.registered[reuse] = nil
            return
        }
        self.supplementaries.registered[reuse] = {
            if let view = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UICollectionReusableView }).first {
                return view
            }
            HostConnection.log(
                "dequeueReusableSupplementaryView: nib \"\(nib.name)\" for \"\(identifier)\" has no UICollectionReusableView at its top level; an empty one stands in"
            )
            return UICollectionReusableView(frame: .zero)
        }
    }

    /// A storyboard's section header or footer prototype: what the compiled storyboard registers.
    public func registerPrototype(
        _ make: @escaping @MainActor () -> UICollectionReusableView, forSupplementaryViewOfKind kind: String,
        withReuseIdentifier identifier: String
    ) {
        self.supplementaries.registered[SupplementaryViews.Reuse(kind: kind, identifier: identifier)] = make
    }

    /// One put aside by the last reload, else a new one of what was registered (UIKit raises
    /// for an unregistered one; here it is logged and an empty view stands in).
    public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        let reuse = SupplementaryViews.Reuse(kind: kind, identifier: identifier)
        if let view = self.supplementaries.reusable[reuse]?.popLast() {
            view.prepareForReuse()
            return view
        }
        let make =
            self.supplementaries.registered[reuse] ?? {
                HostConnection.log(
                    "dequeueReusableSupplementaryView: nothing registered for the \(kind) \"\(identifier)\"; an empty view stands in"
                )
                return UICollectionReusableView(frame: .zero)
            }
        let view = make()
        view.reuseIdentifier = identifier
        return view
    }

    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        self.supplementaries.shown[SupplementaryKey(kind: kind, indexPath: indexPath)]
    }

    public func visibleSupplementaryViews(ofKind kind: String) -> [UICollectionReusableView] {
        self.supplementaries.shown.filter { $0.key.kind == kind }.sorted { $0.key.indexPath < $1.key.indexPath }.map(
            \.value)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        self.collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        self.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The layout pass's part: a view for each the layout places that has none (asked of the
    /// data source), each given its attributes; those it no longer places are put aside.
    func placeSupplementaryViews(_ attributes: [SupplementaryKey: UICollectionViewLayoutAttributes]) {
        for (key, view) in self.supplementaries.shown where attributes[key] == nil {
            self.supplementaries.putAside(key, view)
        }
        guard let dataSource = self.dataSource else { return }
        for key in attributes.keys.sorted(by: { ($0.indexPath, $0.kind) < ($1.indexPath, $1.kind) })
        where self.supplementaries.shown[key] == nil {
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            self.supplementaries.shown[key] = view
            self.addSubview(view)
        }
        for (key, view) in self.supplementaries.shown { attributes[key].map(view.apply) }
    }

    func putSupplementaryViewsAside() {
        for (key, view) in self.supplementaries.shown { self.supplementaries.putAside(key, view) }
    }
}

/// Where a supplementary view is: its kind and index path.
struct SupplementaryKey: Hashable {
    var kind: String
    var indexPath: IndexPath
}

/// What a collection view keeps of its supplementary views.
@MainActor
struct SupplementaryViews {
    /// What a view is registered and dequeued by.
    struct Reuse: Hashable {
        var kind: String
        var identifier: String
    }

    var registered: [Reuse: @MainActor () -> UICollectionReusableView] = [:]
    var shown: [SupplementaryKey: UICollectionReusableView] = [:]
    var reusable: [Reuse: [UICollectionReusableView]] = [:]

    mutating func putAside(_ key: SupplementaryKey, _ view: UICollectionReusableView) {
        self.shown[key] = nil
        view.removeFromSuperview()
        if let identifier = view.reuseIdentifier {
            self.reusable[Reuse(kind: key.kind, identifier: identifier), default: []].append(view)
        }
    }
}
