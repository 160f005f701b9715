import Foundation
import Synchronization

/// The process groups of the extensions a daemon started, kept in the runtime directory so
/// that a daemon restarted after `kill -9` can end whatever of them outlived it.
///
/// A group stays recorded from its leader's start until none of the group runs, not only
/// while the leader runs: after a `kill -9` the parent-death signal ends each leader, but not
/// what the leaders started. The file holds a `boot <boot id>` line, then `<pgid> <leader's
/// start time>` per group. A restarted daemon kills a recorded group only when it is the
/// same boot and the number still names that group (a leader still there has the recorded
/// start time), so neither a file from before a reboot nor a number handed out again since
/// costs an unrelated process its life.
final class ExtensionPIDFile: Sendable {
    let path: String
    private let groups = Mutex<[pid_t: UInt64]>([:])

    init(path: String) { self.path = path }

    /// This boot's id: pids and start times only mean something within one boot.
    static let bootID: String? = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)

    /// Records the group `pgid` leads. Called while its leader has not been waited for, so
    /// its start time can still be read.
    func record(_ pgid: pid_t) {
        guard let leader = ProcessStat.read(pgid) else { return }
        self.groups.withLock { groups in
            groups[pgid] = leader.startTime
            self.write(groups)
        }
    }

    /// The group is gone: nothing of it is left to kill.
    func forget(_ pgid: pid_t) {
        self.groups.withLock { groups in
            guard groups.removeValue(forKey: pgid) != nil else { return }
            self.write(groups)
        }
    }

    /// Kills the groups an earlier daemon recorded that are still its own, and waits for them
    /// to die; returns how many it killed. A group that will not die stays recorded.
    func killLeftovers() -> Int {
        guard let text = try? String(contentsOfFile: self.path, encoding: .utf8) else { return 0 }
        let lines = text.split(separator: "\n")
        var killed = 0
        var left: [pid_t: UInt64] = [:]
        if let bootID = Self.bootID, lines.first == "boot \(bootID)"[...] {
            for line in lines.dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count == 2, let pgid = pid_t(fields[0]), let startTime = UInt64(fields[1]),
                    Self.isStillTheGroup(pgid, ledFrom: startTime), ProcessGroup.kill(pgid)
                else { continue }
                killed += 1
                if !ProcessGroup.endBlocking(pgid) { left[pgid] = startTime }
            }
        }
        self.groups.withLock { groups in
            groups = left
            self.write(groups)
        }
        return killed
    }

    /// Whether `pgid` still names the group whose leader started at `startTime` (this boot):
    /// while any process uses a number as its group, no new process gets it as its pid, so a
    /// process with that pid and another start time means ours emptied and the number moved on.
    static func isStillTheGroup(_ pgid: pid_t, ledFrom startTime: UInt64) -> Bool {
        guard ProcessGroup.mayBeSignalled(pgid) else { return false }
        if let leader = ProcessStat.read(pgid), leader.startTime != startTime { return false }
        return true
    }

    private func write(_ groups: [pid_t: UInt64]) {
        let lines =
            ["boot \(Self.bootID ?? "unknown")"] + groups.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        try? (lines.joined(separator: "\n") + "\n").write(toFile: self.path, atomically: true, encoding: .utf8)
    }
}
