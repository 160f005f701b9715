import Foundation

/// A table view's row updates and scrolling. Rows do not animate here (nothing does: the
/// screen is drawn after each callback), so an insert, a delete or a section reload ends where
/// UIKit's animation would, with every row asked of the data source again; a reload of
/// given rows asks for those rows only, as UIKit does.
extension UITableView {
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { self.reloadData() }
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { self.reloadData() }
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) { self.reloadData() }
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { self.reloadData() }
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { self.reloadData() }
    public func beginUpdates() {}
    public func endUpdates() { self.reloadData() }
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        self.reloadData()
        completion?(true)
    }

    /// Asks the data source again for each of `indexPaths` that has a cell now.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        guard let dataSource = self.dataSource else { return }
        for path in indexPaths where self.store.putAside(path, identifier: \.reuseIdentifier) {
            let cell = dataSource.tableView(self, cellForRowAt: path)
            cell.isSelected = self.indexPathForSelectedRow == path
            self.store.show(cell, at: path, in: self)
        }
        self.setNeedsLayout()
        self.layoutIfNeeded()
    }

    /// Scrolls so that the row is at the top, middle or bottom of the table (`.none`: as
    /// little as shows it), within the content.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        self.layoutIfNeeded()
        guard let row = self.store.cells[indexPath]?.frame else {
            return HostConnection.log("scrollToRow(at: \(indexPath)): no such row")
        }
        let height = self.bounds.height
        let y: CGFloat
        switch scrollPosition {
        case .none:
            return self.scrollRectToVisible(row, animated: animated)
        case .top: y = row.minY
        case .middle: y = row.midY - height / 2
        case .bottom: y = row.maxY - height
        }
        self.contentOffset = self.withinContent(CGPoint(x: self.contentOffset.x, y: y))
    }
}
