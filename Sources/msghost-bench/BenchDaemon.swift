import Foundation
import MsgHostControl
import MsgHostProtocol

/// The world a benchmark daemon starts with: written as the daemon's own config files
/// (JSON, which YAML reads as it is), so the daemon under test is configured as a user's is.
struct BenchWorld {
    struct App {
        var bundleID: String
        var command: String
        var args: [String] = []
        var env: [String: String] = [:]
    }

    /// sender i (s1…) and receiver i (r1…), one iPhone each, and a conversation c<i> for each
    /// pair; `apps` are installed on every sender's device.
    var pairs: Int
    var apps: [App]
    /// Dotted daemon settings over msghostd's defaults, e.g. "extensions.idleGraceMs".
    var settings: [String: Any] = [:]

    static func sender(_ i: Int) -> String { "s\(i)@bench" }
    static func receiver(_ i: Int) -> String { "r\(i)@bench" }
    static func senderDevice(_ i: Int) -> String { "s\(i)-iphone" }
    static func receiverDevice(_ i: Int) -> String { "r\(i)-iphone" }
    static func conversation(_ i: Int) -> String { "c\(i)" }

    func write(to directory: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory + "/config/apps", withIntermediateDirectories: true)
        var people: [[String: Any]] = []
        var devices: [[String: Any]] = []
        var conversations: [[String: Any]] = []
        var installs: [[String: Any]] = []
        for i in 1...self.pairs {
            people += [
                ["handle": Self.sender(i), "name": "Sender \(i)"],
                ["handle": Self.receiver(i), "name": "Receiver \(i)"],
            ]
            devices += [
                ["id": Self.senderDevice(i), "owner": Self.sender(i), "platform": "ios17"],
                ["id": Self.receiverDevice(i), "owner": Self.receiver(i), "platform": "ios17"],
            ]
            conversations.append(["id": Self.conversation(i), "members": [Self.sender(i), Self.receiver(i)]])
            for app in self.apps { installs.append(["device": Self.senderDevice(i), "app": app.bundleID]) }
        }
        try Self.writeJSON(
            ["people": people, "devices": devices, "conversations": conversations, "installs": installs],
            to: directory + "/config/world.yaml")
        for app in self.apps {
            try Self.writeJSON(
                [
                    "bundleID": app.bundleID, "displayName": app.bundleID, "command": app.command, "args": app.args,
                    "env": app.env,
                ],
                to: "\(directory)/config/apps/\(app.bundleID).yaml")
        }
        var config: [String: Any] = [:]
        for (key, value) in self.settings {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            var section = config[parts[0]] as? [String: Any] ?? [:]
            section[parts[1]] = value
            config[parts[0]] = section
        }
        try Self.writeJSON(config, to: directory + "/config/msghostd.yaml")
    }

    private static func writeJSON(_ value: Any, to path: String) throws {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]).write(
            to: URL(fileURLWithPath: path))
    }
}

/// One msghostd under benchmark: its own directory, started with `NOTIFY_SOCKET` pointing at
/// a datagram socket of ours, so start → READY is timed exactly as systemd sees it.
final class BenchDaemon {
    let directory: String
    let binary: String
    private(set) var pid: pid_t = 0
    private(set) var control: ControlClient
    var controlEndpoint: String { "ipc://\(self.directory)/run/control.sock" }

    init(binary: String, directory: String, world: BenchWorld) throws {
        self.binary = binary
        self.directory = directory
        try? FileManager.default.removeItem(atPath: directory)
        try world.write(to: directory)
        self.control = try ControlClient(endpoint: "ipc://\(directory)/run/control.sock")
    }

    /// Starts the daemon and returns milliseconds from `posix_spawn` to its READY=1.
    @discardableResult
    func start() throws -> Double {
        let notify = try NotifySocket(path: self.directory + "/n.sock")
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.path
        let arguments = [
            "--config", self.directory + "/config/msghostd.yaml",
            "--state-directory", self.directory + "/state",
            "--runtime-directory", self.directory + "/run",
        ]
        let start = monotonicNanos()
        self.pid = try Processes.spawn(
            self.binary, arguments, environment: environment, output: self.directory + "/msghostd.log")
        guard notify.wait(for: "READY=1", timeout: 600) else {
            throw Processes.SpawnError(
                description: "msghostd did not report READY (log: \(self.directory)/msghostd.log)")
        }
        let ready = monotonicNanos()
        // A new client per start: the old one's socket may hold requests to the old process.
        self.control = try ControlClient(endpoint: self.controlEndpoint)
        return Double(ready - start) / 1e6
    }

    func stop() {
        guard self.pid > 0 else { return }
        Processes.stop(self.pid)
        self.pid = 0
    }

    /// Stops the daemon and returns milliseconds from SIGTERM to its exit (reaped).
    func stopTimed() -> Double {
        guard self.pid > 0 else { return 0 }
        let began = monotonicNanos()
        Processes.terminate(self.pid)
        self.pid = 0
        return Double(monotonicNanos() - began) / 1e6
    }

    var residentBytes: Int? { Processes.residentBytes(self.pid) }

    /// The pid of the extension running for `app` on `device`, if one is.
    func extensionPID(device: String, app: String) throws -> Int? {
        let status = try self.control.request(.status, as: StatusResult.self)
        return status.extensions.first { $0.device == device && $0.app == app && $0.pid != nil }?.pid
    }

    /// Waits until no extension process runs for `app` on `device` (after a close, the
    /// daemon ends it once its idle grace has passed).
    func waitUntilStopped(device: String, app: String, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try self.extensionPID(device: device, app: app) != nil {
            guard Date() < deadline else {
                throw Processes.SpawnError(description: "\(app) on \(device) still runs after \(timeout) s")
            }
            usleep(2_000)
        }
    }
}

/// A `SOCK_DGRAM` unix socket that receives sd_notify messages.
final class NotifySocket {
    let path: String
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        unlink(path)
        self.fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Processes.SpawnError(description: "notify socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(self.fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            throw Processes.SpawnError(description: "cannot bind \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(self.fd)
        unlink(self.path)
    }

    /// True once a datagram containing `text` arrives within `timeout` seconds.
    func wait(for text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var item = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&item, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let count = recv(self.fd, &buffer, buffer.count, 0)
            if count > 0, String(decoding: buffer[0..<count], as: UTF8.self).contains(text) { return true }
        }
        return false
    }
}
