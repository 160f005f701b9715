import MessagesSDK

/// Apple's `MessagesViewController` from IceCreamBuilder, with its UIKit code as written there:
/// one child view controller per state, swapped in `willTransition(to:)` and pinned to the
/// view with Auto Layout.
///
/// | child | shown when | the person taps | what it does |
/// |---|---|---|---|
/// | `IceCreamsViewController` | compact | "+" (or a finished one: its sticker is staged) | asks for expanded, to build a new one |
/// | `BuildIceCreamViewController` | expanded, unfinished | a part ("A cone") | adds it and stages the message |
/// | `CompletedIceCreamViewController` | expanded, finished | its sticker, or "Send" | stages the sticker, or sends it at once |
///
/// One change to Apple's flow: after the last part it does not dismiss but goes compact, so
/// that when the user sends the finished ice cream (`didStartSending`) it can put a sticker
/// of it in the input field too.
final class MessagesViewController: MSMessagesAppViewController {
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
    /// transitions first and selects after, so the child must follow the selection.
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

    // MARK: Child view controller presentation

    private func presentViewController(
        for conversation: MSConversation, with presentationStyle: MSMessagesAppPresentationStyle
    ) {
        let controller: UIViewController
        if presentationStyle == .compact {
            controller = self.instantiateIceCreamsController()
        } else {
            let iceCream = IceCream(message: conversation.selectedMessage) ?? IceCream()
            controller =
                iceCream.isComplete
                ? self.instantiateCompletedIceCreamController(with: iceCream)
                : self.instantiateBuildIceCreamController(with: iceCream)
        }

        // Remove any existing child controllers.
        for child in self.children {
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
        }

        // Embed the new controller.
        self.addChild(controller)
        controller.view.frame = self.view.bounds
        controller.view.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(controller.view)
        NSLayoutConstraint.activate([
            controller.view.leftAnchor.constraint(equalTo: self.view.leftAnchor),
            controller.view.rightAnchor.constraint(equalTo: self.view.rightAnchor),
            controller.view.topAnchor.constraint(equalTo: self.view.topAnchor),
            controller.view.bottomAnchor.constraint(equalTo: self.view.bottomAnchor),
        ])
        controller.didMove(toParent: self)
    }

    private func instantiateIceCreamsController() -> UIViewController {
        let controller = IceCreamsViewController(history: IceCreamHistory.load())
        controller.delegate = self
        return controller
    }

    private func instantiateBuildIceCreamController(with iceCream: IceCream) -> UIViewController {
        let controller = BuildIceCreamViewController(iceCream: iceCream)
        controller.delegate = self
        return controller
    }

    private func instantiateCompletedIceCreamController(with iceCream: IceCream) -> UIViewController {
        let controller = CompletedIceCreamViewController(iceCream: iceCream)
        controller.delegate = self
        return controller
    }

    // MARK: Convenience

    /// The first step's caption. `ICECREAM_FIRST_CAPTION` changes it without a rebuild, so that a
    /// replay of a recorded session can be shown a build that differs (docs/RECORDING.md).
    static let firstCaption =
        ProcessInfo.processInfo.environment["ICECREAM_FIRST_CAPTION"] ?? "Let's build an ice cream"

    fileprivate func composeMessage(
        with iceCream: IceCream, caption: String, summary: String, session: MSSession? = nil
    ) -> MSMessage {
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

extension MessagesViewController: IceCreamsViewControllerDelegate {
    func iceCreamsViewControllerDidSelectAdd(_ controller: IceCreamsViewController) {
        self.requestPresentationStyle(.expanded)
    }
}

extension MessagesViewController: BuildIceCreamViewControllerDelegate {
    func buildIceCreamViewController(_ controller: BuildIceCreamViewController, didSelect part: any IceCreamPart) {
        guard let conversation = self.activeConversation else { fatalError("Expected a conversation") }
        var iceCream = controller.iceCream
        let caption: String
        let change: String
        switch part {
        case let base as Base:
            iceCream.base = base
            (caption, change) = (Self.firstCaption, "chose \(base.spoken)")
        case let scoops as Scoops:
            iceCream.scoops = scoops
            (caption, change) = ("I added some scoops", "added \(scoops.spoken)")
        case let topping as Topping:
            iceCream.topping = topping
            (caption, change) = ("Our finished ice cream", "finished it with \(topping.spoken)")
        default:
            return
        }
        // The same session as the selected message: the earlier bubble collapses into its summary.
        let summary = "$\(conversation.localParticipantIdentifier) \(change)"
        let message = self.composeMessage(
            with: iceCream, caption: caption, summary: summary, session: conversation.selectedMessage?.session)
        conversation.insert(message) { error in
            if let error { print(error) }
        }
        if iceCream.isComplete {
            var history = IceCreamHistory.load()
            history.append(iceCream)
            history.save()
            self.requestPresentationStyle(.compact)
        } else {
            self.dismiss()
        }
    }
}

extension MessagesViewController: CompletedIceCreamViewControllerDelegate {
    /// "Send": the sticker goes at once, and a line of text is staged after it. Messages allows
    /// one direct send a tap (a second is refused, `sendWithoutRecentInteraction`, 9), so the
    /// text waits in the input field for the person's own Send rather than being sent and refused.
    ///
    /// Both requests are made here, in the tap, not from a task that runs after it: so they
    /// reach Messages before the tap is answered, while the app is surely on screen. A send made
    /// later may find the app closed in between (refused, `sendWhileNotVisible`, 10).
    func completedIceCreamViewControllerDidTapSend(_ controller: CompletedIceCreamViewController) {
        guard let conversation = self.activeConversation else { return }
        let sticker: MSSticker
        do {
            sticker = try IceCreamStickerCache.sticker(for: controller.iceCream)
        } catch {
            controller.statusLabel.text = "Not sent: \(error.localizedDescription)"
            return
        }
        let text = "Our ice cream: \(controller.iceCream.spoken)"
        let sent = Self.started { conversation.send(sticker, completionHandler: $0) }
        let staged = Self.started { conversation.insertText(text, completionHandler: $0) }
        Task { @MainActor in
            do {
                try await sent.value
            } catch {
                controller.statusLabel.text = "Not sent: \(error.localizedDescription)"
                return
            }
            do {
                try await staged.value
                controller.statusLabel.text = "Sticker sent; the text waits in the input field"
            } catch {
                controller.statusLabel.text = "Sticker sent; the text was not staged: \(error.localizedDescription)"
            }
        }
    }

    /// Makes a request now and gives its outcome to await later.
    private static func started(_ request: (@escaping @Sendable ((any Error)?) -> Void) -> Void) -> Task<
        Void, any Error
    > {
        let (outcome, answer) = AsyncStream.makeStream(of: (any Error)?.self)
        request { error in
            answer.yield(error)
            answer.finish()
        }
        return Task {
            for await case let error? in outcome { throw error }
        }
    }
}
