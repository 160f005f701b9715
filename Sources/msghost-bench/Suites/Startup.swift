import Foundation
import MsgHostControl
import MsgHostProtocol

/// Daemon start → READY=1 (sd_notify) with a fresh state directory each time: config read,
/// store created and migrated, world seeded, sockets bound.
struct StartupSuite {
    let binary: String
    let directory: String
    let world: BenchWorld

    /// Milliseconds to READY per start, and the resident memory of the last one once idle.
    func run(_ starts: Int) throws -> (ready: [Double], idleRSS: Int?) {
        var times: [Double] = []
        var rss: Int?
        for n in 0..<starts {
            let daemon = try BenchDaemon(
                binary: self.binary, directory: "\(self.directory)/start-\(n)", world: self.world)
            defer {
                daemon.stop()
                try? FileManager.default.removeItem(atPath: daemon.directory)
            }
            times.append(try daemon.start())
            if n == starts - 1 {
                _ = try daemon.control.request(.settle, as: ClockResult.self)
                usleep(300_000)  // idle: past the first memory sample and any start-up work
                rss = daemon.residentBytes
            }
        }
        return (times, rss)
    }
}
