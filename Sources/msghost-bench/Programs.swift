import Foundation

/// The programs a run measures besides the daemon, built from `benchmarks/` by the run itself
/// (so the floor is always libzmq as installed on this machine, compiled here).
struct Programs {
    /// `floor server|client …`: the bare libzmq round trip (benchmarks/c/floor.c).
    var floor: String
    /// `cycle hub|users …`: bare libzmq moving a user's eight-message cycle (benchmarks/c/cycle.c).
    var cycle: String
    /// A real extension in C (benchmarks/c/ext.c).
    var cExtension: String
    /// The Python interpreter itself (not a shim), and the extension script written with the
    /// Python SDK (benchmarks/python/bench_ext.py).
    var python: String
    var pythonExtension: String
    var pythonPath: String
    /// What the Python test harness's fixture costs a test (benchmarks/python/harness.py).
    var pythonHarness: String
    /// An idle Swift program linking Foundation: the resident-memory floor (benchmarks/swift).
    var swiftIdle: String

    static let cc = ProcessInfo.processInfo.environment["CC"] ?? "/usr/bin/cc"
    static let cFlags = ["-O2", "-std=c11", "-Wall", "-Wextra", "-D_GNU_SOURCE"]

    /// The C extension alone (all a soak needs); returns its path.
    static func buildCExtension(repository: String, into directory: String) throws -> String {
        let source = repository + "/benchmarks/c/ext.c"
        guard FileManager.default.fileExists(atPath: source) else {
            throw Processes.SpawnError(
                description: "\(source) not found: run from the repository's root, or pass --repository")
        }
        let ext = directory + "/bench-ext"
        _ = try Processes.capture(Self.cc, Self.cFlags + ["-o", ext, source, "-lzmq", "-lsodium", "-lcjson"])
        return ext
    }

    static func build(repository: String, into directory: String) throws -> Programs {
        let sources = repository + "/benchmarks"
        for file in [
            "c/floor.c", "c/cycle.c", "c/ext.c", "python/bench_ext.py", "python/harness.py", "swift/idle.swift",
        ] where !FileManager.default.fileExists(atPath: "\(sources)/\(file)") {
            throw Processes.SpawnError(
                description: "\(sources)/\(file) not found: run from the repository's root, or pass --repository")
        }
        let floor = directory + "/floor"
        _ = try Processes.capture(Self.cc, Self.cFlags + ["-o", floor, sources + "/c/floor.c", "-lzmq"])
        let cycle = directory + "/cycle"
        _ = try Processes.capture(Self.cc, Self.cFlags + ["-o", cycle, sources + "/c/cycle.c", "-lzmq", "-lpthread"])
        let ext = try Self.buildCExtension(repository: repository, into: directory)
        let swiftIdle = directory + "/idle-swift"
        _ = try Processes.capture("/usr/bin/env", ["swiftc", "-O", "-o", swiftIdle, sources + "/swift/idle.swift"])
        // The interpreter's real path: a version manager's shim would add its own start-up
        // (tens of ms) to both sides of the cold-launch comparison.
        let python = try Processes.capture("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return Programs(
            floor: floor, cycle: cycle, cExtension: ext, python: python,
            pythonExtension: sources + "/python/bench_ext.py",
            pythonPath: repository + "/python/src", pythonHarness: sources + "/python/harness.py", swiftIdle: swiftIdle)
    }
}
