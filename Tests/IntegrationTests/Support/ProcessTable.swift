import Foundation

/// Whether processes the tests know by pid still run, from /proc.
///
/// `kill(pid, 0)` is not enough: it succeeds for a zombie, and an orphan that was killed stays
/// a zombie until the reaper it was handed to waits for it, which some containers' pid 1
/// never does. A zombie runs nothing, so here it counts as gone.
enum ProcessTable {
    /// The one-letter state of `pid` (R, S, D, T, Z, …), or nil when there is no such process.
    static func state(_ pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name, which may itself hold spaces and parentheses.
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        guard let state = self.state(pid) else { return false }
        return state != "Z" && state != "X"
    }

    /// SIGKILL to those of `pids` still running `command`, so that a failed test leaves
    /// nothing behind (and never hits a process that later took over one of the numbers).
    static func killLeftovers(_ pids: [Int32], command: Set<String>) {
        for pid in pids where self.isRunning(pid) {
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            if let name, command.contains(name) { kill(pid, SIGKILL) }
        }
    }
}
