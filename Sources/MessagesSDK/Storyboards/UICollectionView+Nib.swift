import Foundation

/// Cells from xibs and storyboards: `register(_:forCellWithReuseIdentifier:)` with a `UINib`,
/// as UIKit has it, and the prototype cells of a storyboard's collection and table views,
/// which the compiled storyboard registers by their reuse identifiers. A dequeued cell is then
/// the nib's or prototype's view tree, built anew, its outlets connected.
extension UICollectionView {
    /// The xib's first top-level `UICollectionViewCell` makes the cells of `identifier`; nil
    /// removes what was registered.
    public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        guard let nib else {
            self.registered[identifier] = nil
            return
        }
        self.registered[identifier] = {
            if let cell = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UICollectionViewCell }).first {
                return cell
            }
            HostConnection.log(
                "dequeueReusableCell: nib \"\(nib.name)\" for \"\(identifier)\" has no UICollectionViewCell at its top level; a plain one stands in"
            )
            return UICollectionViewCell(frame: .zero)
        }
    }

    /// A storyboard's prototype cell: what the compiled storyboard registers.
    public func registerPrototype(
        _ make: @escaping @MainActor () -> UICollectionViewCell, forCellWithReuseIdentifier identifier: String
    ) {
        self.registered[identifier] = make
    }
}

extension UITableView {
    /// The xib's first top-level `UITableViewCell` makes the cells of `identifier`; nil
    /// removes what was registered.
    public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        guard let nib else {
            self.registered[identifier] = nil
            return
        }
        self.registered[identifier] = { identifier in
            if let cell = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UITableViewCell }).first {
                return cell
            }
            HostConnection.log(
                "dequeueReusableCell: nib \"\(nib.name)\" for \"\(identifier)\" has no UITableViewCell at its top level; a default one stands in"
            )
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
    }

    /// A storyboard's prototype cell: what the compiled storyboard registers.
    public func registerPrototype(
        _ make: @escaping @MainActor () -> UITableViewCell, forCellReuseIdentifier identifier: String
    ) {
        self.registered[identifier] = { _ in make() }
    }
}
