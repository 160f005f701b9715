import Foundation
import MsgHostControl
import MsgHostWeb

/// `msghost-web --demo`: README command 1 for an installed msghost (the `.deb`, or the
/// msghost-daemon wheel), where there is no checkout to run scripts/simulator from. It starts
/// the `msghostd` installed beside this program on the default world and example apps that the
/// package installed (`../../share/msghost/demo` from this program's directory: both packages lay
/// their files out so), in a fresh temporary directory, and serves the page for it. The daemon is
/// its child, so it is driven through the control API like any other, and stopped at exit.
struct DemoDaemon: Sendable {
    /// The daemon's control endpoint, in the temporary runtime directory.
    let endpoint: String
    /// Its state and runtime directories' parent, removed at exit.
    let directory: URL
    private let process: Process

    /// The installation this program is part of: where it is, after symbolic links (the
    /// `.deb`'s /usr/bin entries point into /usr/lib/msghost).
    static func programDirectory() throws -> URL {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// Starts the daemon; `waitUntilAnswering` then waits for its control endpoint.
    static func start() throws -> DemoDaemon {
        let programs = try self.programDirectory()
        let msghostd = programs.appendingPathComponent("msghostd").path
        let demo = programs.appendingPathComponent("../../share/msghost/demo").standardizedFileURL
        let config = demo.appendingPathComponent("config/msghostd.yaml").path
        guard FileManager.default.isExecutableFile(atPath: msghostd), FileManager.default.fileExists(atPath: config)
        else {
            throw DemoError(
                "--demo runs the msghostd and the demo files installed with msghost-web (\(msghostd), \(config)), and they are not there: it works from the msghost .deb or the msghost-daemon wheel; in a checkout, run scripts/simulator"
            )
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "msghost-demo-\(UUID().uuidString.prefix(8))")
        let state = directory.appendingPathComponent("state").path
        let runtime = directory.appendingPathComponent("run").path
        for path in [directory.path, state, runtime] {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msghostd)
        process.arguments = ["--config", config, "--state-directory", state, "--runtime-directory", runtime]
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw DemoError("could not start \(msghostd): \(error)")
        }
        let daemon = DemoDaemon(endpoint: "ipc://\(runtime)/control.sock", directory: directory, process: process)
        let line =
            "msghost-web: demo daemon pid \(process.processIdentifier), world in \(directory.path) (removed at exit); msghostctl: export MSGHOST_RUNTIME=\(runtime)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        return daemon
    }

    /// Asks `status` through the page's own link until it is answered: the daemon binds its
    /// control endpoint only once the world is loaded. Fails if the daemon exits or takes over
    /// 30 s.
    func waitUntilAnswering(_ link: DaemonLink) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            guard self.process.isRunning else {
                throw DemoError(
                    "msghostd exited with status \(self.process.terminationStatus) at start; see its log above")
            }
            if (try? await link.request("status", timeout: .milliseconds(250)))?.ok == true { return }
        }
        throw DemoError("msghostd did not answer on \(self.endpoint) within 30 s")
    }

    /// Returns when the daemon exits; throws if it failed. Polls, so that cancelling the task
    /// (the page's server stopped first) ends the wait at once.
    func waitForExit() async throws {
        while self.process.isRunning {
            try await Task.sleep(for: .milliseconds(100))
        }
        if self.process.terminationStatus != 0 {
            throw DemoError("msghostd exited with status \(self.process.terminationStatus); see its log above")
        }
    }

    /// SIGTERM (the daemon stops its extensions first), SIGKILL after 5 s, then the
    /// temporary world is removed.
    func stop() {
        self.process.stop(grace: 5)
        try? FileManager.default.removeItem(at: self.directory)
    }
}

/// Why the demo could not run, as msghost-web prints it.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
