import Foundation
import MsgHostControl
import MsgHostProtocol
import Synchronization

/// Sustained acknowledged direct sends from several extensions at once: one user per sender
/// device touches as fast as the daemon answers, each touch allowing one send (the Messages
/// rule), so every send is the full cycle a user causes: touch, `sendMessage`, reply,
/// `didStartSending`.
struct ThroughputSuite {
    let daemon: BenchDaemon
    let senders: [DirectSendSuite]

    /// Acknowledged sends per second over `seconds`.
    func run(seconds: Double) throws -> Double {
        for sender in self.senders { _ = try sender.collect() }
        let failures = Mutex<[String]>([])
        let start = monotonicNanos()
        let deadline = start + UInt64(seconds * 1e9)
        let threads = self.senders.map { sender in
            let endpoint = self.daemon.controlEndpoint
            let device = sender.device
            let thread = Thread {
                do {
                    // One control connection per user: ZeroMQ sockets are not shared across threads.
                    let control = try ControlClient(endpoint: endpoint)
                    let body = TouchRequest(device: device, payload: DirectSendSuite.send)
                    while monotonicNanos() < deadline { _ = try control.request(.touch, body) }
                } catch {
                    failures.withLock { $0.append("\(device): \(error)") }
                }
            }
            thread.start()
            return thread
        }
        while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }
        let elapsed = Double(monotonicNanos() - start) / 1e9
        if let failure = failures.withLock({ $0.first }) { throw Processes.SpawnError(description: failure) }
        var acknowledged = 0
        for sender in self.senders {
            let samples = try sender.collect()
            let refused = samples.filter { $0.code != 0 }
            guard refused.isEmpty else {
                throw Processes.SpawnError(
                    description:
                        "\(sender.device): \(refused.count) sends refused (codes \(Set(refused.map(\.code)).sorted()))")
            }
            acknowledged += samples.count
        }
        return Double(acknowledged) / elapsed
    }
}
