import Foundation

/// `MSStickerBrowserViewController`: a sticker browser that is its own data source. Subclass
/// it and override `numberOfStickers(in:)` and `stickerBrowserView(_:stickerAt:)`, as on iOS.
///
/// On iOS it is a child view controller whose view is added to the app's; here the app's
/// `MSMessagesAppViewController` adds it with `addChild(_:)` (or the iOS 10 name
/// `addChildViewController(_:)`), and the browser then draws the app's view (`setView`).
/// When the user activates a sticker's button (msghost-web, `msghostctl activate DEVICE
/// sticker-2`), the sticker is inserted into the input field (`insertSticker`), as tapping
/// a sticker in Messages does; the app's own `didReceiveTouch` does not see that touch.
///
/// When the user opens the sticker drawer (`msghostctl stickers DEVICE`, PROTOCOL.md §4.11),
/// the host asks the browser's data source for its stickers; the user then taps one into the
/// input field or peels it onto a bubble (`msghostctl sticker DEVICE INDEX --onto ENTRY`),
/// which the host does itself, without telling the app, as Messages does.
@MainActor
open class MSStickerBrowserViewController: MSStickerBrowserViewDataSource {
    public let stickerSize: MSStickerSize
    public let stickerBrowserView: MSStickerBrowserView
    /// The app controller this browser was added to.
    public private(set) weak var parent: MSMessagesAppViewController?

    public init(stickerSize: MSStickerSize) {
        self.stickerSize = stickerSize
        self.stickerBrowserView = MSStickerBrowserView(frame: .zero, stickerSize: stickerSize)
        self.stickerBrowserView.dataSource = self
    }

    /// Called once, when added to an app controller.
    open func viewDidLoad() {}

    open func numberOfStickers(in stickerBrowserView: MSStickerBrowserView) -> Int { 0 }

    /// Only called for indices below `numberOfStickers(in:)`; a subclass must override it when
    /// that is above zero, as on iOS.
    open func stickerBrowserView(_ stickerBrowserView: MSStickerBrowserView, stickerAt index: Int) -> MSSticker {
        fatalError("\(type(of: self)) says it has stickers but does not override stickerBrowserView(_:stickerAt:)")
    }

    func attach(to parent: MSMessagesAppViewController) {
        self.parent = parent
        self.stickerBrowserView.host = parent
        self.viewDidLoad()
    }

    /// A touch on one of the browser's stickers: insert it, as Messages does on a tap.
    /// False when the touch is not on a sticker of this browser.
    func handle(_ touch: MSTouch) -> Bool {
        guard let sticker = self.stickerBrowserView.sticker(for: touch) else { return false }
        guard let conversation = self.parent?.activeConversation else { return true }
        conversation.insert(sticker) { error in
            if let error { HostConnection.log("inserting the sticker \(sticker.imageFileURL.path) failed: \(error)") }
        }
        return true
    }
}

extension MSMessagesAppViewController {
    /// Shows a sticker browser as this controller's view (UIKit's `addChild(_:)` followed by
    /// `view.addSubview(browser.view)`): the browser draws with `setView` when its
    /// `stickerBrowserView.reloadData()` is called, and its stickers' buttons insert them.
    public func addChild(_ browser: MSStickerBrowserViewController) {
        self.stickerBrowser = browser
        browser.attach(to: self)
    }

    /// The iOS 10 name of `addChild(_:)`.
    public func addChildViewController(_ browser: MSStickerBrowserViewController) {
        self.addChild(browser)
    }
}
