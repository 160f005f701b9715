import Foundation
import MsgHostProtocol
import ZeroMQ

/// A parent app's root view controller and application delegate in one (msghost's: Linux has
/// no UIKit), for the containing app of an iMessage app (PROTOCOL.md §4.10). Subclass it and
/// run it with `MSParentAppMain.run`. The host calls it on the main thread, one call at a
/// time, each acknowledged when it returns, as it does an extension's controller.
@preconcurrency @MainActor
open class MSParentAppViewController {
    var instance = ""
    var connection: HostConnection?
    /// The sheet presented and not yet finished.
    private(set) var presentedCompose: MFMessageComposeViewController?

    public init() {}

    /// `applicationDidBecomeActive(_:)`: the user opened the app (control `openParentApp`).
    open func applicationDidBecomeActive() {}
    /// `applicationWillResignActive(_:)`: the user closed it; the process ends soon after.
    open func applicationWillResignActive() {}
    /// The user touched the app (control `touch` while it is in the foreground).
    open func didReceiveTouch(_ touch: MSTouch) {}
    open func didReceiveMemoryWarning() {}
    /// `application(_:open:options:)`: the user tapped a received bubble of the app, and its
    /// manifest opens messages in the parent app (`parentApp.opensMessages`). `url` is the
    /// message's URL (nil if it has none); `message` the message as this install sees it.
    open func application(open url: URL?, message: MSMessage) {}
    /// The process is about to be ended (`terminate`); `reason` is the host's.
    open class func applicationWillTerminate(reason: String) {}

    /// Presents the compose sheet, as `UIViewController.present(_:animated:completion:)` does.
    /// `completion` gets nil once the sheet is up, or the host's refusal (`msghost.compose`:
    /// `composeAlreadyPresented` 1, `notInForeground` 2; a bad message: Messages' codes).
    public func present(
        _ controller: MFMessageComposeViewController, animated: Bool = true,
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        guard let connection = self.connection else {
            return MSConversation.complete(
                completion, NSError(messages: .unknown, "this parent app is not connected to a host"))
        }
        let body: PresentMessageComposeBody
        let buffers: [[UInt8]]
        do {
            (body, buffers) = try controller.request(instance: self.instance)
        } catch {
            return MSConversation.complete(completion, error)
        }
        connection.request(.presentMessageCompose, body: WireJSON.encode(body), buffers: buffers) { result in
            switch result {
            case .success:
                DispatchQueue.main.async { MainActor.assumeIsolated { self.presentedCompose = controller } }
                MSConversation.complete(completion, nil)
            case .failure(let error):
                MSConversation.complete(completion, NSError(wire: error))
            }
        }
    }

    /// The host says how the sheet finished: its delegate hears it, and it is gone.
    func composeFinished(_ result: MessageComposeResult) {
        guard let controller = self.presentedCompose else { return }
        self.presentedCompose = nil
        controller.messageComposeDelegate?.messageComposeViewController(controller, didFinishWith: result)
    }
}

/// The entry point of a parent-app process (started by msghostd with `MSGHOST_ROLE=parentApp`).
///
/// ```swift
/// MSParentAppMain.run { ShopViewController() }
/// ```
public enum MSParentAppMain {
    /// Connects, says hello and serves the parent app's callbacks on the main thread until the
    /// host says `terminate`; never returns (exit status 0 then, 1 if it cannot start).
    @preconcurrency @MainActor
    public static func run<Controller: MSParentAppViewController>(viewController: @escaping @MainActor () -> Controller)
        -> Never
    {
        MSExtensionMain.serveForever { environment, context in
            try self.start(
                environment: environment, context: context, makeController: viewController,
                willTerminate: { Controller.applicationWillTerminate(reason: $0) }, exit: { Foundation.exit(0) })
        }
    }

    /// Everything `run` does but block and exit (the SDK's tests use it with an in-process host).
    static func start(
        environment: LaunchEnvironment, context: ZMQContext,
        makeController: @escaping @MainActor () -> MSParentAppViewController,
        willTerminate: @escaping @MainActor (String) -> Void, exit: @escaping @MainActor () -> Void,
        helloTimeout: Double = 60
    ) throws -> HostConnection {
        try MSExtensionMain.connect(environment: environment, context: context, helloTimeout: helloTimeout) {
            connection in
            let dispatcher = ParentAppDispatcher(
                connection: connection, makeController: makeController, willTerminate: willTerminate, exit: exit)
            return { dispatcher.receive($0) }
        }
    }
}

/// Runs a parent app's callbacks on the main thread, one at a time, acknowledging each when
/// its override returned. One controller serves the process (a parent app has one instance).
@MainActor
final class ParentAppDispatcher {
    private let connection: HostConnection
    private let makeController: @MainActor () -> MSParentAppViewController
    private let willTerminate: @MainActor (String) -> Void
    private let exit: @MainActor () -> Void
    private var controller: MSParentAppViewController?

    nonisolated init(
        connection: HostConnection, makeController: @escaping @MainActor () -> MSParentAppViewController,
        willTerminate: @escaping @MainActor (String) -> Void, exit: @escaping @MainActor () -> Void
    ) {
        self.connection = connection
        self.makeController = makeController
        self.willTerminate = willTerminate
        self.exit = exit
    }

    nonisolated func receive(_ envelope: Envelope) {
        HostCallback.deliverOnMain(envelope) { self.run($0) }
    }

    private func run(_ callback: HostCallback) {
        defer {
            if callback.kind != .known(.terminate) {
                self.connection.reply(to: callback.id, body: WireJSON.encode(OKReply(Empty())))
            }
        }
        guard case .known(let type) = callback.kind else { return }
        if type == .terminate {
            self.willTerminate(callback.body.reason ?? "unknown")
            self.connection.reply(to: callback.id, body: WireJSON.encode(OKReply(Empty())))
            self.connection.shutdown()
            return self.exit()
        }
        let controller = self.controller(instance: callback.body.instance)
        switch type {
        case .applicationDidBecomeActive: controller.applicationDidBecomeActive()
        case .applicationWillResignActive: controller.applicationWillResignActive()
        case .touch:
            controller.didReceiveTouch(
                MSTouch(
                    payload: callback.body.payload ?? .null, button: callback.body.button,
                    fields: callback.body.fields ?? [:]))
        case .messageComposeDidFinish: controller.composeFinished(MessageComposeResult(callback.body.result!))
        case .didReceiveMemoryWarning: controller.didReceiveMemoryWarning()
        case .openURL:
            controller.application(
                open: callback.body.url.flatMap(URL.init(string:)),
                message: WireMapping.message(from: callback.body.message!))
        default: break  // an extension's callback: never sent to a parent app
        }
    }

    private func controller(instance: String?) -> MSParentAppViewController {
        if let controller = self.controller {
            if let instance { controller.instance = instance }
            return controller
        }
        let controller = self.makeController()
        controller.instance = instance ?? ""
        controller.connection = self.connection
        self.controller = controller
        return controller
    }
}
