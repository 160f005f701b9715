import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

/// msghostctl: play the user and shape the world of a running msghostd.
@main
struct Msghostctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghostctl",
        abstract: "Drive a running msghostd: build its world, open apps, touch them, read transcripts.",
        subcommands: [
            Status.self, World.self, Person.self, DeviceCommand.self, ConversationCommand.self,
            Install.self, Uninstall.self, Participants.self, Open.self, Close.self, Touch.self,
            Tap.self, Chevron.self, Show.self, TypeText.self, Send.self, Cancel.self, Field.self,
            Delivery.self, Release.self, Contact.self, Keep.self, Transcript.self, Events.self,
            Clock.self, Settle.self, Reset.self, MemoryPressure.self, Keygen.self,
            ViewCommand.self, Activate.self, TapScreen.self,
            Metrics.self, WireTapCommand.self, FileCommand.self, Held.self,
            Stickers.self, ChooseSticker.self,
            ParentApp.self, Compose.self,
            Record.self, Replay.self, ExportTest.self, Explore.self, Coverage.self,
        ])
}

/// Options every subcommand shares.
struct Connection: ParsableArguments {
    @Option(
        help:
            "The daemon's control endpoint (default: $MSGHOST_CONTROL, else ipc://$MSGHOST_RUNTIME/control.sock, else ipc:///run/msghost/control.sock)."
    )
    var endpoint: String?

    @Flag(help: "Print the daemon's reply as JSON, for scripts.")
    var json = false

    @Option(help: "Seconds to wait for the daemon's reply.")
    var timeout: Double = 30

    @Option(
        help:
            "For a tcp endpoint: the daemon's CURVE public key, from its state directory's curve-server.pub (default: $MSGHOST_CURVE_SERVER_KEY, for tcp)."
    )
    var serverKey: String?

    @Option(
        help:
            "For a tcp endpoint: a file holding your CURVE secret key, whose public key the daemon's curve.controlKeys lists (default: $MSGHOST_CURVE_SECRET_KEY, for tcp). See `msghostctl keygen`."
    )
    var secretKeyFile: String?

    /// A client of the resolved endpoint, with the CURVE keys given.
    func client() throws -> ControlClient {
        try ControlClient(endpoint: self.resolvedEndpoint, curve: try self.curveKeys())
    }

    /// The CURVE keys from the flags, else the environment; none for an ipc endpoint.
    func curveKeys() throws -> ControlClient.CurveKeys? {
        do {
            return try ControlClient.CurveKeys.resolve(
                endpoint: self.resolvedEndpoint, serverKey: self.serverKey, secretKeyFile: self.secretKeyFile)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs `body` with a client, for what `call` does not fit (following pushes, writing a
    /// file), each line written unbuffered (a pipe sees each at once); errors as `call` reports them.
    func session(_ command: ControlCommand, _ body: (ControlClient, _ write: (String) -> Void) throws -> Void) throws {
        do {
            try body(try self.client()) { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        } catch let error as ControlClient.TransportError {
            FileHandle.standardError.write(Data("msghostctl: \(error.description)\n".utf8))
            throw ExitCode(2)
        } catch let error as WireError {
            FileHandle.standardError.write(
                Data(
                    "msghostctl: \(command.rawValue): \(error.description) (\(error.domain) \(error.code) \(error.name))\n"
                        .utf8))
            throw ExitCode(error.isControl(.notFound) ? 3 : 1)
        }
    }

    var resolvedEndpoint: String {
        if let endpoint { return endpoint }
        let environment = ProcessInfo.processInfo.environment
        if let control = environment["MSGHOST_CONTROL"], !control.isEmpty { return control }
        if let runtime = environment["MSGHOST_RUNTIME"], !runtime.isEmpty { return "ipc://\(runtime)/control.sock" }
        return "ipc:///run/msghost/control.sock"
    }

    /// Sends a request, prints the reply (JSON, or `human` for people), and turns daemon
    /// errors into a message on stderr and a non-zero exit.
    ///
    /// `causes`, for the user's actions: under the reply, what the action caused, one line an
    /// event of those the daemon logged while it ran (each refusal with Apple's code and name,
    /// each message sent and where it arrived), lifecycle events left out. The daemon answers
    /// an action only once every callback it caused was acknowledged, so they are all logged
    /// by then; an event another client caused meanwhile is shown too, as it happened then.
    func call<Result: Decodable>(
        _ command: ControlCommand, _ body: some Encodable = Empty(), as type: Result.Type, causes: Bool = false,
        human: (Result) -> String
    ) throws {
        do {
            let client = try self.client()
            let cursor =
                causes && !self.json
                ? try? client.request(.events, EventsRequest(), as: EventsResult.self, timeout: self.timeout).next : nil
            let envelope = try client.requestRaw(command, body: WireJSON.encode(body), timeout: self.timeout)
            if self.json {
                print(String(decoding: envelope.body, as: UTF8.self))
            } else {
                var lines = [human(try envelope.decodeBody(type))].filter { !$0.isEmpty }
                if let cursor {
                    if let events = try? client.request(
                        .events, EventsRequest(after: cursor), as: EventsResult.self, timeout: self.timeout
                    ).events {
                        lines += events.compactMap(EventText.caused).map { "  " + $0 }
                    } else {
                        lines.append("  (what it caused could not be read: `msghostctl events --after \(cursor)`)")
                    }
                }
                if !lines.isEmpty { print(lines.joined(separator: "\n")) }
            }
        } catch let error as WireError {
            FileHandle.standardError.write(
                Data(
                    "msghostctl: \(command.rawValue): \(error.description) (\(error.domain) \(error.code) \(error.name))\n"
                        .utf8))
            throw ExitCode(
                error.domain == ControlErrorCode.domain && error.code == ControlErrorCode.notFound.rawValue ? 3 : 1)
        } catch let error as ControlClient.TransportError {
            FileHandle.standardError.write(Data("msghostctl: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}
