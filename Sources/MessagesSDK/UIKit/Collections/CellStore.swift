import Foundation

/// What a collection view and a table view both keep of their cells: the cell of each index
/// path now shown, and, by reuse identifier, the cells a reload put aside for
/// `dequeueReusableCell` to give out again.
@MainActor
struct CellStore<Cell: UIView> {
    fileprivate(set) var cells: [IndexPath: Cell] = [:]
    fileprivate(set) var reusable: [String: [Cell]] = [:]

    /// The most items a section shows: a data source that says more is cut there.
    static var maximumItems: Int { 10_000 }

    mutating func reused(_ identifier: String) -> Cell? { self.reusable[identifier]?.popLast() }

    /// Puts every cell shown aside by its identifier (`identifier`), for the reload that
    /// follows to dequeue; the store shows nothing until `show`.
    mutating func putAside(identifier: (Cell) -> String?) {
        for cell in self.cells.values {
            cell.removeFromSuperview()
            if let name = identifier(cell) { self.reusable[name, default: []].append(cell) }
        }
        self.cells = [:]
    }

    /// The paths of `counts` (items per section), each section cut at `maximumItems`.
    static func paths(_ counts: [Int]) -> [IndexPath] {
        counts.enumerated().flatMap { section, count in
            (0..<min(max(0, count), Self.maximumItems)).map { IndexPath(item: $0, section: section) }
        }
    }

    /// Shows `cells` in `container`. Made apart from the store's own change, since making them
    /// dequeues from it.
    mutating func show(_ cells: [IndexPath: Cell], in container: UIView) {
        self.cells = cells
        for path in self.sortedPaths { container.addSubview(cells[path]!) }
    }

    var sortedPaths: [IndexPath] { self.cells.keys.sorted() }
    var visible: [Cell] { self.sortedPaths.compactMap { self.cells[$0] } }
    func path(of cell: Cell) -> IndexPath? { self.cells.first { $0.value === cell }?.key }
    func path(at point: CGPoint) -> IndexPath? { self.sortedPaths.first { self.cells[$0]!.frame.contains(point) } }
}

extension CellStore {
    /// A reload of one item or row: `putAside(path)` puts its cell aside for reuse, then the
    /// caller makes the new one (which may dequeue it) and `show(_:at:in:)` puts it in place;
    /// two steps, since making it reads the store.
    mutating func putAside(_ path: IndexPath, identifier: (Cell) -> String?) -> Bool {
        guard let old = self.cells.removeValue(forKey: path) else { return false }
        old.removeFromSuperview()
        if let name = identifier(old) { self.reusable[name, default: []].append(old) }
        return true
    }

    mutating func show(_ cell: Cell, at path: IndexPath, in container: UIView) {
        self.cells[path] = cell
        container.addSubview(cell)
    }
}
