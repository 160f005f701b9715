import Foundation

/// The other msghost programs a tool runs: msghostctl, for `replay` (its replayer starts a
/// daemon of its own and compares; msghost-mcp does not carry a second copy of it).
public struct Programs: Sendable {
    /// Given by `--msghostctl`; else `$MSGHOSTCTL`, the one beside msghost-mcp, or PATH's.
    public var msghostctlPath: String?

    public init(msghostctl: String? = nil) { self.msghostctlPath = msghostctl }

    public func msghostctl() -> String? {
        Self.find("msghostctl", given: self.msghostctlPath, variable: "MSGHOSTCTL")
    }

    /// A program by flag, environment variable, beside this program (after symbolic links), or on PATH.
    public static func find(_ name: String, given: String?, variable: String) -> String? {
        if let given { return given }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment[variable], !path.isEmpty { return path }
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let beside = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        return nil
    }

    /// What a finished program said.
    public struct Run: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs `path` with `arguments` to its end, its output and errors through files (never
    /// this process's standard output, which is the MCP channel), without holding a thread.
    public static func run(_ path: String, _ arguments: [String]) async throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "msghost-mcp-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let err = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let read = { (url: URL) in
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        return Run(status: process.terminationStatus, output: read(out), errors: read(err))
    }
}
