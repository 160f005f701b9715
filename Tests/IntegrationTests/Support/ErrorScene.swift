import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting

/// A real daemon for one error-table case, with the probe app (the test plays its extension
/// over a raw socket), a raw control socket, sample files, and what the case wants checked
/// after the error.
final class ErrorScene {
    /// The daemon a row needs: the probe app (and how its manifest differs), other apps, settings.
    struct Setup: Sendable {
        var probeContexts = ["messages"]
        var probeManifest: [String: String] = [:]
        var apps: [TestDaemon.App] = []
        /// The manual clock by default: nothing times out unless the test says so.
        var settings = ["clock": "manual"]
    }

    static let probeApp = "com.example.probe"
    static let device = "kate-iphone"

    let daemon: TestDaemon
    let files: SampleFiles
    private let environmentFile: String
    private var opened: (probe: ProbeExtension, instance: String, pid: Int32)?
    private var rawControl: ProbeExtension?
    /// Checks to run once the error was checked (e.g. that the same connection still works).
    var afterwards: [() throws -> Void] = []
    /// The case stops the daemon: "keeps serving" is not checked.
    var daemonStops = false
    private var checksProbeConnection = false
    /// The probe's instance was closed: its connection is not checked with a request on it.
    private var resigned = false

    private init(daemon: TestDaemon, environmentFile: String) throws {
        self.daemon = daemon
        self.environmentFile = environmentFile
        self.files = try SampleFiles()
    }

    /// Runs `body` against a fresh daemon set up as `setup` says, and always cleans up: the
    /// probe process is killed first (on the manual clock nothing would ever escalate its end).
    static func run(_ setup: Setup, _ body: (ErrorScene) throws -> Void) throws {
        let environmentFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: environmentFile) }
        var probe = TestDaemon.App.probe(bundleID: Self.probeApp, file: environmentFile)
        probe.contexts = setup.probeContexts
        probe.manifest = setup.probeManifest
        try TestDaemon.with(apps: [probe] + setup.apps, settings: setup.settings) { daemon in
            let scene = try ErrorScene(daemon: daemon, environmentFile: environmentFile)
            defer { if let pid = scene.opened?.pid { kill(pid, SIGKILL) } }
            try body(scene)
        }
    }

    // MARK: The probe extension

    /// The probe, opened on Kate's phone (compact, cold start acknowledged) on first use.
    var probe: ProbeExtension { get throws { try self.openProbe().probe } }
    var instance: String { get throws { try self.openProbe().instance } }
    var probePID: Int32 { get throws { try self.openProbe().pid } }

    private func openProbe() throws -> (probe: ProbeExtension, instance: String, pid: Int32) {
        if let opened { return opened }
        let daemon = self.daemon
        let open = Thread.detachedResult { try daemon.open(Self.probeApp, on: Self.device) }
        let probe = try ProbeExtension(environmentFile: self.environmentFile)
        guard try probe.hello().envelope.decodeBody(ReplyStatus.self).isOK else {
            throw TestDaemonError(description: "the probe's hello was refused")
        }
        _ = try probe.acknowledge(4)
        let instance = try open.value().instance
        // The probe's own pid, as it wrote it: never a pid from the daemon's bookkeeping, and
        // never this test process (killing it would end the whole test run).
        guard let pid = probe.processID, pid > 1, pid != getpid() else {
            throw TestDaemonError(description: "the probe did not say its pid")
        }
        self.opened = (probe, instance, pid)
        return (probe, instance, pid)
    }

    /// A control request that returns once the probe has acknowledged the `callbacks` it causes.
    func play(_ callbacks: Int, _ request: @escaping @Sendable (TestDaemon) throws -> Void) throws {
        let probe = try self.probe
        let daemon = self.daemon
        let done = Thread.detachedResult { try request(daemon) }
        _ = try probe.acknowledge(callbacks)
        try done.value()
    }

    func touch() throws { try self.play(1) { try $0.touch(Self.device) } }

    func close() throws {
        try self.play(4) { try $0.close(Self.device) }
        self.resigned = true
    }

    /// Waits (bounded) until the probe's process has started, without connecting.
    func awaitProbeLaunch(timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: self.environmentFile) {
            guard Date() < deadline else {
                throw TestDaemonError(description: "the probe did not start within \(timeout) s")
            }
            usleep(10_000)
        }
    }

    /// Touches the probe and kills its process while the touch callback waits for its
    /// acknowledgement; returns the touch's reply.
    func crashDuringTouch() throws -> ErrorOutcome {
        let (probe, _, pid) = try self.openProbe()
        let id = try self.postControl(.touch, TouchRequest(device: Self.device))
        let callback = try probe.receive()
        guard callback.header.type == CallbackType.touch.rawValue else {
            throw TestDaemonError(description: "expected the touch callback, got \(callback.header.type)")
        }
        kill(pid, SIGKILL)
        return try self.controlReply(to: id)
    }

    /// Sends a request from the probe and returns the daemon's reply to it.
    func request(_ type: String, _ body: some Encodable, buffers: [[UInt8]] = [], id: String? = nil) throws
        -> ErrorOutcome
    {
        let id = id ?? "req-\(UUID().uuidString.prefix(8))"
        return try self.fromProbe(
            RawMessage(
                id: id, type: type, body: String(decoding: WireJSON.encode(body), as: UTF8.self), buffers: buffers))
    }

    /// Sends raw frames from the probe (after its hello), signed with its token unless `key`
    /// says otherwise, and returns the reply. Afterwards the connection must still be served.
    func fromProbe(_ message: RawMessage, key: [UInt8]? = nil) throws -> ErrorOutcome {
        let probe = try self.probe
        try probe.sendRaw(message.frames(key: key ?? probe.token))
        if !self.checksProbeConnection {
            self.checksProbeConnection = true
            self.afterwards.append { [self] in try self.expectProbeServed() }
        }
        return .reply(try Self.reply(on: probe), to: message.id, signedWith: probe.token)
    }

    /// A no-op request on the probe's connection answers ok (unless its instance has resigned).
    private func expectProbeServed() throws {
        guard !self.resigned else { return }
        let probe = try self.probe
        let id = try probe.send(
            "requestPresentationStyle", PresentationStyleBody(instance: try self.instance, presentationStyle: .compact))
        let reply = try Self.reply(on: probe)
        let status = try reply.envelope.decodeBody(ReplyStatus.self)
        guard status.isOK, reply.header.replyTo == id else {
            throw TestDaemonError(
                description:
                    "the probe's connection is no longer served: \(status.failure.map(String.init(describing:)) ?? "replyTo \(reply.header.replyTo ?? "nil")")"
            )
        }
    }

    /// The next reply on `socket`; callbacks that come first are acknowledged.
    static func reply(on socket: ProbeExtension, timeout: Double = 10) throws -> ReceivedFrames {
        while true {
            let message = try socket.receive(timeout: timeout)
            if message.header.type == ReplyType.name { return message }
            try socket.send("reply", OKReply(Empty()), replyTo: message.header.id)
        }
    }

    // MARK: Other peers

    /// A new connection to the extension endpoint that has not said hello.
    func stranger() throws -> ProbeExtension { try ProbeExtension(endpoint: self.daemon.extensionEndpoint) }

    /// Sends raw frames from a new connection that has not said hello; its refusal is unsigned.
    func fromStranger(_ message: RawMessage, key: [UInt8] = []) throws -> ErrorOutcome {
        let stranger = try self.stranger()
        try stranger.sendRaw(message.frames(key: key))
        return .reply(try stranger.receive(), to: message.id, signedWith: nil)
    }

    /// The raw control socket (empty signatures; replies are not filtered by id).
    var control: ProbeExtension {
        get throws {
            if let rawControl { return rawControl }
            let socket = try ProbeExtension(endpoint: self.daemon.control.endpoint, signs: false)
            self.rawControl = socket
            return socket
        }
    }

    /// Sends a control request on the raw control socket and returns its id; the reply is
    /// left to `controlReply(to:)`, for a request answered after the test did something else.
    func postControl(_ command: ControlCommand, _ body: some Encodable = Empty()) throws -> String {
        try self.control.send(command.rawValue, body)
    }

    /// Sends a control request on the raw control socket and returns the reply.
    func controlRequest(_ command: ControlCommand, _ body: some Encodable = Empty()) throws -> ErrorOutcome {
        try self.controlReply(to: try self.postControl(command, body))
    }

    func controlReply(to id: String?) throws -> ErrorOutcome {
        .reply(try Self.reply(on: try self.control), to: id, signedWith: nil)
    }

    /// Sends raw frames on the control socket and returns the reply.
    func fromControl(_ message: RawMessage) throws -> ErrorOutcome {
        try self.control.sendRaw(message.frames(key: nil))
        return try self.controlReply(to: message.id)
    }
}

/// A message whose frames the test chooses, to break one rule at a time.
struct RawMessage {
    /// The header id, or nil when the header is not JSON (nothing can be answered to).
    var id: String?
    var frames: [[UInt8]]

    /// tag, signature, header, body, buffers; `body` nil leaves the body frame out.
    init(
        id: String = "raw-\(UUID().uuidString.prefix(8))", type: String = "insertText", tag: String = WireVersion.tag,
        headerPadding: Int = 0, body: String? = "{}", buffers: [[UInt8]] = []
    ) {
        self.id = id
        let padding = headerPadding > 0 ? #","padding":"\#(String(repeating: "x", count: headerPadding))""# : ""
        let header = #"{"id":"\#(id)","type":"\#(type)","time":0\#(padding)}"#
        self.frames = [Array(tag.utf8), Array(header.utf8)] + (body.map { [Array($0.utf8)] } ?? []) + buffers
    }

    /// A header frame that is not JSON.
    init(unparsableHeader: String) {
        self.id = nil
        self.frames = [WireVersion.tagBytes, Array(unparsableHeader.utf8), Array("{}".utf8)]
    }

    /// The frames with the signature in place (frame 1): HMAC with `key`, or empty.
    func frames(key: [UInt8]?) -> [[UInt8]] {
        let signature = key.map { Signature.sign(self.frames, key: $0) } ?? []
        return [self.frames[0], signature] + self.frames.dropFirst()
    }
}
