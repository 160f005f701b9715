import Foundation

/// `MSStickerBrowserViewController`: a sticker browser that is its own data source. Subclass
/// it and override `numberOfStickers(in:)` and `stickerBrowserView(_:stickerAt:)`, as on iOS.
///
/// As on iOS it is a child view controller whose view is the sticker browser: the app's
/// `MSMessagesAppViewController` adds it with `addChild(_:)` (or the iOS 10 name
/// `addChildViewController(_:)`) and its view to its own, and the browser then draws the app's
/// view (`setView`) whenever its `stickerBrowserView.reloadData()` is called.
/// When the user activates a sticker's button (msghost-web, `msghostctl activate DEVICE
/// sticker-2`), the sticker is inserted into the input field (`insertSticker`), as tapping
/// a sticker in Messages does; the app's own `didReceiveTouch` does not see that touch.
///
/// When the user opens the sticker drawer (`msghostctl stickers DEVICE`, PROTOCOL.md §4.11),
/// the host asks the browser's data source for its stickers; the user then taps one into the
/// input field or peels it onto a bubble (`msghostctl sticker DEVICE INDEX --onto ENTRY`),
/// which the host does itself, without telling the app, as Messages does.
@preconcurrency @MainActor
open class MSStickerBrowserViewController: UIViewController, MSStickerBrowserViewDataSource {
    public let stickerSize: MSStickerSize
    public let stickerBrowserView: MSStickerBrowserView

    public init(stickerSize: MSStickerSize) {
        self.stickerSize = stickerSize
        self.stickerBrowserView = MSStickerBrowserView(frame: .zero, stickerSize: stickerSize)
        super.init(nibName: nil, bundle: nil)
        self.stickerBrowserView.dataSource = self
    }

    public required init?(coder: NSCoder) {
        self.stickerSize = .regular
        self.stickerBrowserView = MSStickerBrowserView(frame: .zero, stickerSize: .regular)
        super.init(coder: coder)
        self.stickerBrowserView.dataSource = self
    }

    /// Its view is the browser, as on iOS.
    open override func loadView() {
        self.view = self.stickerBrowserView
    }

    open func numberOfStickers(in stickerBrowserView: MSStickerBrowserView) -> Int { 0 }

    /// Only called for indices below `numberOfStickers(in:)`; a subclass must override it when
    /// that is above zero, as on iOS.
    open func stickerBrowserView(_ stickerBrowserView: MSStickerBrowserView, stickerAt index: Int) -> MSSticker {
        fatalError("\(type(of: self)) says it has stickers but does not override stickerBrowserView(_:stickerAt:)")
    }

    /// The app controller this browser was added to, however deep.
    var appController: MSMessagesAppViewController? {
        var current = self.parent
        while let controller = current {
            if let app = controller as? MSMessagesAppViewController { return app }
            current = controller.parent
        }
        return nil
    }

    /// A touch on one of the browser's stickers: insert it, as Messages does on a tap.
    /// False when the touch is not on a sticker of this browser.
    func handle(_ touch: MSTouch) -> Bool {
        guard let sticker = self.stickerBrowserView.sticker(for: touch) else { return false }
        guard let conversation = self.appController?.activeConversation else { return true }
        conversation.insert(sticker) { error in
            if let error { HostConnection.log("inserting the sticker \(sticker.imageFileURL.path) failed: \(error)") }
        }
        return true
    }
}
