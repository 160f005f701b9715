import Foundation
import MsgHostProtocol
import MsgHostTesting
import ZeroMQ

/// The test playing an extension over a real socket, with the token the daemon gave a real
/// launched process (`TestDaemon.App.probe` writes its environment to a file).
final class ProbeExtension {
    let token: [UInt8]
    let app: String
    private let context = ZMQContext()
    let socket: ZMQSocket
    private var nextID = 0
    /// Extensions sign what they send; a control client sends an empty signature (§2.1).
    private let signs: Bool
    /// Every message body exchanged, as `{"type", "body"}` JSON lines, for schema validation.
    private(set) var transcript: [String] = []

    /// Waits for the probe process to write its environment, then connects.
    convenience init(environmentFile: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var text: String?
        while text == nil && Date() < deadline {
            text = try? String(contentsOfFile: environmentFile, encoding: .utf8)
            if text == nil { usleep(10_000) }
        }
        guard let text else { throw TestDaemonError(description: "the probe never wrote \(environmentFile)") }
        var environment: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let token = environment["MSGHOST_TOKEN"], let endpoint = environment["MSGHOST_ENDPOINT"],
            let app = environment["MSGHOST_APP"]
        else {
            throw TestDaemonError(
                description: "launch environment lacks MSGHOST_TOKEN/ENDPOINT/APP: \(environment.keys.sorted())")
        }
        try self.init(endpoint: endpoint, token: token, app: app)
        self.processID = environment["PROBE_PID"].flatMap { Int32($0) }
    }

    /// The probe process's own pid (from its environment file), for a test that must kill it.
    private(set) var processID: Int32?

    /// Connects with a given token; a stranger (no launch behind it) has an empty one. With
    /// `signs` false it is a raw control client: every signature frame is empty.
    init(endpoint: String, token: String = "", app: String = "", signs: Bool = true) throws {
        self.token = Array(token.utf8)
        self.app = app
        self.signs = signs
        self.socket = try ZMQSocket(self.context, type: .dealer)
        try self.socket.connect(endpoint)
    }

    /// Sends a request signed with `key` (the token by default) and returns its id.
    @discardableResult
    func send(_ type: String, _ body: some Encodable, replyTo: String? = nil, key: [UInt8]? = nil, id: String? = nil)
        throws -> String
    {
        self.nextID += 1
        let id = id ?? "p\(self.nextID)"
        let envelope = Envelope(header: Header(id: id, type: type, replyTo: replyTo, time: 0), encoding: body)
        try self.socket.send(envelope.frames(signingWith: self.signs ? key ?? self.token : nil))
        self.record(type: type, body: envelope.body)
        return id
    }

    func sendRaw(_ frames: [[UInt8]]) throws { try self.socket.send(frames) }

    /// The next message from the daemon, within `timeout` seconds.
    func receive(timeout: Double = 10) throws -> ReceivedFrames {
        let received = try ReceivedFrames(self.receiveFrames(timeout: timeout))
        self.record(type: received.header.type, body: received.envelope.body)
        return received
    }

    private func record(type: String, body: [UInt8]) {
        self.transcript.append(#"{"type":"\#(type)","body":\#(String(decoding: body, as: UTF8.self))}"#)
    }

    /// Checks every body exchanged so far against docs/schema with scripts/check-schemas.py.
    func validateAgainstSchemas() throws -> CommandRun {
        let file = "/tmp/msghost-bodies-\(UUID().uuidString.prefix(8)).jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try self.transcript.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return try CommandRun(
            "/usr/bin/env", ["python3", TestPaths.repository + "/scripts/check-schemas.py", "--bodies", file])
    }

    /// The next message's raw frames, within `timeout` seconds.
    func receiveFrames(timeout: Double = 10) throws -> [[UInt8]] {
        var poller = ZMQPoller([.socket(self.socket)])
        guard try !poller.poll(timeoutMilliseconds: Int(timeout * 1000)).isEmpty,
            let frames = try self.socket.receive(dontWait: true)
        else {
            throw TestDaemonError(description: "no message from the daemon within \(timeout) s")
        }
        return frames
    }

    /// Whether the daemon sends anything within `timeout` seconds.
    func isSilent(for timeout: Double) throws -> Bool {
        var poller = ZMQPoller([.socket(self.socket)])
        return try poller.poll(timeoutMilliseconds: Int(timeout * 1000)).isEmpty
    }

    /// hello with the real token; returns the reply.
    func hello() throws -> ReceivedFrames {
        try self.send("hello", HelloBody(app: self.app, pid: Int(getpid()), sdk: "probe"))
        return try self.receive()
    }

    /// Acknowledges callbacks until `count` have arrived; returns their types in order.
    func acknowledge(_ count: Int) throws -> [(type: String, body: [UInt8])] {
        var seen: [(String, [UInt8])] = []
        while seen.count < count {
            let message = try self.receive()
            guard message.verify(key: self.token) else {
                throw TestDaemonError(description: "daemon message not signed with the token")
            }
            if message.header.type == "reply" { continue }
            seen.append((message.header.type, message.envelope.body))
            try self.send("reply", OKReply(Empty()), replyTo: message.header.id)
        }
        return seen
    }
}
