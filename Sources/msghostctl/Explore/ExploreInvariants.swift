import Foundation
import MsgHostControl
import MsgHostProtocol

/// The user's own invariants (`--invariants FILE.py`): every function of the file whose name
/// begins with `invariant_` is called after each step with the world as the devices show it —
/// `{"step": N, "devices": {DEVICE: {"view": …, "screen": TEXT, "conversations": {ID:
/// {"transcript": [entry…], "field": {"text", "staged"}}}}}}`, the control API's own values —
/// and fails by raising (an `assert`) or returning False. One Python process runs them all
/// (`python3`, else `$MSGHOST_PYTHON`): it imports the file once, at the start, where a file
/// that does not import is an error naming it, and answers one JSON line per step.
final class ExploreInvariants {
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private var buffer: [UInt8] = []
    let path: String
    /// The functions the file has, by name.
    private(set) var names: [String] = []

    init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExploreError("--invariants \(path): no such file")
        }
        self.path = URL(fileURLWithPath: path).standardizedFileURL.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            ProcessInfo.processInfo.environment["MSGHOST_PYTHON"] ?? "python3", "-c", Self.runner, self.path,
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw ExploreError("--invariants \(path): python3 could not be started: \(error.localizedDescription)")
        }
        self.process = process
        self.input = stdin.fileHandleForWriting
        self.output = stdout.fileHandleForReading
        switch try Self.answer(self.readLine(), path: path) {
        case .object(let ready):
            if case .string(let error)? = ready["error"] {
                self.stop()
                throw ExploreError("--invariants \(path): \(error)")
            }
            if case .array(let list)? = ready["ready"] {
                self.names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
        default:
            break
        }
    }

    deinit { self.stop() }

    func stop() {
        try? self.input.close()
        if self.process.isRunning { self.process.terminate() }
        self.process.waitUntilExit()
    }

    /// Calls every invariant with `world`: nil when all hold, else what failed.
    func check(_ world: JSONValue, step: Int) throws -> String? {
        var line = WireJSON.encode(world)
        line.append(UInt8(ascii: "\n"))
        do {
            try self.input.write(contentsOf: line)
        } catch {
            throw ExploreError("--invariants \(self.path): its Python process is gone")
        }
        guard case .object(let answer) = try Self.answer(self.readLine(), path: self.path) else { return nil }
        guard case .string(let name)? = answer["failed"] else { return nil }
        let message: String = if case .string(let text)? = answer["message"] { text } else { "" }
        return
            "\(URL(fileURLWithPath: self.path).lastPathComponent): \(name) failed\(message.isEmpty ? "" : ": \(message)")"
    }

    private func readLine() throws -> [UInt8]? {
        while true {
            if let newline = self.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { self.buffer.removeSubrange(...newline) }
                return Array(self.buffer[..<newline])
            }
            let chunk = self.output.availableData
            guard !chunk.isEmpty else { return nil }
            self.buffer += chunk
        }
    }

    private static func answer(_ line: [UInt8]?, path: String) throws -> JSONValue {
        guard let line else {
            throw ExploreError(
                "--invariants \(path): its Python process ended (what it wrote to standard error is above)")
        }
        do {
            return try WireJSON.decode(JSONValue.self, from: line)
        } catch {
            throw ExploreError(
                "--invariants \(path): its Python process wrote \(String(decoding: line.prefix(200), as: UTF8.self)), not a JSON line (invariants must not print)"
            )
        }
    }

    /// The world as every device shows it, for the invariants.
    static func world(_ client: ControlClient, step: Int) throws -> JSONValue {
        let world = try client.request(.world, as: WorldResult.self)
        var devices: [String: JSONValue] = [:]
        for device in world.devices {
            let view = try client.request(.view, DeviceRequest(device: device.id), as: ViewResult.self)
            var conversations: [String: JSONValue] = [:]
            for conversation in world.conversations where conversation.members.contains(device.owner) {
                let transcript = try client.request(
                    .transcript, TranscriptRequest(device: device.id, conversation: conversation.id, limit: 20),
                    as: TranscriptResult.self)
                let field = try client.request(
                    .inputField, InputFieldRequest(device: device.id, conversation: conversation.id),
                    as: InputFieldResult.self)
                conversations[conversation.id] = .object([
                    "transcript": try Self.json(transcript.entries), "field": try Self.json(field),
                ])
            }
            let text = ViewText.lines(view.view?.elements ?? [], indent: "").joined(separator: "\n")
            devices[device.id] = .object([
                "view": try Self.json(view), "screen": .string(text), "conversations": .object(conversations),
            ])
        }
        return .object(["step": .number(Double(step)), "devices": .object(devices)])
    }

    private static func json(_ value: some Encodable) throws -> JSONValue {
        try WireJSON.decode(JSONValue.self, from: WireJSON.encode(value))
    }

    /// Imports the file, then answers a line per world: `{"ok": true}` or `{"failed": NAME,
    /// "message": …}`; the first line is `{"ready": [NAME…]}` or `{"error": …}`.
    static let runner = #"""
        import importlib.util, json, os, sys, traceback
        path = sys.argv[1]
        out = os.fdopen(os.dup(1), "w")
        sys.stdout = sys.stderr  # a print() in the user's file must not break the answers
        def say(value):
            out.write(json.dumps(value) + "\n")
            out.flush()
        try:
            sys.path.insert(0, os.path.dirname(path))
            spec = importlib.util.spec_from_file_location("msghost_invariants", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except BaseException:
            error = sys.exc_info()[1]
            where = traceback.extract_tb(error.__traceback__)
            line = next((f" (line {frame.lineno})" for frame in reversed(where) if frame.filename == path), "")
            say({"error": "does not import: " + "".join(traceback.format_exception_only(type(error), error)).strip() + line})
            sys.exit(0)
        checks = sorted((name, value) for name, value in vars(module).items() if name.startswith("invariant_") and callable(value))
        if not checks:
            say({"error": "has no function whose name begins with invariant_"})
            sys.exit(0)
        say({"ready": [name for name, _ in checks]})
        for line in sys.stdin:
            world = json.loads(line)
            answer = {"ok": True}
            for name, check in checks:
                try:
                    if check(world) is False:
                        answer = {"failed": name, "message": "returned False"}
                except AssertionError as error:
                    answer = {"failed": name, "message": str(error) or "an assert failed"}
                except BaseException as error:
                    answer = {"failed": name, "message": f"raised {type(error).__name__}: {error}"}
                if "failed" in answer:
                    break
            say(answer)
        """#
}
