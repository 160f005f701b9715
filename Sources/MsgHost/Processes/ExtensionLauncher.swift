import Foundation
import Logging
import MsgHostCore
import MsgHostProtocol
import Synchronization

/// Starts extension processes and signals them; reports starts and exits to the loop.
///
/// Each process has a child task of the host service's task group (structured: the service
/// does not return while a process task runs), which waits, without holding a thread, for the
/// process's own thread (`ChildProcess`) to report its exit. A process gets its own process
/// group, so SIGTERM/SIGKILL reach whatever it started too, and once it has exited, for any
/// reason, what is left of its group is killed before its exit is reported: nothing it
/// started outlives it (unless it left the group with `setsid`). It also gets a parent-death
/// signal (SIGKILL), so none outlives a daemon that was killed outright. Its stdout and stderr
/// are read line by line into the daemon's log, labelled with the app and device.
final class ExtensionLauncher: Sendable {
    struct Launch: Sendable {
        var request: LaunchRequest
        var manifest: AppManifest
        var endpoint: String
        /// Set when the extension endpoint is tcp: what the extension connects with.
        var curve: CurveKeys?
    }

    /// The daemon's public key and the secret half of the launch's own key pair.
    struct CurveKeys: Sendable {
        var serverKey: String
        var secretKey: String
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
        /// The leader has exited; the rest of its group is being killed.
        case ending(pgid: pid_t)
    }

    private let pidFile: ExtensionPIDFile?
    /// Each install's data directory, made before its process starts (`ExtensionContainers`).
    let containers: ExtensionContainers?
    /// The daemon user's Python user base (`$HOME/.local`), when containers move HOME and
    /// the daemon's environment names none itself.
    private let pythonUserBase: String?

    init(inbox: Inbox, logger: Logger, pidFile: ExtensionPIDFile? = nil, containers: ExtensionContainers? = nil) {
        self.inbox = inbox
        self.containers = containers
        let environment = ProcessInfo.processInfo.environment
        if containers != nil, environment["PYTHONUSERBASE"] == nil, let home = environment["HOME"],
            FileManager.default.fileExists(atPath: home + "/.local")
        {
            self.pythonUserBase = home + "/.local"
        } else {
            self.pythonUserBase = nil
        }
        self.logger = logger
        self.pidFile = pidFile
        (self.requests, self.continuation) = AsyncStream.makeStream(of: Launch.self)
    }

    /// The pids of running extensions, by launch id.
    func runningPIDs() -> [String: Int32] {
        self.processes.withLock { processes in
            processes.compactMapValues { if case .running(let pid) = $0 { pid } else { nil } }
        }
    }

    /// Whether any extension is running. The loop asks on every turn (to bound its wait by
    /// the next memory sample), so it builds nothing: `runningPIDs()` hashed every launch id
    /// into a new dictionary there, 3 % of a send's instructions (PERFORMANCE.md).
    func anyRunning() -> Bool {
        self.processes.withLock { processes in
            processes.values.contains { if case .running = $0 { true } else { false } }
        }
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
            case .ending:
                break  // its group is being killed already
            case .pendingSignal, nil:
                processes[launchID] = .pendingSignal(number)
            }
        }
    }

    /// SIGKILL to every process still running: the last resort when the loop dies.
    func killAll() {
        self.processes.withLock { processes in
            for entry in processes.values {
                switch entry {
                case .running(let pid):
                    kill(-pid, SIGKILL)
                    kill(pid, SIGKILL)
                case .ending(let pgid):
                    ProcessGroup.kill(pgid)
                case .pendingSignal:
                    break
                }
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
        // The daemon's own environment, with these set over it.
        var environment = ProcessInfo.processInfo.environment
        environment["MSGHOST_ENDPOINT"] = launch.endpoint
        environment["MSGHOST_TOKEN"] = request.token
        environment["MSGHOST_APP"] = request.app
        environment["MSGHOST_PROTOCOL"] = String(WireVersion.major)
        environment["MSGHOST_SCREEN"] = String(decoding: WireJSON.encode(request.screen), as: UTF8.self)
        // Set for a tcp endpoint, and removed otherwise: keys in the daemon's own environment
        // (an operator's shell) are never passed on.
        environment["MSGHOST_CURVE_SERVER_KEY"] = launch.curve?.serverKey
        environment["MSGHOST_CURVE_SECRET_KEY"] = launch.curve?.secretKey
        // Python finds packages installed with `pip install --user` through HOME: keep finding
        // the daemon user's, which a container's empty HOME would hide.
        if let userBase = self.pythonUserBase { environment["PYTHONUSERBASE"] = userBase }
        for (key, value) in manifest.env ?? [:] { environment[key] = value }
        // After the manifest's env: the container's paths are what keeps installs apart, so
        // no manifest can point two devices at one HOME.
        if let containers = self.containers {
            do {
                for (key, value) in try containers.enter(installID: request.installID) { environment[key] = value }
            } catch {
                logger.error(
                    "extension could not be started", metadata: ["command": "\(manifest.command)", "error": "\(error)"])
                // A signal asked for meanwhile.
                self.processes.withLock { _ = $0.removeValue(forKey: request.launchID) }
                self.inbox.post(.processExited(launchID: request.launchID, status: "not started: \(error)"))
                return
            }
        }
        let command = ChildProcess.Command(
            command: manifest.command,
            arguments: manifest.args ?? [],
            environment: environment,
            workingDirectory: manifest.workingDirectory
        )
        let result = await ChildProcess.run(command) { pid in
            self.started(request.launchID, pid: pid)
        } line: { stream, line in
            logger.info("\(line)", metadata: ["stream": "\(stream.rawValue)"])
        }
        let status: String
        switch result {
        case .success(let termination):
            status = "\(termination)"
        case .failure(let error):
            logger.error(
                "extension could not be started", metadata: ["command": "\(manifest.command)", "error": "\(error)"])
            status = "not started: \(error)"
        }
        let leader: pid_t? = self.processes.withLock { processes in
            guard case .running(let pid) = processes[request.launchID] else { return nil }
            processes[request.launchID] = .ending(pgid: pid)
            return pid
        }
        if let leader { await self.endGroup(leader, logger: logger) }
        self.processes.withLock { _ = $0.removeValue(forKey: request.launchID) }
        // Before the exit is reported: an uninstalled install's container is gone by then.
        self.containers?.leave(installID: request.installID)
        self.inbox.post(.processExited(launchID: request.launchID, status: status))
    }

    /// The process runs (called on its thread, before it can be reaped): a signal asked for
    /// while it was spawning is sent now, and the group is recorded before the loop hears of it.
    private func started(_ launchID: String, pid: pid_t) {
        let pending: Int32? = self.processes.withLock { processes in
            defer { processes[launchID] = .running(pid: pid) }
            if case .pendingSignal(let signal) = processes[launchID] { return signal }
            return nil
        }
        if let pending {
            kill(-pid, pending)
            kill(pid, pending)
        }
        self.pidFile?.record(pid)
        self.inbox.post(.processStarted(launchID: launchID, pid: pid))
    }

    /// After a leader has exited, however it did: SIGKILL to what is left of its group (an
    /// extension that acknowledged `terminate` and exited leaves its helpers running, and so
    /// does one that crashed). The group stays in the pid file until none of it runs.
    private func endGroup(_ pgid: pid_t, logger: Logger) async {
        if await ProcessGroup.end(pgid) {
            self.pidFile?.forget(pgid)
        } else {
            logger.warning(
                "part of the extension's process group would not die; it stays recorded", metadata: ["pgid": "\(pgid)"])
        }
    }
}
