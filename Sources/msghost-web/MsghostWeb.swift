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
        discussion:
            "Open the printed URL in a browser: it carries the token every /api/ route needs (made afresh at each start unless --token or --token-file gives one). The page relays control requests to the daemon, so whoever has the token can drive the daemon: it listens on loopback unless --allow-remote is given, answers only requests addressed to a loopback name (or a name given with --allow-host), and refuses requests that other sites' pages send (docs/WEB.md, \"Who can reach the page\")."
    )

    @Option(
        help:
            "The daemon's runtime directory: its control endpoint is ipc://DIR/control.sock (default: $MSGHOST_RUNTIME, else /run/msghost)."
    )
    var runtimeDirectory: String?

    @Option(help: "The daemon's control endpoint, instead of --runtime-directory (for example tcp://127.0.0.1:5560).")
    var endpoint: String?

    @Option(
        help:
            "For a tcp endpoint: the daemon's CURVE public key (its state directory's curve-server.pub; default $MSGHOST_CURVE_SERVER_KEY)."
    )
    var serverKey: String?

    @Option(
        help:
            "For a tcp endpoint: a file holding a CURVE secret key whose public key the daemon's curve.controlKeys lists (default $MSGHOST_CURVE_SECRET_KEY)."
    )
    var secretKeyFile: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port; the URL printed says which).")
    var port = 8080

    @Flag(
        help:
            "Allow a --host that is not a loopback address. The page can drive the daemon: only do this on a network you trust."
    )
    var allowRemote = false

    @Option(
        help: ArgumentHelp(
            "A name the page may be reached by besides 127.0.0.1, localhost and [::1] (a request's Host header), with the listening port; NAME:PORT allows that port instead (an SSH tunnel's local end). Repeatable.",
            valueName: "name"))
    var allowHost: [String] = []

    @Option(
        help:
            "The token the page and every /api/ route need, instead of a random one made at start (other users can read a command line in /proc: prefer --token-file or $MSGHOST_WEB_TOKEN)."
    )
    var token: String?

    @Option(help: "A file holding the token (readable by its owner only).")
    var tokenFile: String?

    @Flag(
        help:
            "Ask for no token (only with a loopback --host): any process of any user on this machine can then drive the daemon through the page."
    )
    var noToken = false

    @Flag(
        help:
            "Start the msghostd installed beside this program on the default world and example apps installed with it, in a temporary directory, and serve its page (stopped at exit). From the msghost .deb or the msghost-daemon wheel."
    )
    var demo = false

    func validate() throws {
        guard (0...65_535).contains(self.port) else {
            throw ValidationError("--port must be 0 to 65535, got \(self.port)")
        }
        if !self.allowRemote && !Self.loopback.contains(self.host) {
            throw ValidationError(
                "--host \(self.host) is not a loopback address: anyone who reaches the page can drive the daemon; pass --allow-remote to listen there anyway"
            )
        }
        if self.endpoint != nil && self.runtimeDirectory != nil {
            throw ValidationError("give --endpoint or --runtime-directory, not both")
        }
        if self.demo && (self.endpoint != nil || self.runtimeDirectory != nil) {
            throw ValidationError("--demo starts a daemon of its own: leave out --endpoint and --runtime-directory")
        }
        if [self.token != nil, self.tokenFile != nil, self.noToken].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --token, --token-file and --no-token")
        }
        if self.noToken && !Self.loopback.contains(self.host) {
            throw ValidationError(
                "--no-token needs a loopback --host (127.0.0.1, ::1, localhost), not \(self.host): off loopback the token is all that keeps others out"
            )
        }
        for name in self.allowHost {
            guard WebAccess.allowedHost(name) != nil else {
                throw ValidationError(
                    "--allow-host \(name.debugDescription) is not a host name, an IPv4 address or a [bracketed] IPv6 address, with an optional :PORT"
                )
            }
        }
    }

    static let loopback = ["127.0.0.1", "::1", "localhost"]

    /// The token every request needs: given (`--token`, `--token-file`, `$MSGHOST_WEB_TOKEN`),
    /// else a fresh random one; nil with `--no-token`.
    func resolvedToken() throws -> WebToken? {
        do {
            if self.noToken { return nil }
            if let token = self.token { return try WebToken(token, source: "--token") }
            if let file = self.tokenFile { return try WebToken.load(file: file) }
            if let token = ProcessInfo.processInfo.environment["MSGHOST_WEB_TOKEN"], !token.isEmpty {
                return try WebToken(token, source: "$MSGHOST_WEB_TOKEN")
            }
            return WebToken.random()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The names a request may be addressed to besides the loopback ones: `--allow-host`, and
    /// the listening address itself when it is one address (not a wildcard, not loopback).
    func allowedHosts() -> Set<String> {
        var names = Set(self.allowHost.map { $0.lowercased() })
        if !["0.0.0.0", "::", "*"].contains(self.host) && !Self.loopback.contains(self.host) {
            names.insert(self.host.contains(":") ? "[\(self.host)]" : self.host)
        }
        return names
    }

    func run() async throws {
        let token = try self.resolvedToken()
        let demo = self.demo ? try Self.startDemo() : nil
        defer { demo?.stop() }
        let link = DaemonLink(
            endpoint: try demo.map { DaemonLink.Endpoint(address: $0.endpoint) } ?? self.resolvedEndpoint())
        try link.start()
        defer { link.stop() }
        try await demo?.waitUntilAnswering(link)
        let watch = DaemonWatch(link: link)
        let metrics = WebMetrics()
        let page = try PageAssets.bundled()
        let access = WebAccess(allowedHosts: self.allowedHosts(), port: ListeningPort(self.port), token: token)
        let host = self.host
        let app = Application(
            router: WebServer.router(link: link, watch: watch, page: page, metrics: metrics, access: access),
            configuration: .init(address: .hostname(host, port: self.port), serverName: "msghost-web"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                access.port.set(port)
                // The URL to open, with the token, as Jupyter prints it; a wildcard listener is
                // shown by its loopback name, which the Host rule admits.
                let shown =
                    ["0.0.0.0", "*"].contains(host)
                    ? "127.0.0.1" : host == "::" ? "[::1]" : host.contains(":") ? "[\(host)]" : host
                let query = access.token.map { "?token=\($0.value)" } ?? ""
                // Written in one call, unbuffered: scripts and tests wait for this line on a pipe.
                let line = "msghost-web: open http://\(shown):\(port)/\(query)  (daemon: \(link.endpoint.address))\n"
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
        do {
            let resolved = try ControlEndpoint.resolve(
                endpoint: self.endpoint, runtimeDirectory: self.runtimeDirectory, serverKey: self.serverKey,
                secretKeyFile: self.secretKeyFile)
            return DaemonLink.Endpoint(address: resolved.address, curve: resolved.curve)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
