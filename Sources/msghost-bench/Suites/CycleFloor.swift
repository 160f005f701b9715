import Foundation

/// The throughput floor: bare libzmq moving the eight messages of a user's direct
/// send (control `touch`, the `touch` callback, `sendMessage`, its reply, the touch's reply,
/// `didStartSending`, its reply, the control reply) with frames of the same sizes, for as many
/// users as the throughput suite has senders, through one C hub polling two ROUTERs on one
/// thread as the daemon does (benchmarks/c/cycle.c). Sustained sends are reported as a ratio
/// of it, measured in the same repetition, so the machine's load cancels out.
struct CycleFloorSuite {
    let programs: Programs
    let directory: String
    let users: Int

    /// Cycles per second over `seconds`.
    func run(seconds: Double) throws -> Double {
        let control = "ipc://\(self.directory)/cycle-control.sock"
        let extensions = "ipc://\(self.directory)/cycle-extensions.sock"
        let result = self.directory + "/cycle.result"
        let log = self.directory + "/cycle.log"
        let environment = ProcessInfo.processInfo.environment
        let hub = try Processes.spawn(
            self.programs.cycle, ["hub", control, extensions], environment: environment, output: log)
        defer { if !Processes.wait(hub, timeout: 5) { Processes.stop(hub) } }
        let users = try Processes.spawn(
            self.programs.cycle, ["users", control, extensions, String(self.users), String(seconds), result],
            environment: environment, output: log)
        guard Processes.wait(users, timeout: seconds + 60) else {
            Processes.stop(users)
            throw Processes.SpawnError(description: "the cycle floor's users did not finish (log: \(log))")
        }
        let fields = try String(contentsOfFile: result, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .compactMap { Double($0) }
        guard fields.count == 2, fields[0] > 0, fields[1] > 0 else {
            throw Processes.SpawnError(description: "\(result): no cycles counted (log: \(log))")
        }
        return fields[0] / (fields[1] / 1e9)
    }
}
