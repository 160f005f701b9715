import CSpawn
import Foundation
import MsgHostTesting
import Synchronization
import Testing

@testable import MsgHost

/// Our own spawn (Sources/CSpawn through `ChildProcess`): what a child gets (its own group,
/// /dev/null as stdin, default signals, only the environment given, nothing of ours open), a
/// command that cannot run reported with errno, output read line by line, exit statuses
/// written as before, and the parent-death signal.
@Suite struct ChildProcessTests {
    /// Runs `command` with PATH only, collecting its pid and lines.
    final class Run: Sendable {
        let pid = Mutex<pid_t?>(nil)
        let lines = Mutex<[String]>([])
        var output: [String] { self.lines.withLock { $0 } }

        func start(_ arguments: [String], environment: [String: String] = [:], workingDirectory: String? = nil) async
            -> Result<ChildProcess.Termination, ChildProcess.SpawnError>
        {
            var environment = environment
            environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"]
            let command = ChildProcess.Command(
                command: arguments[0], arguments: Array(arguments.dropFirst()), environment: environment,
                workingDirectory: workingDirectory)
            return await ChildProcess.run(command) { pid in
                self.pid.withLock { $0 = pid }
            } line: { stream, line in
                self.lines.withLock { $0.append("\(stream.rawValue): \(line)") }
            }
        }
    }

    static func failure(_ result: Result<ChildProcess.Termination, ChildProcess.SpawnError>) -> ChildProcess.SpawnError?
    {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func aCommandThatCannotRunIsReportedWithItsErrno() async throws {
        let directory = try TemporaryDirectory()
        let notExecutable = directory.path + "/not-executable"
        try "#!/bin/sh\n".write(toFile: notExecutable, atomically: true, encoding: .utf8)
        let cases: [([String], String?, cspawn_stage, Int32)] = [
            (["/nonexistent/msghost-extension"], nil, CSPAWN_STAGE_EXEC, ENOENT),
            (["msghost-no-such-command"], nil, CSPAWN_STAGE_EXEC, ENOENT),
            ([notExecutable], nil, CSPAWN_STAGE_EXEC, EACCES),
            (["true"], directory.path + "/missing", CSPAWN_STAGE_WORKING_DIRECTORY, ENOENT),
        ]
        for (arguments, workingDirectory, stage, errno) in cases {
            let run = Run()
            let error = try #require(
                Self.failure(await run.start(arguments, workingDirectory: workingDirectory)), "\(arguments)")
            #expect(error.stage == stage && error.errno == errno, "\(arguments): \(error)")
            #expect(
                error.description.contains("(errno \(errno))") && error.description.contains(arguments[0]), "\(error)")
            #expect(run.pid.withLock { $0 } == nil, "never reported as started")
        }
        let run = Run()
        let missing = try #require(Self.failure(await run.start(["msghost-no-such-command"])))
        #expect(missing.description == "could not run msghost-no-such-command: No such file or directory (errno 2)")
    }

    @Test func outputIsReadLineByLineAndTheExitStatusIsReported() async throws {
        let run = Run()
        let result = await run.start(["sh", "-c", "printf 'one\\ntwo\\r\\n\\nthree'; echo oops >&2; exit 3"])
        #expect(result == .success(.exited(3)))
        #expect(
            run.output.filter { $0.hasPrefix("stdout") } == ["stdout: one", "stdout: two", "stdout: ", "stdout: three"])
        #expect(run.output.filter { $0.hasPrefix("stderr") } == ["stderr: oops"])
        #expect("\(try result.get())" == "exited(3)", "the status string swift-subprocess wrote")
    }

    @Test func aProcessEndedByASignalIsSignaled() async throws {
        let result = await Run().start(["sh", "-c", "kill -9 $$"])
        #expect(result == .success(.signaled(SIGKILL)))
        #expect("\(try result.get())" == "signaled(9)")
    }

    /// The shell reports on itself: its group, stdin, open descriptors, signals, environment
    /// and working directory. Its signal masks are read by the shell itself (a `read` loop),
    /// not by a child such as grep: dash blocks every signal around a fork, so a child could
    /// read the shell's mask before the shell restores it (seen under load: 21 times in 400
    /// beside two CPU hogs with grep, never with the loop).
    @Test func theChildStartsCleanInItsOwnGroup() async throws {
        let directory = try TemporaryDirectory()
        let script = """
            echo "pgid $(cut -d' ' -f5 /proc/$$/stat)"
            echo "stdin $(readlink /proc/$$/fd/0) $(cat | wc -c)"
            echo fds; ls /proc/$$/fd
            while IFS= read -r line; do case "$line" in SigBlk:*|SigIgn:*) echo "$line" ;; esac; done < /proc/$$/status
            echo "given ${GIVEN-unset} home ${HOME-unset}"
            echo "cwd $(pwd -P)"
            """
        let run = Run()
        let result = await run.start(
            ["sh", "-c", script], environment: ["GIVEN": "yes"], workingDirectory: directory.path)
        #expect(result == .success(.exited(0)))
        let pid = try #require(run.pid.withLock { $0 })
        let real = try #require(realpath(directory.path, nil))
        defer { free(real) }
        #expect(
            run.output == [
                "stdout: pgid \(pid)",
                "stdout: stdin /dev/null 0",
                "stdout: fds", "stdout: 0", "stdout: 1", "stdout: 2",
                "stdout: SigBlk:\t0000000000000000",
                "stdout: SigIgn:\t0000000000000000",
                "stdout: given yes home unset",
                "stdout: cwd \(String(cString: real))",
            ])
    }

    /// The parent-death signal: a child started through cspawn by a middle process
    /// (Tests/Fixtures/SpawnProbe) dies when that process is killed outright.
    @Test func theChildDiesWhenItsParentIsKilled() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: TestPaths.binary("SpawnProbe", override: "SPAWN_PROBE_BINARY"))
        probe.arguments = ["sleep", "600"]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let child = try #require(pid_t(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the probe said \(line)")
        defer { kill(child, SIGKILL) }
        let stat = try #require(ProcessStat.read(child))
        #expect(stat.isAlive && stat.pgid == child, "running, leading its own group")
        #expect(Self.parent(of: child) == probe.processIdentifier)

        kill(probe.processIdentifier, SIGKILL)
        probe.waitUntilExit()
        let deadline = Date().addingTimeInterval(5)
        while ProcessStat.read(child)?.isAlive == true, Date() < deadline { usleep(10_000) }
        #expect(ProcessStat.read(child)?.isAlive != true, "the child died with its parent")
    }

    static func parent(of pid: pid_t) -> pid_t? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") })
        else { return nil }
        return pid_t(line.dropFirst("PPid:".count).trimmingCharacters(in: .whitespaces))
    }
}
