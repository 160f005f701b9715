import Foundation
import MsgHostControl
import MsgHostProtocol
import Synchronization

/// Asks the daemon for `status` every 10 ms on a thread and client of its own, for as long as
/// a test provokes faults, and keeps every round trip: if the loop stalls anywhere (a blocking
/// send, a long commit, a flood that starves the control socket), the longest round trip
/// shows it.
final class StatusWatch: Sendable {
    private struct State {
        var running = true
        var milliseconds: [Double] = []
        var failures: [String] = []
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(endpoint: String) {
        let thread = Thread { [self] in
            defer { self.done.signal() }
            let client: ControlClient
            do { client = try ControlClient(endpoint: endpoint) } catch {
                self.state.withLock { $0.failures.append("could not connect: \(error)") }
                return
            }
            while self.state.withLock({ $0.running }) {
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    _ = try client.request(.status, as: StatusResult.self, timeout: 5)
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    self.state.withLock { $0.milliseconds.append(elapsed) }
                } catch {
                    self.state.withLock { $0.failures.append("\(error)") }
                }
                usleep(10_000)
            }
        }
        thread.start()
    }

    /// The 95th percentile of `status` round trips over `seconds` with no fault under way: what
    /// this machine gives at the moment (other suites' daemons run beside the test's).
    static func baseline(endpoint: String, seconds: Double = 0.5) -> Double {
        let watch = StatusWatch(endpoint: endpoint)
        usleep(UInt32(seconds * 1e6))
        return watch.finish().p95
    }

    /// Stops asking and returns what was seen.
    func finish() -> (count: Int, max: Double, p95: Double, failures: [String]) {
        self.state.withLock { $0.running = false }
        self.done.wait()
        return self.state.withLock { state in
            let sorted = state.milliseconds.sorted()
            let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
            return (sorted.count, sorted.last ?? 0, p95, state.failures)
        }
    }
}
