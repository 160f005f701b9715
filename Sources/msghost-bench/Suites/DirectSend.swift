import Foundation
import MsgHostControl
import MsgHostProtocol

/// Direct sends as the user makes them: the harness touches the app (control `touch`), the
/// extension sends from inside its touch handler and times `sendMessage` → its reply (stored,
/// delivered, acknowledged), exactly as the floor client times its echo.
final class DirectSendSuite {
    let daemon: BenchDaemon
    let device: String
    let conversation: String
    let app: String
    /// The session every timed send belongs to (so each one replaces the previous bubble of
    /// that session, SPEC §5); nil: sends without a session.
    let session: String?
    /// Where the extension writes its samples: the path its manifest gives, plus its pid.
    private let samplesPrefix: String
    private var samplesFile = ""

    init(
        daemon: BenchDaemon, device: String, conversation: String, app: String, session: String? = nil,
        samplesPrefix: String
    ) {
        self.daemon = daemon
        self.device = device
        self.conversation = conversation
        self.app = app
        self.session = session
        self.samplesPrefix = samplesPrefix
    }

    static let send: JSONValue = .object(["op": .string("send")])
    static let report: JSONValue = .object(["op": .string("report")])
    private var sendPayload: JSONValue {
        self.session.map { .object(["op": .string("send"), "session": .string($0)]) } ?? Self.send
    }

    /// Opens the app (compact, visible), so touches reach a running extension.
    func open() throws {
        _ = try self.daemon.control.request(
            .open, OpenRequest(device: self.device, conversation: self.conversation, app: self.app), as: OpenResult.self
        )
        guard let pid = try self.daemon.extensionPID(device: self.device, app: self.app) else {
            throw Processes.SpawnError(description: "\(self.app) on \(self.device) is not running after open")
        }
        self.samplesFile = "\(self.samplesPrefix).\(pid)"
    }

    /// `count` sends after `warmup`; round trips in µs. Any refused send fails the run.
    func run(warmup: Int, count: Int) throws -> [Double] {
        for _ in 0..<warmup { try self.touch(self.sendPayload) }
        _ = try self.collect()
        for _ in 0..<count { try self.touch(self.sendPayload) }
        let samples = try self.collect()
        let refused = samples.filter { $0.code != 0 }
        guard refused.isEmpty, samples.count == count else {
            throw Processes.SpawnError(
                description:
                    "\(self.app) on \(self.device): \(samples.count) sends recorded for \(count) touches, \(refused.count) refused (codes \(Set(refused.map(\.code)).sorted()))"
            )
        }
        return samples.map(\.micros)
    }

    func touch(_ payload: JSONValue) throws {
        _ = try self.daemon.control.request(.touch, TouchRequest(device: self.device, payload: payload))
    }

    /// Has the extension write its samples (and forget them), then reads them.
    func collect() throws -> [SampleFile.Sample] {
        try self.touch(Self.report)
        return try SampleFile.read(self.samplesFile)
    }
}
