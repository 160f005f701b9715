import ArgumentParser
import Foundation
import Hummingbird
import MsgHostControl
import MsgHostWeb

/// The web simulator: every device's screen in a browser, driven through the daemon's control
/// API only (docs/WEB.md).
@main
struct MsghostWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghost-web",
        abstract: "Serve a page that shows and drives a running msghostd, through its control API.",
        discussion: "Open the printed URL in a browser. The page relays control requests to the daemon, so anyone who can reach it can drive the daemon: it listens on loopback unless --allow-remote is given."
    )

    @Option(help: "The daemon's runtime directory: its control endpoint is ipc://DIR/control.sock (default: $MSGHOST_RUNTIME, else /run/msghost).")
    var runtimeDirectory: String?

    @Option(help: "The daemon's control endpoint, instead of --runtime-directory (for example tcp://127.0.0.1:5560).")
    var endpoint: String?

    @Option(help: "For a tcp endpoint: the daemon's CURVE public key (its state directory's curve-server.pub; default $MSGHOST_CURVE_SERVER_KEY).")
    var serverKey: String?

    @Option(help: "For a tcp endpoint: a file holding a CURVE secret key whose public key the daemon's curve.controlKeys lists (default $MSGHOST_CURVE_SECRET_KEY).")
    var secretKeyFile: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port; the URL printed says which).")
    var port = 8080

    @Flag(help: "Allow a --host that is not a loopback address. The page can drive the daemon: only do this on a network you trust.")
    var allowRemote = false

    @Flag(help: "Start the msghostd installed beside this program on the default world and example apps installed with it, in a temporary directory, and serve its page (stopped at exit). From the msghost .deb or the msghost-daemon wheel.")
    var demo = false

    func validate() throws {
        guard (0...65_535).contains(self.port) else { throw ValidationError("--port must be 0 to 65535, got \(self.port)") }
        if !self.allowRemote && !["127.0.0.1", "::1", "localhost"].contains(self.host) {
            throw ValidationError("--host \(self.host) is not a loopback address: anyone who reaches the page can drive the daemon; pass --allow-remote to listen there anyway")
        }
        if self.endpoint != nil && self.runtimeDirectory != nil {
            throw ValidationError("give --endpoint or --runtime-directory, not both")
        }
        if self.demo && (self.endpoint != nil || self.runtimeDirectory != nil) {
            throw ValidationError("--demo starts a daemon of its own: leave out --endpoint and --runtime-directory")
        }
    }

    func run() async throws {
        let demo = self.demo ? try Self.startDemo() : nil
        defer { demo?.stop() }
        let link = DaemonLink(endpoint: try demo.map { DaemonLink.Endpoint(address: $0.endpoint) } ?? self.resolvedEndpoint())
        try link.start()
        defer { link.stop() }
        try await demo?.waitUntilAnswering(link)
        let watch = DaemonWatch(link: link)
        let metrics = WebMetrics()
        let page = try PageAssets.bundled()
        let host = self.host
        let app = Application(
            router: WebServer.router(link: link, watch: watch, page: page, metrics: metrics),
            configuration: .init(address: .hostname(host, port: self.port), serverName: "msghost-web"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                // Written in one call, unbuffered: scripts and tests wait for this line on a pipe.
                let line = "msghost-web: open http://\(shown):\(port)/  (daemon: \(link.endpoint.address))\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await watch.run() }
            group.addTask { try await app.runService() }
            if let demo { group.addTask { try await demo.waitForExit() } }
            try await group.next()
            group.cancelAll()
        }
    }

    static func startDemo() throws -> DemoDaemon {
        do {
            return try DemoDaemon.start()
        } catch let error as DemoError {
            FileHandle.standardError.write(Data("msghost-web: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    func resolvedEndpoint() throws -> DaemonLink.Endpoint {
        let environment = ProcessInfo.processInfo.environment
        let address: String
        if let endpoint = self.endpoint {
            address = endpoint
        } else {
            let directory = self.runtimeDirectory ?? environment["MSGHOST_RUNTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/msghost"
            address = "ipc://\(directory)/control.sock"
        }
        let curve: ControlClient.CurveKeys?
        do {
            curve = try ControlClient.CurveKeys.resolve(endpoint: address, serverKey: self.serverKey, secretKeyFile: self.secretKeyFile)
        } catch {
            throw ValidationError(error.description)
        }
        if address.hasPrefix("tcp://") && curve == nil {
            throw ValidationError("a tcp endpoint is a CURVE server: give --server-key and --secret-key-file (or MSGHOST_CURVE_SERVER_KEY and MSGHOST_CURVE_SECRET_KEY)")
        }
        return DaemonLink.Endpoint(address: address, curve: curve)
    }
}
