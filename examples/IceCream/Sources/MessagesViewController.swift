import MessagesSDK

/// Apple's `MessagesViewController` from IceCreamBuilder, ported.
///
/// Apple's sample shows one of three child view controllers; here they are `Screen`s, each
/// drawn as a view of buttons (`IceCreamView`, `setView`), and the user's taps on them arrive
/// as touches (a button's payload, or `msghostctl touch --payload`):
///
/// | screen | shown when | touch payload | what it does |
/// |---|---|---|---|
/// | history (`IceCreamsViewController`) | compact | `{"add": true}` | asks for expanded, to build a new one |
/// | build (`BuildIceCreamViewController`) | expanded, ice cream unfinished | `{"pick": "cone"}` | adds the next part and inserts the message |
/// | completed (`CompletedIceCreamViewController`) | expanded, ice cream finished | — | — |
///
/// One change to Apple's flow: after the last part it does not dismiss but goes compact, so
/// that when the user sends the finished ice cream (`didStartSending`) it can put a sticker
/// of it in the input field too.
final class MessagesViewController: MSMessagesAppViewController {
    enum Screen: Equatable {
        case history
        case build(IceCream)
        case completed(IceCream)
    }

    /// What the app shows; each change is drawn by msghost-web (`setView`, see `IceCreamView`).
    private(set) var screen: Screen = .history {
        didSet { self.setView(IceCreamView.elements(for: self.screen)) }
    }

    // MARK: Conversation handling (as in Apple's sample)

    override func willBecomeActive(with conversation: MSConversation) {
        super.willBecomeActive(with: conversation)
        self.presentViewController(for: conversation, with: self.presentationStyle)
    }

    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        guard let conversation = self.activeConversation else { fatalError("Expected an active conversation") }
        self.presentViewController(for: conversation, with: presentationStyle)
    }

    /// Not in Apple's sample, which misses this case: a bubble tapped while the app is compact
    /// transitions first and selects after, so the screen must follow the selection.
    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        self.presentViewController(for: conversation, with: .expanded)
    }

    override func didStartSending(_ message: MSMessage, conversation: MSConversation) {
        guard let iceCream = IceCream(message: message), iceCream.isComplete else { return }
        do {
            conversation.insert(try IceCreamStickerCache.sticker(for: iceCream)) { error in
                if let error { print("Failed to insert the sticker: \(error)") }
            }
        } catch {
            print("Failed to make the sticker: \(error)")
        }
        self.dismiss()
    }

    // MARK: Child "view controllers"

    private func presentViewController(for conversation: MSConversation, with presentationStyle: MSMessagesAppPresentationStyle) {
        if presentationStyle == .compact {
            self.screen = .history
        } else {
            let iceCream = IceCream(message: conversation.selectedMessage) ?? IceCream()
            self.screen = iceCream.isComplete ? .completed(iceCream) : .build(iceCream)
        }
    }

    override func didReceiveTouch(payload: JSONValue) {
        guard case .object(let touch) = payload else { return }
        switch self.screen {
        case .history:
            if touch["add"] != nil { self.iceCreamsViewControllerDidSelectAdd() }
        case .build(let iceCream):
            if case .string(let pick) = touch["pick"] { self.buildIceCream(iceCream, didSelect: pick) }
        case .completed:
            break
        }
    }

    /// `IceCreamsViewControllerDelegate`: the "+" cell.
    private func iceCreamsViewControllerDidSelectAdd() {
        self.requestPresentationStyle(.expanded)
    }

    /// The first step's caption. `ICECREAM_FIRST_CAPTION` changes it without a rebuild, so that a
    /// replay of a recorded session can be shown a build that differs (docs/RECORDING.md).
    static let firstCaption = ProcessInfo.processInfo.environment["ICECREAM_FIRST_CAPTION"] ?? "Let's build an ice cream"

    /// `BuildIceCreamViewControllerDelegate`: a part was picked.
    private func buildIceCream(_ iceCream: IceCream, didSelect pick: String) {
        guard let conversation = self.activeConversation else { fatalError("Expected a conversation") }
        var iceCream = iceCream
        let caption: String
        let change: String
        switch iceCream.nextPartKey {
        case Base.queryItemKey?:
            guard let base = Base(rawValue: pick) else { return print("No base called \(pick)") }
            iceCream.base = base
            (caption, change) = (Self.firstCaption, "chose \(base.spoken)")
        case Scoops.queryItemKey?:
            guard let scoops = Scoops(rawValue: pick) else { return print("No scoops called \(pick)") }
            iceCream.scoops = scoops
            (caption, change) = ("I added some scoops", "added \(scoops.spoken)")
        case Topping.queryItemKey?:
            guard let topping = Topping(rawValue: pick) else { return print("No topping called \(pick)") }
            iceCream.topping = topping
            (caption, change) = ("Our finished ice cream", "finished it with \(topping.spoken)")
        default:
            return
        }
        // The same session as the selected message: the earlier bubble collapses into its summary.
        let summary = "$\(conversation.localParticipantIdentifier) \(change)"
        let message = self.composeMessage(with: iceCream, caption: caption, summary: summary, session: conversation.selectedMessage?.session)
        conversation.insert(message) { error in
            if let error { print(error) }
        }
        if iceCream.isComplete {
            self.requestPresentationStyle(.compact)
        } else {
            self.dismiss()
        }
    }

    private func composeMessage(with iceCream: IceCream, caption: String, summary: String, session: MSSession? = nil) -> MSMessage {
        let layout = MSMessageTemplateLayout()
        layout.image = iceCream.renderImage(side: 300, opaque: true)
        layout.caption = caption
        layout.subcaption = iceCream.spoken
        let message = MSMessage(session: session ?? MSSession())
        message.url = iceCream.url
        message.layout = layout
        message.summaryText = summary
        return message
    }
}
