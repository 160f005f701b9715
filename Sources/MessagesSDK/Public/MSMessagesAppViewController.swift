import Foundation
import MsgHostProtocol

/// `MSMessagesAppViewController`: subclass it and override what you need, as on iOS. It is a
/// `UIViewController`: its `view` is loaded before the first callback (`loadView`, then
/// `viewDidLoad`), sized to the presentation on the device's screen, and it hears UIKit's
/// appearance and layout calls — and so do its children — as Messages shows, resizes and hides
/// the app.
///
/// The host creates one controller per instance of the app (the compact/expanded UI, or a
/// live-layout bubble in the transcript) with the factory given to `MSExtensionMain.run`, and
/// calls the overrides below on the main thread, one at a time, in Messages' order; each call
/// is acknowledged to the host when it returns, so the next one comes only then.
/// `didReceiveTouch(_:)` stands in for the user's touches on a view described with
/// `setView(_:)` (msghost's addition, drawn by msghost-web, for apps in any language).
@preconcurrency @MainActor
open class MSMessagesAppViewController: UIViewController {
    /// The conversation the app is presented in; set before `willBecomeActive(with:)` and updated
    /// by every callback that carries one (after `willSelect`, before `didSelect`, as in Messages).
    public internal(set) var activeConversation: MSConversation?
    /// Compact or expanded for the main instance, transcript for a live bubble. Still the old
    /// style during `willTransition(to:)`, the new one from `didTransition(to:)` on.
    public internal(set) var presentationStyle: MSMessagesAppPresentationStyle = .compact
    public internal(set) var presentationContext: MSMessagesAppPresentationContext = .messages

    /// The host's name for this instance, and the connection its requests go through.
    var instance = ""
    var connection: HostConnection?
    /// A sticker browser added with `addChild(_:)`: its stickers' buttons are its touches.
    var stickerBrowser: MSStickerBrowserViewController?
    /// The stickers of the view last set (`MSViewElement.sticker`), by their index on the wire:
    /// what the app offers when the person opens its stickers, if it has no sticker browser.
    var viewStickers: [MSSticker] = []
    /// Set by the first `setView`: the app declares what it shows, so the host is not sent
    /// the screen of its UIKit views.
    var declaresView = false
    /// Set by `dismiss()`: the host is closing this instance, so its screen is not sent again
    /// (a view the app changes on its way out would be refused `sendWhileNotVisible`).
    var dismissRequested = false

    /// A sticker browser added as a child draws this controller's view (`setView`) and takes
    /// its stickers' touches, as its view would on iOS.
    open override func addChild(_ child: UIViewController) {
        super.addChild(child)
        guard let browser = child as? MSStickerBrowserViewController, child.parent === self else { return }
        self.stickerBrowser = browser
        browser.stickerBrowserView.host = self
        browser.loadViewIfNeeded()
    }

    // MARK: Messages' override points

    open func willBecomeActive(with conversation: MSConversation) {}
    open func didBecomeActive(with conversation: MSConversation) {}
    /// The last chance to do anything with the conversation: return quickly.
    open func willResignActive(with conversation: MSConversation) {}
    open func didResignActive(with conversation: MSConversation) {}
    open func willSelect(_ message: MSMessage, conversation: MSConversation) {}
    open func didSelect(_ message: MSMessage, conversation: MSConversation) {}
    /// One of this app's messages arrived from someone else while the app is active.
    open func didReceive(_ message: MSMessage, conversation: MSConversation) {}
    /// A message of yours left: a direct send, or the user's Send on what you inserted.
    open func didStartSending(_ message: MSMessage, conversation: MSConversation) {}
    /// The user deleted the message you inserted from the input field.
    open func didCancelSending(_ message: MSMessage, conversation: MSConversation) {}
    open func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {}
    open func didTransition(to presentationStyle: MSMessagesAppPresentationStyle) {}
    /// `MSMessagesAppTranscriptPresentation`, for live-layout bubbles: the size the bubble
    /// wants, at most `size` (the host clamps it). The default takes all of it.
    open func contentSizeThatFits(_ size: CGSize) -> CGSize { size }

    // MARK: msghost's addition

    /// The emulated user touched this instance's view (control `touch`, `msghostctl touch`),
    /// with a payload of the test's choosing. It stands for the UIKit touch handlers an iOS
    /// app has, and it is what allows one direct `send` (Messages' "recent touch interaction").
    open func didReceiveTouch(payload: JSONValue) {}

    /// A touch with all it carries: for a button of the view set with `setView(_:)` (control
    /// `activate`), `touch.button` is its id and `touch.fields` every text field's text.
    /// Override this one to see them; the default calls `didReceiveTouch(payload:)`, so apps
    /// written before views keep working. It allows one direct `send`, as any touch.
    open func didReceiveTouch(_ touch: MSTouch) {
        self.didReceiveTouch(payload: touch.payload)
    }

    /// The process's resident memory crossed the app's soft line (manifest `memoryWarningMB`,
    /// else 4/5 of `memoryLimitMB`): free what can be rebuilt, as UIKit asks. Called on every
    /// controller whose instance is live, once per crossing; above `memoryLimitMB` the host
    /// kills the process.
    open override func didReceiveMemoryWarning() {}

    /// The process is about to end (the host's `terminate`, after the last instance resigned,
    /// or the daemon stopping); `reason` is `idle`, `daemonStopping`, `uninstalled`, … Override
    /// it in your subclass to save what must survive; the process exits with status 0 after it.
    open class func extensionWillTerminate(reason: String) {}

    // MARK: Requests

    /// Asks for compact or expanded (`transcript` cannot be requested: Messages raises; here it
    /// is logged and ignored). The transition callbacks follow.
    open func requestPresentationStyle(_ presentationStyle: MSMessagesAppPresentationStyle) {
        guard presentationStyle != .transcript else {
            return HostConnection.log(
                "requestPresentationStyle(.transcript) ignored: Cannot request transition to transcript presentation style"
            )
        }
        self.fireAndForget(
            .requestPresentationStyle,
            PresentationStyleBody(instance: self.instance, presentationStyle: WireMapping.style(presentationStyle)))
    }

    /// Closes the app, as the user would: the resign callbacks follow and the process is
    /// terminated soon after. A no-op for a live bubble.
    open func dismiss() {
        self.dismissRequested = true
        self.fireAndForget(.dismiss, InstanceBody(instance: self.instance))
    }

    private func fireAndForget(_ type: RequestType, _ body: some Encodable) {
        guard let connection = self.connection else {
            return HostConnection.log("\(type.rawValue) before the controller was presented; ignored")
        }
        connection.request(type, body: WireJSON.encode(body)) { result in
            if case .failure(let error) = result { HostConnection.log("\(type.rawValue) failed: \(error)") }
        }
    }
}
