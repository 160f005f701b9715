import CSpawn
import Foundation
import Logging

/// An extension's process, started by our own spawn (`Sources/CSpawn`) and watched by a thread
/// of its own, which reads its output and reaps it.
///
/// Why a hand-written spawn: the child must get its parent-death signal between fork and exec,
/// and swift-subprocess 1.0 has no pre-exec hook on Linux (an extra exec of `setpriv` cost
/// 0.8 ms a launch). Why a thread per process: `PR_SET_PDEATHSIG` fires when the *thread*
/// that made the child ends, not the process, so the spawning thread must outlive the child.
/// This one does: it spawns, waits for the exit (a pidfd in `poll`, beside the output pipes),
/// reaps, and only then drains what is left of the pipes and ends. None of it runs on the
/// loop thread or holds a task's thread.
enum ChildProcess {
    struct Command: Sendable {
        /// A path, or a name looked up in the environment's PATH (as execvp does).
        var command: String
        var arguments: [String]
        /// The child's whole environment.
        var environment: [String: String]
        var workingDirectory: String?
    }

    enum Stream: String, Sendable { case stdout, stderr }

    /// How the process ended, written as swift-subprocess wrote it (`exited(0)`,
    /// `signaled(9)`): events and logs keep the status strings they always had.
    enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Reaped by someone else (the daemon's SIGCHLD ignored): gone, but how is not known.
        case unknown

        /// From a `waitpid` status (no stops are asked for, so it exited or was signalled).
        init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        }

        var description: String {
            switch self {
            case .exited(let code): "exited(\(code))"
            case .signaled(let signal): "signaled(\(signal))"
            case .unknown: "unknown (reaped elsewhere)"
            }
        }
    }

    /// Why a process did not start: the step of the child's set-up that failed, and errno.
    struct SpawnError: Error, Equatable, CustomStringConvertible {
        var command: String
        var workingDirectory: String?
        var stage: cspawn_stage
        var errno: Int32

        var description: String {
            let reason = "\(String(cString: strerror(self.errno))) (errno \(self.errno))"
            switch self.stage {
            case CSPAWN_STAGE_EXEC: return "could not run \(self.command): \(reason)"
            case CSPAWN_STAGE_WORKING_DIRECTORY:
                return
                    "could not enter the working directory \(self.workingDirectory ?? "?") for \(self.command): \(reason)"
            case CSPAWN_STAGE_SIGNALS: return "could not reset the signals of \(self.command): \(reason)"
            case CSPAWN_STAGE_PROCESS_GROUP: return "could not give \(self.command) its own process group: \(reason)"
            case CSPAWN_STAGE_PARENT_DEATH_SIGNAL:
                return "could not give \(self.command) its parent-death signal: \(reason)"
            case CSPAWN_STAGE_STANDARD_INPUT:
                return "could not open /dev/null as the stdin of \(self.command): \(reason)"
            case CSPAWN_STAGE_STANDARD_OUTPUT:
                return "could not connect the stdout and stderr of \(self.command): \(reason)"
            default: return "could not start \(self.command): \(reason)"
            }
        }
    }

    /// Starts `command` and returns once it has exited, or failed to start. `started` runs on
    /// the process's thread before anything can reap the child (so /proc still shows it), and
    /// `line` gets each line of its stdout and stderr, also after it has exited, for as long
    /// as something it started keeps them open.
    static func run(
        _ command: Command,
        started: @escaping @Sendable (pid_t) -> Void,
        line: @escaping @Sendable (Stream, String) -> Void
    ) async -> Result<Termination, SpawnError> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let process: cspawn_process
                switch self.spawn(command) {
                case .failure(let error):
                    continuation.resume(returning: .failure(error))
                    return
                case .success(let spawned):
                    process = spawned
                }
                started(process.pid)
                var watch = ChildProcessWatch(process: process, line: line)
                let termination = watch.waitForExit()
                continuation.resume(returning: .success(termination))
                watch.drain()
            }
            thread.start()
        }
    }

    /// The spawn alone, on the calling thread (which the child's parent-death signal is tied to).
    static func spawn(_ command: Command) -> Result<cspawn_process, SpawnError> {
        let arguments = CStringArray([command.command] + command.arguments)
        let environment = CStringArray(command.environment.map { "\($0.key)=\($0.value)" })
        var process = cspawn_process()
        var failure = cspawn_failure()
        let started = command.command.withCString { path in
            command.environment["PATH"].withOptionalCString { searchPath in
                command.workingDirectory.withOptionalCString { workingDirectory in
                    var request = cspawn_request(
                        command: path, argv: arguments.pointers, envp: environment.pointers, search_path: searchPath,
                        working_directory: workingDirectory)
                    return cspawn_start(&request, &process, &failure)
                }
            }
        }
        guard started == 0 else {
            return .failure(
                SpawnError(
                    command: command.command, workingDirectory: command.workingDirectory,
                    stage: cspawn_stage(UInt32(failure.stage)), errno: failure.error))
        }
        return .success(process)
    }
}

/// A NULL-terminated array of C strings (argv, envp), freed with it.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        self.count = strings.count
        self.pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { self.pointers[index] = strdup(string) }
        self.pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<self.count { free(self.pointers[index]) }
        self.pointers.deallocate()
    }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let self else { return body(nil) }
        return self.withCString { body($0) }
    }
}
