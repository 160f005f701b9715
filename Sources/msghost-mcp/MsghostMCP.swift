import ArgumentParser
import Foundation
import MCP
import MsgHostControl
import MsgHostMCP

/// An MCP server over stdio that lets a coding agent play the users of an msghost world
/// (docs/AGENTS.md): a client of the documented control API only, like msghost-web and
/// msghostctl, against a running daemon or one it starts itself on a world file.
@main
struct MsghostMCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghost-mcp",
        abstract: "Serve msghost's control API as Model Context Protocol tools over stdio, for a coding agent.",
        discussion:
            "Add it to an agent's MCP configuration (docs/AGENTS.md). It talks MCP on standard input and output only; what it has to say otherwise goes to standard error."
    )

    @Option(
        help:
            "The daemon's runtime directory: its control endpoint is ipc://DIR/control.sock (default: $MSGHOST_RUNTIME, else /run/msghost)."
    )
    var runtimeDirectory: String?

    @Option(help: "The daemon's control endpoint, instead of --runtime-directory (for example tcp://127.0.0.1:5560).")
    var endpoint: String?

    @Option(help: "For a tcp endpoint: the daemon's CURVE public key (default $MSGHOST_CURVE_SERVER_KEY).")
    var serverKey: String?

    @Option(
        help:
            "For a tcp endpoint: a file holding a CURVE secret key the daemon's curve.controlKeys admits (default $MSGHOST_CURVE_SECRET_KEY)."
    )
    var secretKeyFile: String?

    @Option(
        help:
            "Start a daemon of its own on this world file (a world.yaml), in a temporary directory removed at exit: a throwaway session."
    )
    var world: String?

    @Option(help: "With --world: the folder of app manifests (default: apps beside the world file).")
    var apps: String?

    @Option(help: "With --world: the daemon's clock, system or manual (advanceClock moves a manual one).")
    var clock: String = "system"

    @Option(help: "With --world: the msghostd to run (default: $MSGHOSTD, the one beside msghost-mcp, else PATH's).")
    var msghostd: String?

    @Option(
        help: "The msghostctl the replay tool runs (default: $MSGHOSTCTL, the one beside msghost-mcp, else PATH's).")
    var msghostctl: String?

    @Option(help: "How many of a transcript's newest entries a screen shows (1 to 50).")
    var screenEntries: Int = 6

    @Option(help: "How long a control request may wait for the daemon's reply, in seconds (1 to 3600).")
    var timeout: Int = 60

    func validate() throws {
        if self.endpoint != nil && self.runtimeDirectory != nil {
            throw ValidationError("give --endpoint or --runtime-directory, not both")
        }
        if self.world != nil && (self.endpoint != nil || self.runtimeDirectory != nil) {
            throw ValidationError("--world starts a daemon of its own: leave out --endpoint and --runtime-directory")
        }
        if self.world == nil && (self.apps != nil || self.msghostd != nil || self.clock != "system") {
            throw ValidationError("--apps, --clock and --msghostd are for the daemon --world starts")
        }
        guard ["system", "manual"].contains(self.clock) else {
            throw ValidationError("--clock must be system or manual, not \(self.clock)")
        }
        guard (1...50).contains(self.screenEntries) else {
            throw ValidationError("--screen-entries must be 1 to 50, got \(self.screenEntries)")
        }
        guard (1...3600).contains(self.timeout) else {
            throw ValidationError("--timeout must be 1 to 3600 seconds, got \(self.timeout)")
        }
    }

    func run() async throws {
        var own: OwnDaemon?
        let link: ControlLink
        do {
            if let world = self.world {
                let daemon = try OwnDaemon.start(
                    world: world, apps: self.apps, clock: self.clock, msghostd: self.msghostd)
                own = daemon
                link = try ControlLink(endpoint: daemon.endpoint, timeout: Double(self.timeout))
                try await daemon.waitUntilAnswering()
            } else {
                let resolved = try self.resolvedEndpoint()
                link = try ControlLink(endpoint: resolved.address, curve: resolved.curve, timeout: Double(self.timeout))
            }
        } catch let error as OwnDaemon.Failure {
            own?.stop()
            Self.say("msghost-mcp: \(error.description)")
            throw ExitCode.failure
        }
        defer { own?.stop() }
        // An agent usually ends the server by closing its standard input (the daemon is then
        // stopped as `run` returns); one that sends SIGTERM, SIGINT or SIGHUP instead must not
        // leave the daemon of `--world` running with its temporary directory.
        if let own { try StopSignals.install { own.stop() } }
        if let own { Self.say("msghost-mcp: started msghostd pid \(own.pid) in \(own.directory) (removed at exit)") }
        Self.say("msghost-mcp: serving MCP on stdio for the daemon at \(link.endpoint)")
        let runner = ToolRunner(
            link: link, screenEntries: self.screenEntries, programs: Programs(msghostctl: self.msghostctl))
        let server = await MCPServer.make(
            runner: runner, resources: ResourceCatalog(link: link, screenEntries: self.screenEntries), version: "1.0.0")
        try await server.start(transport: LineTransport())
        await server.waitUntilCompleted()
    }

    func resolvedEndpoint() throws -> ControlEndpoint {
        do {
            return try ControlEndpoint.resolve(
                endpoint: self.endpoint, runtimeDirectory: self.runtimeDirectory, serverKey: self.serverKey,
                secretKeyFile: self.secretKeyFile)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// To standard error: standard output is the MCP channel.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
