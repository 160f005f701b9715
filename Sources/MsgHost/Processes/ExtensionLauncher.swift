import Foundation
import Logging
import MsgHostCore
import MsgHostProtocol
import Subprocess
import SystemPackage
import Synchronization

/// Starts extension processes and signals them; reports starts and exits to the loop.
///
/// Each process runs in a child task of the host service's task group (structured: the
/// service does not return while a process task runs). A process gets its own process group,
/// so SIGTERM/SIGKILL reach whatever it started too. Its stdout and stderr are read line by
/// line into the daemon's log, labelled with the app and device.
final class ExtensionLauncher: Sendable {
    struct Launch: Sendable {
        var request: LaunchRequest
        var manifest: AppManifest
        var endpoint: String
    }

    private let inbox: Inbox
    private let logger: Logger
    private let requests: AsyncStream<Launch>
    private let continuation: AsyncStream<Launch>.Continuation
    /// launch id → pid once spawned, or the signal asked for before the spawn finished.
    private let processes = Mutex<[String: ProcessEntry]>([:])

    private enum ProcessEntry {
        case running(pid: pid_t)
        case pendingSignal(Int32)
    }

    private let pidFile: ExtensionPIDFile?
    /// `setpriv`, when present: it gives each extension a parent-death signal (SIGKILL), so
    /// none outlives a daemon that was killed outright.
    private let setpriv: String?

    init(inbox: Inbox, logger: Logger, pidFile: ExtensionPIDFile? = nil) {
        self.inbox = inbox
        self.logger = logger
        self.pidFile = pidFile
        self.setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        (self.requests, self.continuation) = AsyncStream.makeStream(of: Launch.self)
    }

    /// The pids of running extensions, by launch id.
    func runningPIDs() -> [String: Int32] {
        self.processes.withLock { processes in
            processes.compactMapValues { if case .running(let pid) = $0 { pid } else { nil } }
        }
    }

    private func savePIDs() {
        self.pidFile?.write(Array(self.runningPIDs().values).sorted())
    }

    func launch(_ launch: Launch) { self.continuation.yield(launch) }

    /// No more launches: `runLaunches` returns once every running process has exited.
    func finish() { self.continuation.finish() }

    /// Sends `signal` to the process group of `launchID`; remembered if it is still spawning.
    func signal(_ launchID: String, _ signal: ProcessSignal) {
        let number = signal == .kill ? SIGKILL : SIGTERM
        self.processes.withLock { processes in
            switch processes[launchID] {
            case .running(let pid):
                kill(-pid, number)
                kill(pid, number)
            case .pendingSignal, nil:
                processes[launchID] = .pendingSignal(number)
            }
        }
    }

    /// SIGKILL to every process still running: the last resort when the loop dies.
    func killAll() {
        self.processes.withLock { processes in
            for case .running(let pid) in processes.values {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
        }
    }

    /// Runs every launch asked for, each in a child task, until `finish()`.
    func runLaunches() async {
        await withDiscardingTaskGroup { group in
            for await launch in self.requests {
                group.addTask { await self.run(launch) }
            }
        }
    }

    private func run(_ launch: Launch) async {
        let request = launch.request
        let manifest = launch.manifest
        var labelled = self.logger
        labelled[metadataKey: "app"] = "\(request.app)"
        labelled[metadataKey: "device"] = "\(request.device)"
        let logger = labelled
        var environment: [Environment.Key: String?] = [
            "MSGHOST_ENDPOINT": launch.endpoint,
            "MSGHOST_TOKEN": request.token,
            "MSGHOST_APP": request.app,
            "MSGHOST_PROTOCOL": String(WireVersion.major),
        ]
        for (key, value) in manifest.env ?? [:] { environment[Environment.Key(stringLiteral: key)] = value }
        var options = PlatformOptions()
        options.processGroupID = 0  // its own group, led by itself
        var executable: Executable = manifest.command.contains("/") ? .path(FilePath(manifest.command)) : .name(manifest.command)
        var arguments = manifest.args ?? []
        if let setpriv = self.setpriv {
            arguments = ["--pdeathsig", "KILL", "--", manifest.command] + arguments
            executable = .path(FilePath(setpriv))
        }
        do {
            let result = try await Subprocess.run(
                executable,
                arguments: Arguments(arguments),
                environment: .inherit.updating(environment),
                workingDirectory: manifest.workingDirectory.map { FilePath($0) },
                platformOptions: options,
                input: .none,
                output: .sequence,
                error: .sequence
            ) { execution in
                let pid = execution.processIdentifier.value
                let pending: Int32? = self.processes.withLock { processes in
                    defer { processes[request.launchID] = .running(pid: pid) }
                    if case .pendingSignal(let signal) = processes[request.launchID] { return signal }
                    return nil
                }
                if let pending {
                    kill(-pid, pending)
                    kill(pid, pending)
                }
                self.savePIDs()
                self.inbox.post(.processStarted(launchID: request.launchID, pid: pid))
                await withDiscardingTaskGroup { streams in
                    streams.addTask {
                        do {
                            for try await line in execution.standardOutput.strings() { logger.info("\(line)", metadata: ["stream": "stdout"]) }
                        } catch {
                            logger.debug("stdout ended", metadata: ["error": "\(error)"])
                        }
                    }
                    streams.addTask {
                        do {
                            for try await line in execution.standardError.strings() { logger.info("\(line)", metadata: ["stream": "stderr"]) }
                        } catch {
                            logger.debug("stderr ended", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
            self.processes.withLock { _ = $0.removeValue(forKey: request.launchID) }
            self.savePIDs()
            self.inbox.post(.processExited(launchID: request.launchID, status: "\(result.terminationStatus)"))
        } catch {
            self.processes.withLock { _ = $0.removeValue(forKey: request.launchID) }
            logger.error("extension could not be started", metadata: ["command": "\(manifest.command)", "error": "\(error)"])
            self.inbox.post(.processExited(launchID: request.launchID, status: "not started: \(error)"))
        }
    }
}
