import Foundation
import MsgHostControl
import MsgHostProtocol

/// The control `transcript` query as a UI or a test asks it: the newest `limit` entries of one
/// device's transcript of a busy conversation, timed from the request sent to the whole,
/// verified reply received (the reply's entries are not decoded inside the timing).
struct TranscriptPageSuite {
    /// `transcript` with a page size: `limit` asks for the newest entries only. A daemon that
    /// does not know the field ignores it and answers the whole transcript (`entriesReturned`
    /// says which one was measured).
    struct Request: Encodable {
        var device: String
        var conversation: String
        var limit: Int
    }

    let daemon: BenchDaemon
    let device: String
    let conversation: String
    let limit: Int

    private var request: Request { Request(device: self.device, conversation: self.conversation, limit: self.limit) }

    /// Round trips in ms: `warmup` untimed, then `count` timed, or fewer once `budget` seconds
    /// have passed (at least 3), so a daemon that answers in seconds cannot stall the run.
    func run(warmup: Int, count: Int, budget: Double) throws -> [Double] {
        let body = WireJSON.encode(self.request)
        for _ in 0..<warmup { _ = try self.daemon.control.requestRaw(.transcript, body: body, timeout: 600) }
        let deadline = monotonicNanos() + UInt64(budget * 1e9)
        var samples: [Double] = []
        while samples.count < count && (samples.count < 3 || monotonicNanos() < deadline) {
            let start = monotonicNanos()
            _ = try self.daemon.control.requestRaw(.transcript, body: body, timeout: 600)
            samples.append(Double(monotonicNanos() - start) / 1e6)
        }
        return samples
    }

    /// How many entries one request answers (decoded, not timed).
    func entriesReturned() throws -> Int {
        try self.daemon.control.request(.transcript, self.request, as: TranscriptResult.self, timeout: 600).entries
            .count
    }
}
