import Foundation

@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// `UITableViewCell`: a row, with UIKit's built-in text label, detail label and image for its
/// style. A cell class that overrides `init(style:reuseIdentifier:)` marks it `required` to be
/// registered (Swift makes an instance from a class only through a required initializer).
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    public let style: CellStyle
    public internal(set) var reuseIdentifier: String?
    public let contentView = UIView()
    public let textLabel: UILabel? = UILabel()
    public let detailTextLabel: UILabel?
    public let imageView: UIImageView? = UIImageView()
    open var accessoryType = AccessoryType.none
    open var selectionStyle = SelectionStyle.default

    /// Selection and highlight go through `setSelected(_:animated:)` and
    /// `setHighlighted(_:animated:)`, as in UIKit, so a cell that overrides them (to restyle
    /// itself) hears every change the table view makes; the properties call them.
    open var isSelected: Bool {
        get { self.selectedState }
        set { self.setSelected(newValue, animated: false) }
    }
    open var isHighlighted: Bool {
        get { self.highlightedState }
        set { self.setHighlighted(newValue, animated: false) }
    }
    private var selectedState = false
    private var highlightedState = false
    open func setSelected(_ selected: Bool, animated: Bool) { self.selectedState = selected }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { self.highlightedState = highlighted }

    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        self.detailTextLabel = style == .default ? nil : UILabel()
        super.init(frame: .zero)
        self.addSubview(self.contentView)
        for view in [self.imageView, self.textLabel, self.detailTextLabel].compactMap({ $0 as UIView? }) {
            self.contentView.addSubview(view)
        }
        self.detailTextLabel?.textColor = .secondaryLabel
    }

    public required init?(coder: NSCoder) {
        self.style = .default
        self.detailTextLabel = nil
        super.init(coder: coder)
        self.addSubview(self.contentView)
    }

    open func prepareForReuse() {}

    /// The built-in views as UIKit's styles place them: image left, text beside it, the
    /// detail on the right (`value1`) or below (`subtitle`).
    open override func layoutSubviews() {
        super.layoutSubviews()
        self.contentView.frame = self.bounds
        var x: CGFloat = 16
        if let image = self.imageView?.image, let view = self.imageView {
            let side = min(image.size.height, self.bounds.height - 8)
            view.frame = CGRect(x: x, y: (self.bounds.height - side) / 2, width: side, height: side)
            x += side + 12
        }
        let width = max(0, self.bounds.width - x - 16)
        let height = self.bounds.height
        switch self.style {
        case .subtitle:
            self.textLabel?.frame = CGRect(x: x, y: height / 2 - 20, width: width, height: 20)
            self.detailTextLabel?.frame = CGRect(x: x, y: height / 2, width: width, height: 18)
        case .value1, .value2:
            self.textLabel?.frame = CGRect(x: x, y: 0, width: width / 2, height: height)
            self.detailTextLabel?.frame = CGRect(x: x + width / 2, y: 0, width: width / 2, height: height)
            self.detailTextLabel?.textAlignment = .right
        case .default:
            self.textLabel?.frame = CGRect(x: x, y: 0, width: width, height: height)
        }
    }
}

/// `UITableView`: the data source's rows in a column, each `rowHeight` (or the delegate's
/// height) high; a tap on a row selects it and tells the delegate.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public let style: Style
    open var rowHeight: CGFloat = 44
    open var estimatedRowHeight: CGFloat = 44
    open var allowsSelection = true
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet {
            self.needsReload = true
            self.setNeedsLayout()
        }
    }
    open weak var tableViewDelegate: (any UITableViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { self.tableViewDelegate = self.delegate as? any UITableViewDelegate }
    }
    public static let automaticDimension: CGFloat = -1

    /// What makes a cell for each reuse identifier: a class, a nib or a storyboard's prototype.
    var registered: [String: @MainActor (String) -> UITableViewCell] = [:]
    var store = CellStore<UITableViewCell>()
    private var selected: IndexPath?
    private var needsReload = true

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        self.addGestureRecognizer(
            UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        self.style = .plain
        super.init(coder: coder)
        self.addGestureRecognizer(
            UITapGestureRecognizer { [unowned self] recognizer in self.tapped(at: recognizer.location(in: self)) })
    }

    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let type = cellClass as? UITableViewCell.Type else {
            return HostConnection.log(
                "register(_:forCellReuseIdentifier: \"\(identifier)\"): \(cellClass.map { "\($0)" } ?? "nil") is not a UITableViewCell class"
            )
        }
        self.registered[identifier] = { type.init(style: .default, reuseIdentifier: $0) }
    }

    /// A cell put aside by the last reload, else nil (the older form: the app makes one).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard let cell = self.store.reused(identifier) else { return nil }
        cell.prepareForReuse()
        return cell
    }

    /// A cell put aside, else a new one of the registered class, nib or prototype (a
    /// default-style cell, logged, when none is registered: UIKit raises).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = self.dequeueReusableCell(withIdentifier: identifier) { return cell }
        let make =
            self.registered[identifier] ?? {
                HostConnection.log(
                    "dequeueReusableCell: no class registered for \"\($0)\"; a default UITableViewCell stands in")
                return UITableViewCell(style: .default, reuseIdentifier: $0)
            }
        let cell = make(identifier)
        cell.reuseIdentifier = identifier
        return cell
    }

    open func reloadData() {
        self.needsReload = true
        self.setNeedsLayout()
        self.layoutIfNeeded()
    }

    open var numberOfSections: Int { self.dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0 }
    open func numberOfRows(inSection section: Int) -> Int {
        self.dataSource.map { max(0, $0.tableView(self, numberOfRowsInSection: section)) } ?? 0
    }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { self.store.cells[indexPath] }
    open var visibleCells: [UITableViewCell] { self.store.visible }
    open var indexPathForSelectedRow: IndexPath? { self.selected }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { self.store.path(of: cell) }
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { self.store.path(at: point) }

    /// Selects the row (without telling the delegate, as in UIKit) and, unless `.none`,
    /// scrolls it to `scrollPosition`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if let old = self.selected { self.store.cells[old]?.setSelected(false, animated: animated) }
        self.selected = indexPath
        if let indexPath { self.store.cells[indexPath]?.setSelected(true, animated: animated) }
        if let indexPath, scrollPosition != .none {
            self.scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
        }
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard self.selected == indexPath else { return }
        self.store.cells[indexPath]?.setSelected(false, animated: animated)
        self.selected = nil
    }

    private func tapped(at point: CGPoint) {
        guard self.allowsSelection, let tapped = self.indexPathForRow(at: point) else { return }
        // The delegate may redirect the selection, or refuse it (nil).
        let chosen: IndexPath? =
            if let delegate = self.tableViewDelegate { delegate.tableView(self, willSelectRowAt: tapped) } else {
                tapped
            }
        guard let path = chosen, self.store.cells[path] != nil else { return }
        let previous = self.selected
        self.selectRow(at: path, animated: false, scrollPosition: .none)
        if let previous, previous != path { self.tableViewDelegate?.tableView(self, didDeselectRowAt: previous) }
        self.tableViewDelegate?.tableView(self, didSelectRowAt: path)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if self.needsReload { self.load() }
        var y: CGFloat = 0
        for path in self.store.sortedPaths {
            var height = self.tableViewDelegate?.tableView(self, heightForRowAt: path) ?? self.rowHeight
            if height == Self.automaticDimension { height = self.estimatedRowHeight }
            height = height.isFinite ? min(max(0, height), 4_096) : 0
            self.store.cells[path]?.frame = CGRect(x: 0, y: y, width: self.bounds.width, height: height)
            y += height
        }
        self.contentSize = CGSize(width: self.bounds.width, height: y)
    }

    private func load() {
        self.needsReload = false
        let counts = self.dataSource == nil ? [] : (0..<self.numberOfSections).map { self.numberOfRows(inSection: $0) }
        self.store.putAside(identifier: \.reuseIdentifier)
        var cells: [IndexPath: UITableViewCell] = [:]
        for path in CellStore<UITableViewCell>.paths(counts) {
            let cell = self.dataSource!.tableView(self, cellForRowAt: path)
            cell.isSelected = self.selected == path
            cells[path] = cell
        }
        self.store.show(cells, in: self)
        if let selected = self.selected, self.store.cells[selected] == nil { self.selected = nil }
    }
}
