import Foundation

/// `UIBarButtonItem`: a button of a navigation bar — a title, an image, one of UIKit's system
/// items or a view of the app's — that runs its `primaryAction` when tapped. As `UIControl`,
/// it takes a closure (`UIBarButtonItem(systemItem: .done, primaryAction: UIAction { … })`):
/// the target-action initialisers need the Objective-C runtime, and `msghost port` rewrites
/// them into these. The action's `sender` is the item while it runs.
@preconcurrency @MainActor
open class UIBarButtonItem {
    public enum Style: Int, Sendable { case plain, bordered, done }

    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
            search,
            refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close

        /// What the item shows: UIKit's title for a text item, and for an icon the name
        /// VoiceOver reads (there are no SF Symbols here); nil for the spaces.
        var title: String? {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "Add"
            case .flexibleSpace, .fixedSpace: nil
            case .compose: "Compose"
            case .reply: "Reply"
            case .action: "Share"
            case .organize: "Organize"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .refresh: "Refresh"
            case .stop: "Stop"
            case .camera: "Camera"
            case .trash: "Delete"
            case .play: "Play"
            case .pause: "Pause"
            case .rewind: "Rewind"
            case .fastForward: "Fast Forward"
            case .undo: "Undo"
            case .redo: "Redo"
            case .pageCurl: "Page Curl"
            case .close: "Close"
            }
        }
    }

    open var title: String? { didSet { self.changed() } }
    open var image: UIImage? { didSet { self.changed() } }
    open var style = Style.plain { didSet { self.changed() } }
    open var tintColor: UIColor? { didSet { self.changed() } }
    open var isEnabled = true { didSet { self.changed() } }
    open var isHidden = false { didSet { self.changed() } }
    open var width: CGFloat = 0 { didSet { self.changed() } }
    open var tag = 0
    open var primaryAction: UIAction? { didSet { self.changed() } }
    open var customView: UIView? { didSet { self.changed() } }
    public let systemItem: SystemItem?

    /// The bar that shows the item now, told when it changes.
    weak var bar: UINavigationBar?

    public init() { self.systemItem = nil }

    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.systemItem = nil
        self.title = title ?? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }

    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.title = systemItem.title
        self.style = systemItem == .done ? .done : .plain
        self.primaryAction = primaryAction
    }

    public init(customView: UIView) {
        self.systemItem = nil
        self.customView = customView
    }

    /// What a tap on the item does: its action, with the item as the sender.
    func trigger() {
        guard self.isEnabled, let action = self.primaryAction else { return }
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    private func changed() { self.bar?.itemsChanged() }
}
