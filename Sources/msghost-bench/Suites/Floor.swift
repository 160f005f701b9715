import Foundation

/// The physical floor: bare libzmq DEALER → ROUTER echo → DEALER over ipc, both sides in C,
/// message shaped like a real `sendMessage` request. Everything the daemon does on a send is
/// measured against this, run by the same harness in the same repetition.
struct FloorSuite {
    let programs: Programs
    let directory: String

    /// Round-trip samples in µs.
    func run(warmup: Int, count: Int) throws -> [Double] {
        let endpoint = "ipc://\(self.directory)/floor.sock"
        let samples = self.directory + "/floor.samples"
        let environment = ProcessInfo.processInfo.environment
        let server = try Processes.spawn(
            self.programs.floor, ["server", endpoint], environment: environment, output: self.directory + "/floor.log")
        defer { if !Processes.wait(server, timeout: 5) { Processes.stop(server) } }
        let client = try Processes.spawn(
            self.programs.floor, ["client", endpoint, String(warmup), String(count), samples], environment: environment,
            output: self.directory + "/floor.log")
        guard Processes.wait(client, timeout: 300) else {
            Processes.stop(client)
            throw Processes.SpawnError(
                description: "the floor client did not finish (log: \(self.directory)/floor.log)")
        }
        return try SampleFile.read(samples).map(\.micros)
    }
}

/// The samples file the C programs and the benchmark extensions write: one `<ns> <code>` (or
/// just `<ns>`) per line; code 0 is success, else the error code the daemon answered.
enum SampleFile {
    struct Sample {
        var nanos: Double
        var code: Int
        var micros: Double { self.nanos / 1000 }
    }

    static func read(_ path: String) throws -> [Sample] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            guard let nanos = fields.first.flatMap({ Double($0) }) else {
                throw Processes.SpawnError(description: "\(path): bad sample line \"\(line)\"")
            }
            return Sample(nanos: nanos, code: fields.count > 1 ? Int(fields[1]) ?? -1 : 0)
        }
    }
}
