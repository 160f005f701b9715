import Foundation
import MsgHostProtocol
import ZeroMQ

/// The entry point of an extension process: what iOS does before it calls your principal
/// view controller.
///
/// ```swift
/// // main.swift
/// import MessagesSDK
/// MSExtensionMain.run { MessagesViewController() }
/// ```
public enum MSExtensionMain {
    /// The SDK's name and version, sent in `hello`.
    public static let sdk = "msghost-swift/1"

    /// Connects to the host named by the launch environment, says hello, then serves
    /// callbacks on the main thread until the host says `terminate`; never returns.
    ///
    /// Call it from the main thread (top-level code in `main.swift`). `viewController` makes
    /// one controller per instance. The process exits with status 1 if the environment is not
    /// a launch environment or the host refuses the hello, and with 0 after `terminate`.
    /// Set `MSGHOST_ATTACH_DEVICE` (and the manifest's `attachKey` as `MSGHOST_TOKEN`) to run
    /// it by hand, in a debugger, for one device (attach mode, PROTOCOL.md §4.7).
    ///
    /// Not isolated to the main actor, so that the one line compiles in `main.swift` in the
    /// Swift 5 language mode too, where top-level code is not on the main actor: it checks
    /// that it runs on the main thread instead, and exits with status 1 if not.
    public nonisolated static func run<Controller: MSMessagesAppViewController>(
        viewController: @escaping @MainActor () -> Controller
    ) -> Never {
        guard Thread.isMainThread else {
            HostConnection.log("MSExtensionMain.run must be called on the main thread (top-level code in main.swift)")
            Foundation.exit(1)
        }
        MainActor.assumeIsolated {
            self.serveForever { environment, context in
                try self.start(
                    environment: environment, context: context, makeController: viewController,
                    willTerminate: { Controller.extensionWillTerminate(reason: $0) }, exit: { Foundation.exit(0) })
            }
        }
    }

    /// Starts a process's connection from the launch environment with `start`, then runs the
    /// main run loop for ever; exits with status 1 if it cannot start (an extension's, a parent
    /// app's). The run loop, not `dispatchMain()`: it serves the main queue (callbacks, the main
    /// actor) as `dispatchMain()` does, and it also fires `Timer`s and the other run-loop sources
    /// an iOS app's main loop runs, which `dispatchMain()` never does.
    @MainActor
    static func serveForever(_ start: (LaunchEnvironment, ZMQContext) throws -> HostConnection) -> Never {
        StandardOutput.lineBuffered()
        do {
            let environment = try LaunchEnvironment(ProcessInfo.processInfo.environment)
            if let screen = environment.screen { UIScreen.use(screen) }
            _ = try start(environment, ZMQContext())
        } catch {
            HostConnection.log("\(error)")
            Foundation.exit(1)
        }
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }

    /// Everything `run` does but block and exit: the SDK's tests use it with an in-process host.
    /// Returns once the host accepted the hello; throws its refusal, or after `helloTimeout`.
    static func start(
        environment: LaunchEnvironment, context: ZMQContext,
        makeController: @escaping @MainActor () -> MSMessagesAppViewController,
        willTerminate: @escaping @MainActor (String) -> Void, exit: @escaping @MainActor () -> Void,
        helloTimeout: Double = 60
    ) throws -> HostConnection {
        try self.connect(environment: environment, context: context, helloTimeout: helloTimeout) { connection in
            let dispatcher = CallbackDispatcher(
                connection: connection, makeController: makeController, willTerminate: willTerminate, exit: exit)
            return { dispatcher.receive($0) }
        }
    }

    /// Connects, starts serving callbacks with what `dispatcher` makes for the connection, and
    /// says hello: an extension's start, and a parent app's (`MSParentAppMain`).
    static func connect(
        environment: LaunchEnvironment, context: ZMQContext, helloTimeout: Double,
        dispatcher: (HostConnection) -> @Sendable (Envelope) -> Void
    ) throws -> HostConnection {
        let curve = environment.curveServerKey.flatMap { server in
            environment.curveSecretKey.map { (serverKey: server, secretKey: $0) }
        }
        let connection = try HostConnection(
            context: context, endpoint: environment.endpoint, token: environment.token, curve: curve)
        connection.start(onCallback: dispatcher(connection))
        let answered = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<Envelope, WireError>?>(nil)
        let hello = HelloBody(
            app: environment.app, pid: Int(getpid()), sdk: Self.sdk, attachDevice: environment.attachDevice)
        connection.request(.hello, body: WireJSON.encode(hello)) { result in
            outcome.value = result
            answered.signal()
        }
        guard answered.wait(timeout: .now() + helloTimeout) == .success, let result = outcome.value else {
            connection.shutdown(lingerMs: 0)
            throw LaunchError(
                description: "the host did not answer hello within \(Int(helloTimeout)) s at \(environment.endpoint)")
        }
        if case .failure(let error) = result {
            connection.shutdown(lingerMs: 0)
            throw LaunchError(
                description: "the host refused hello: \(error.name) (\(error.code)): \(error.description)")
        }
        return connection
    }
}
