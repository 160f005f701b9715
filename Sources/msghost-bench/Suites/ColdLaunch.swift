import Foundation
import MsgHostControl
import MsgHostProtocol
import ZeroMQ

/// Extension cold launch: the daemon's `open` (process spawned, hello verified, callbacks
/// through `viewDidAppear` acknowledged) against the bare cost of the same program: spawned
/// with `posix_spawn` by the harness until its hello reaches a ROUTER of ours.
struct ColdLaunchSuite {
    let daemon: BenchDaemon
    let device: String
    let conversation: String
    let app: String
    /// How the app's manifest starts it: the same command, arguments and extra environment.
    let command: String
    let arguments: [String]
    let environment: [String: String]
    let directory: String

    /// Milliseconds from `posix_spawn` to the hello arriving, per launch.
    func bare(_ launches: Int) throws -> [Double] {
        let context = ZMQContext()
        let router = try ZMQSocket(context, type: .router)
        let endpoint = "ipc://\(self.directory)/bare-\(self.app).sock"
        try router.bind(endpoint)
        var environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        environment["MSGHOST_ENDPOINT"] = endpoint
        environment["MSGHOST_TOKEN"] = "bare-spawn-token"
        environment["MSGHOST_APP"] = self.app
        environment["MSGHOST_PROTOCOL"] = "1"
        var times: [Double] = []
        for _ in 0..<launches {
            let start = monotonicNanos()
            let pid = try Processes.spawn(
                self.command, self.arguments, environment: environment, output: self.directory + "/bare.log")
            var poller = ZMQPoller([.socket(router)])
            guard try !poller.poll(timeoutMilliseconds: 30_000).isEmpty, try router.receive(dontWait: true) != nil
            else {
                Processes.stop(pid)
                throw Processes.SpawnError(
                    description: "\(self.command) sent no hello within 30 s (log: \(self.directory)/bare.log)")
            }
            times.append(Double(monotonicNanos() - start) / 1e6)
            kill(pid, SIGKILL)
            Processes.wait(pid, timeout: 10)
        }
        return times
    }

    /// Milliseconds from sending `open` to its reply, per launch; the extension is ended
    /// (close, idle grace) between launches, so every one is cold.
    func daemonLaunches(_ launches: Int) throws -> [Double] {
        var times: [Double] = []
        for _ in 0..<launches {
            try self.daemon.waitUntilStopped(device: self.device, app: self.app)
            let start = monotonicNanos()
            _ = try self.daemon.control.request(
                .open, OpenRequest(device: self.device, conversation: self.conversation, app: self.app),
                as: OpenResult.self)
            times.append(Double(monotonicNanos() - start) / 1e6)
            _ = try self.daemon.control.request(.close, DeviceRequest(device: self.device))
        }
        try self.daemon.waitUntilStopped(device: self.device, app: self.app)
        return times
    }
}
