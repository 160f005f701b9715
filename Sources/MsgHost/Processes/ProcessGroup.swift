import Foundation

/// One process as /proc/<pid>/stat shows it: enough to tell which group it is in, whether it
/// still runs, and (with the boot) which process a reused number belongs to.
struct ProcessStat: Equatable {
    var pid: pid_t
    /// R, S, D, T, Z, …
    var state: Character
    var pgid: pid_t
    /// Clock ticks after boot (field 22): a pid plus this names one process for the whole boot.
    var startTime: UInt64

    /// A zombie (or a process being torn down) runs nothing: it only waits for its parent's
    /// `wait`, which for an orphan is pid 1's, and some containers' pid 1 never waits.
    var isAlive: Bool { self.state != "Z" && self.state != "X" }

    static func read(_ pid: pid_t) -> ProcessStat? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return self.parse(text)
    }

    /// Parses one stat line. The command name, in parentheses, may hold spaces and parentheses
    /// itself, so the fields are counted from the last `)`.
    static func parse(_ text: String) -> ProcessStat? {
        guard let open = text.firstIndex(of: " "), let pid = pid_t(text[..<open]), let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field n is fields[n - 3].
        guard fields.count > 19, let state = fields[0].first, let pgid = pid_t(fields[2]),
            let startTime = UInt64(fields[19])
        else { return nil }
        return ProcessStat(pid: pid, state: state, pgid: pgid, startTime: startTime)
    }

    /// Every process on the machine (those of it that can still be read).
    static func all() -> [ProcessStat] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in pid_t(name).flatMap(self.read) }
    }
}

/// Ends a whole process group: an extension leads its own, so this reaches whatever it
/// started, however deep, unless that called `setsid` or `setpgid` to leave.
///
/// A group id is safe to signal while the group has a member: Linux does not hand the number
/// to a new process until no process uses it as a pid, group or session id. So the group is
/// signalled only when /proc shows a live member, never when it looks empty.
enum ProcessGroup {
    /// Never the whole machine (`kill(-1)`), init's group, or the daemon's own.
    static func mayBeSignalled(_ pgid: pid_t) -> Bool {
        pgid > 1 && pgid != getpgrp() && pgid != getpid()
    }

    static func liveMembers(_ pgid: pid_t) -> [ProcessStat] {
        ProcessStat.all().filter { $0.pgid == pgid && $0.isAlive }
    }

    /// SIGKILL to the group if a member still runs; whether one did.
    @discardableResult
    static func kill(_ pgid: pid_t) -> Bool {
        guard self.mayBeSignalled(pgid), !self.liveMembers(pgid).isEmpty else { return false }
        Foundation.kill(-pgid, SIGKILL)
        return true
    }

    /// Kills the group and waits, in real time, until none of it runs (up to `timeout`);
    /// whether it is gone. SIGKILL cannot be caught, so only a process stuck in the kernel
    /// (state D) makes this wait.
    static func end(_ pgid: pid_t, timeout: Duration = .seconds(2)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while self.kill(pgid) {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// The same, for a thread that may block (the daemon's start, before anything runs).
    static func endBlocking(_ pgid: pid_t, timeout: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while self.kill(pgid) {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }
}
