import Foundation
import MsgHostTesting

/// A full disk for one running daemon: RLIMIT_FSIZE on its process, set from outside with
/// util-linux `prlimit --pid` (as an operator would), so every write the daemon makes at an
/// offset past one byte fails with EFBIG — SQLite's WAL and database writes among them. The
/// daemon ignores SIGXFSZ, so it sees the error instead of being killed. `lift` gives the room
/// back without restarting anything.
enum DiskLimit {
    static func fill(_ daemon: TestDaemon) throws { try self.set(daemon.pid, "1:unlimited") }
    static func lift(_ daemon: TestDaemon) throws { try self.set(daemon.pid, "unlimited:unlimited") }

    private static func set(_ pid: Int32, _ limit: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["prlimit", "--pid", "\(pid)", "--fsize=\(limit)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestDaemonError(
                description: "prlimit --pid \(pid) --fsize=\(limit) exited \(process.terminationStatus)")
        }
    }
}
