import Foundation

/// Resident memory of a process, from /proc/<pid>/statm (resident pages × page size).
enum ProcessMemory {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func residentBytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .ascii) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * self.pageSize
    }
}

/// The pids of the extension processes a daemon started, kept in the runtime directory so
/// that a daemon restarted after `kill -9` can end any that outlived it.
struct ExtensionPIDFile {
    let path: String

    func write(_ pids: [Int32]) {
        let text = pids.map(String.init).joined(separator: "\n")
        try? text.write(toFile: self.path, atomically: true, encoding: .utf8)
    }

    /// Kills the process groups of pids left by an earlier daemon that are still extensions
    /// of ours (their environment has MSGHOST_TOKEN); returns how many it killed.
    func killLeftovers() -> Int {
        guard let text = try? String(contentsOfFile: self.path, encoding: .utf8) else { return 0 }
        var killed = 0
        for pid in text.split(separator: "\n").compactMap({ Int32($0) }) where pid > 1 {
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environ.range(of: Data("MSGHOST_TOKEN=".utf8)) != nil else { continue }
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            killed += 1
        }
        try? FileManager.default.removeItem(atPath: self.path)
        return killed
    }
}
