import Foundation
import MsgHostControl
import MsgHostMCP
import MsgHostProtocol

/// `msghost-mcp --world FILE`: a daemon of its own for a throwaway session. It starts msghostd
/// as any user would (the binary, a config file, flags) on the world file as its seed, in a
/// fresh private temporary directory, drives it through the control endpoint only, and stops
/// it and removes the directory at exit. The daemon's log goes to a file there, never to
/// standard output (the MCP channel).
struct OwnDaemon: Sendable {
    let endpoint: String
    let directory: String
    private let process: Process

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func start(world: String, apps: String?, clock: String, msghostd given: String?) throws(Failure) -> OwnDaemon
    {
        let worldFile = URL(fileURLWithPath: world).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: worldFile.path) else {
            throw Failure(description: "--world \(world): no readable file there")
        }
        let appsFolder =
            apps.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? worldFile.deletingLastPathComponent().appendingPathComponent("apps").path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: appsFolder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "no apps folder at \(appsFolder) (give --apps DIR, the folder of app manifests)")
        }
        guard let msghostd = Programs.find("msghostd", given: given, variable: "MSGHOSTD") else {
            throw Failure(description: "no msghostd found: pass --msghostd PATH or set $MSGHOSTD")
        }
        let directory = FileManager.default.temporaryDirectory.path + "/msghost-mcp-\(UUID().uuidString.prefix(8))"
        do {
            // Private to this user, as the daemon asks of its state and runtime directories.
            for path in [directory, directory + "/state", directory + "/run"] {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
            let config: JSONValue = .object([
                "apps": .object(["directory": .string(appsFolder)]),
                "world": .object(["seed": .string(worldFile.path)]),
                "log": .object(["level": .string("warning")]),
            ])
            // YAML is a superset of JSON: the daemon reads this as its own files.
            try Data(WireJSON.encode(config)).write(to: URL(fileURLWithPath: directory + "/msghostd.yaml"))
            _ = FileManager.default.createFile(atPath: directory + "/msghostd.log", contents: nil)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(description: "cannot prepare \(directory): \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msghostd)
        process.arguments = [
            "--config", directory + "/msghostd.yaml", "--state-directory", directory + "/state",
            "--runtime-directory", directory + "/run", "--clock", clock,
        ]
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MSGHOSTD_") }
        environment["NOTIFY_SOCKET"] = nil  // a service manager's, not this daemon's to tell
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        do {
            let log = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/msghostd.log"))
            process.standardOutput = log
            process.standardError = log
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(description: "cannot start \(msghostd): \(error.localizedDescription)")
        }
        return OwnDaemon(endpoint: "ipc://\(directory)/run/control.sock", directory: directory, process: process)
    }

    /// Asks `status` until the daemon answers (it binds its control endpoint once the world is
    /// loaded); fails with its log if it exits or takes over 30 s.
    func waitUntilAnswering() async throws(Failure) {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            guard self.process.isRunning else {
                throw Failure(
                    description:
                        "msghostd exited with status \(self.process.terminationStatus) at start; it said:\n\(self.log)")
            }
            if FileManager.default.fileExists(atPath: self.directory + "/run/control.sock"),
                let probe = try? ControlClient(endpoint: self.endpoint),
                (try? probe.request(.status, as: StatusResult.self, timeout: 0.5)) != nil
            {
                return
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "msghostd did not answer on \(self.endpoint) within 30 s; it said:\n\(self.log)")
    }

    var pid: Int32 { self.process.processIdentifier }

    var log: String {
        ((try? String(contentsOfFile: self.directory + "/msghostd.log", encoding: .utf8)) ?? "")
            .split(separator: "\n").suffix(20).joined(separator: "\n")
    }

    /// SIGTERM (the daemon stops its extensions first), SIGKILL after 10 s, then the directory goes.
    func stop() {
        self.process.stop(grace: 10)
        try? FileManager.default.removeItem(atPath: self.directory)
    }
}
