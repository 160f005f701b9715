import Foundation

/// A collection view's item updates and scrolling. Nothing animates here, so an insert, a
/// delete or a section reload ends where UIKit's animation would, with every item asked of the
/// data source again; a reload of given items asks for those only, as UIKit does.
extension UICollectionView {
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    public func insertItems(at indexPaths: [IndexPath]) { self.reloadData() }
    public func deleteItems(at indexPaths: [IndexPath]) { self.reloadData() }
    public func insertSections(_ sections: IndexSet) { self.reloadData() }
    public func deleteSections(_ sections: IndexSet) { self.reloadData() }
    public func reloadSections(_ sections: IndexSet) { self.reloadData() }
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        self.reloadData()
        completion?(true)
    }

    /// Asks the data source again for each of `indexPaths` that has a cell now.
    public func reloadItems(at indexPaths: [IndexPath]) {
        guard let dataSource = self.dataSource else { return }
        let selected = Set(self.indexPathsForSelectedItems ?? [])
        for path in indexPaths where self.store.putAside(path, identifier: \.reuseIdentifier) {
            let cell = dataSource.collectionView(self, cellForItemAt: path)
            cell.isSelected = selected.contains(path)
            self.store.show(cell, at: path, in: self)
        }
        self.setNeedsLayout()
        self.layoutIfNeeded()
    }

    /// Scrolls the item to the position on each axis it names (none on an axis: as little as
    /// shows it), within the content.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        self.layoutIfNeeded()
        guard let item = self.collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            return HostConnection.log("scrollToItem(at: \(indexPath)): no such item")
        }
        let size = self.bounds.size
        var offset = self.contentOffset
        if scrollPosition.contains(.top) {
            offset.y = item.minY
        } else if scrollPosition.contains(.centeredVertically) {
            offset.y = item.midY - size.height / 2
        } else if scrollPosition.contains(.bottom) {
            offset.y = item.maxY - size.height
        } else if item.minY < offset.y {
            offset.y = item.minY
        } else if item.maxY > offset.y + size.height {
            offset.y = item.maxY - size.height
        }
        if scrollPosition.contains(.left) {
            offset.x = item.minX
        } else if scrollPosition.contains(.centeredHorizontally) {
            offset.x = item.midX - size.width / 2
        } else if scrollPosition.contains(.right) {
            offset.x = item.maxX - size.width
        } else if item.minX < offset.x {
            offset.x = item.minX
        } else if item.maxX > offset.x + size.width {
            offset.x = item.maxX - size.width
        }
        self.contentOffset = self.withinContent(offset)
    }
}
