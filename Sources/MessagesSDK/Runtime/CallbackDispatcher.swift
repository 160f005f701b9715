import Foundation
import MsgHostProtocol

/// Runs host callbacks on the main thread, one at a time, and acknowledges each when its
/// override returned: the Messages contract that the daemon's ordering relies on.
///
/// It keeps one view controller per instance, made by the app's factory the first time an
/// instance is named and forgotten after `didResignActive`.
@MainActor
final class CallbackDispatcher {
    private let connection: HostConnection
    private let makeController: @MainActor () -> MSMessagesAppViewController
    private let willTerminate: @MainActor (String) -> Void
    private let exit: @MainActor () -> Void
    private var controllers: [String: MSMessagesAppViewController] = [:]
    /// Each instance's screen, where its controller's view is shown.
    private var windows: [String: AppWindow] = [:]

    /// Nonisolated: made on whatever thread starts the extension; used on the main thread only.
    nonisolated init(
        connection: HostConnection, makeController: @escaping @MainActor () -> MSMessagesAppViewController,
        willTerminate: @escaping @MainActor (String) -> Void, exit: @escaping @MainActor () -> Void
    ) {
        self.connection = connection
        self.makeController = makeController
        self.willTerminate = willTerminate
        self.exit = exit
    }

    /// Called on the connection thread: checks the callback there, then queues it for the
    /// main thread (the main queue is FIFO, so the host's order is kept).
    nonisolated func receive(_ envelope: Envelope) {
        HostCallback.deliverOnMain(envelope) { self.run($0) }
    }

    private func run(_ callback: HostCallback) {
        guard case .known(let type) = callback.kind else { return self.acknowledge(callback) }
        if type == .terminate {
            self.willTerminate(callback.body.reason ?? "unknown")
            self.acknowledge(callback)
            self.connection.shutdown()
            return self.exit()
        }
        if type == .didReceiveMemoryWarning {
            // About the whole process, as UIKit tells every loaded view controller, children too.
            for instance in self.controllers.keys.sorted() {
                var stack: [UIViewController] = self.controllers[instance].map { [$0] } ?? []
                while let controller = stack.popLast() {
                    controller.didReceiveMemoryWarning()
                    stack.append(contentsOf: controller.children.reversed())
                }
            }
            return self.acknowledge(callback)
        }
        let body = callback.body
        let instance = body.instance ?? ""
        let controller = self.controller(for: instance, conversation: body.conversation)
        func conversation() -> MSConversation {
            body.conversation.map { MSConversation($0, instance: instance, connection: self.connection) } ?? controller
                .activeConversation!
        }
        func message() -> MSMessage { WireMapping.message(from: body.message!) }
        switch type {
        case .willBecomeActive, .didBecomeActive:
            let active = conversation()
            controller.activeConversation = active
            if let style = body.presentationStyle { controller.presentationStyle = WireMapping.style(style) }
            if let context = body.presentationContext { controller.presentationContext = WireMapping.context(context) }
            type == .willBecomeActive
                ? controller.willBecomeActive(with: active) : controller.didBecomeActive(with: active)
        case .willResignActive:
            controller.willResignActive(with: conversation())
        case .didResignActive:
            controller.didResignActive(with: conversation())
            self.controllers[instance] = nil
            self.windows[instance] = nil
        case .viewWillAppear: self.windows[instance]?.willAppear()
        case .viewWillDisappear: self.windows[instance]?.willDisappear()
        case .viewDidAppear, .viewDidDisappear: self.windows[instance]?.didAppearOrDisappear()
        case .touch where body.point != nil && body.to != nil:
            // A drag on the app's own screen: its views follow it, as UIKit's do.
            self.windows[instance]?.drag(
                from: body.point!, to: body.to!, steps: body.steps ?? TapScreenRequest.defaultDragSteps)
        case .touch where body.point != nil:
            // A tap on the app's own screen: its views answer it, as UIKit's do.
            self.windows[instance]?.touch(at: body.point!, long: body.long ?? false, text: body.text)
        case .touch:
            let touch = MSTouch(payload: body.payload ?? .null, button: body.button, fields: body.fields ?? [:])
            // A sticker browser's button inserts its sticker; every other touch is the app's.
            if controller.stickerBrowser?.handle(touch) != true { controller.didReceiveTouch(touch) }
        case .willSelect:
            controller.willSelect(message(), conversation: conversation())
        case .didSelect, .didReceive, .didStartSending, .didCancelSending:
            let (message, active) = (message(), conversation())
            controller.activeConversation = active
            switch type {
            case .didSelect: controller.didSelect(message, conversation: active)
            case .didReceive: controller.didReceive(message, conversation: active)
            case .didStartSending: controller.didStartSending(message, conversation: active)
            default: controller.didCancelSending(message, conversation: active)
            }
        case .willTransition:
            let style = WireMapping.style(body.presentationStyle!)
            controller.willTransition(to: style)
            self.windows[instance]?.willTransition(to: style)
        case .didTransition:
            let style = WireMapping.style(body.presentationStyle!)
            controller.presentationStyle = style
            self.windows[instance]?.didTransition()
            controller.didTransition(to: style)
        case .contentSizeThatFits:
            let offered = CGSize(width: body.size!.width, height: body.size!.height)
            let wanted = controller.contentSizeThatFits(offered)
            let size = SizeValue(
                width: Double(min(wanted.width, offered.width)), height: Double(min(wanted.height, offered.height)))
            self.windows[instance]?.bubbleSized(CGSize(width: size.width, height: size.height))
            return self.acknowledge(callback, WireJSON.encode(OKReply(ContentSizeResult(size: size))))
        case .stickers:
            // The user opened the sticker drawer: the browser's data source, asked afresh
            // (the host's limit is 256); an app without a browser offers the stickers of its
            // view (`MSViewElement.sticker`), whose indices its sticker elements carry.
            let stickers =
                controller.stickerBrowser.map { $0.stickerBrowserView.askDataSource(upTo: 256).stickers }
                ?? controller.viewStickers
            let values = stickers.map {
                StickerValue(url: $0.imageFileURL.absoluteString, localizedDescription: $0.localizedDescription)
            }
            return self.acknowledge(callback, WireJSON.encode(OKReply(StickersResult(stickers: values))))
        case .terminate, .didReceiveMemoryWarning:
            break  // handled above: neither names an instance
        case .applicationDidBecomeActive, .applicationWillResignActive, .messageComposeDidFinish, .openURL:
            break  // a parent app's (MSParentAppMain): never sent to an extension
        }
        self.acknowledge(callback)
    }

    /// The instance's controller, made (and its view loaded) on first use. A callback that names a new
    /// instance without a conversation (msghostd never sends one) gets an empty conversation,
    /// so the app can still answer it.
    private func controller(for instance: String, conversation: ConversationValue?) -> MSMessagesAppViewController {
        if let controller = self.controllers[instance] { return controller }
        let controller = self.makeController()
        controller.instance = instance
        controller.connection = self.connection
        let value = conversation ?? ConversationValue(localParticipantIdentifier: "", remoteParticipantIdentifiers: [])
        controller.activeConversation = MSConversation(value, instance: instance, connection: self.connection)
        self.controllers[instance] = controller
        self.windows[instance] = AppWindow(controller)
        return controller
    }

    private func acknowledge(_ callback: HostCallback, _ body: [UInt8] = WireJSON.encode(OKReply(Empty()))) {
        if let instance = callback.body.instance { self.sendScreen(of: instance) }
        self.connection.reply(to: callback.id, body: body)
    }

    /// After a callback, the instance's screen if its views changed (`setView` with a `screen`
    /// element, PROTOCOL.md §4.9), sent before the acknowledgement so that the host shows it
    /// by the time the user's action is answered; and between callbacks, when a view changes.
    private func sendScreen(of instance: String) {
        if ScreenUpdates.pass == nil { ScreenUpdates.pass = { [weak self] in self?.sendChangedScreens() } }
        guard let window = self.windows[instance], let screen = window.screenToSend() else { return }
        let body = SetViewBody(instance: instance, view: ViewValue(elements: [screen.element]))
        self.connection.request(.setView, body: WireJSON.encode(body), buffers: [Array(screen.png)]) { result in
            if case .failure(let error) = result { HostConnection.log("the app's screen could not be shown: \(error)") }
        }
    }

    /// Between callbacks (`ScreenUpdates`): the screens that changed since they were sent.
    private func sendChangedScreens() {
        for instance in self.windows.keys.sorted() { self.sendScreen(of: instance) }
    }
}
