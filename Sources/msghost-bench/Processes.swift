import Foundation

/// Spawning and watching processes with `posix_spawn` directly: the bare cost the daemon's
/// extension launches are compared against, with nothing of Foundation's `Process` in between.
enum Processes {
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `path` with `arguments` and exactly `environment`; stdout and stderr go to
    /// `output` (appended) or /dev/null.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String], output: String? = nil)
        throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let target = output ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else {
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for `pid` to exit, up to `timeout` seconds; true if it did (and was reaped).
    @discardableResult
    static func wait(_ pid: pid_t, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { return true }
            usleep(1_000)
        }
        return false
    }

    /// SIGTERM, then SIGKILL if it is still there after `grace` seconds; always reaps.
    static func stop(_ pid: pid_t, grace: Double = 10) {
        kill(pid, SIGTERM)
        if !self.wait(pid, timeout: grace) {
            kill(pid, SIGKILL)
            self.wait(pid, timeout: 10)
        }
    }

    /// The file names of the shared objects mapped into `pid` (/proc/PID/maps). Read to its
    /// end through a file handle: `String(contentsOfFile:)` stops after the first 4 KB of a
    /// /proc file, which reports its size as 0.
    static func sharedObjects(_ pid: pid_t) -> Set<String>? {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"),
            let data = try? file.readToEnd()
        else { return nil }
        try? file.close()
        let maps = String(decoding: data, as: UTF8.self)
        return Set(
            maps.split(separator: "\n").compactMap { line in
                // address, permissions, offset, device, inode, then the path (which may hold spaces)
                guard
                    let field = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).dropFirst(5)
                        .first
                else { return nil }
                let path = field.drop { $0 == " " }
                guard path.hasPrefix("/"), path.contains(".so") else { return nil }
                return path.split(separator: "/").last.map(String.init)
            })
    }

    /// Resident set size in bytes (`VmRSS` in /proc/PID/status).
    static func residentBytes(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            return digits.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// SIGTERM, then back as soon as `pid` has exited and is reaped: blocked in `waitpid`, not
    /// polling, so that a figure ending here ends when the process does. SIGKILL if it is still
    /// there after `grace` seconds.
    static func terminate(_ pid: pid_t, grace: Double = 10) {
        kill(pid, SIGTERM)
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + grace, execute: killer)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        killer.cancel()
    }

    /// The command's standard output, or an error naming the command and its output;
    /// `environment`: the command's whole environment (default: this process's).
    static func capture(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw SpawnError(
                description:
                    "\(([path] + arguments).joined(separator: " ")) failed (\(process.terminationStatus)):\n\(text)")
        }
        return text
    }
}

/// Monotonic nanoseconds, the clock every figure is taken with.
func monotonicNanos() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
