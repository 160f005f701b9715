import Foundation
import MsgHostControl
import MsgHostProtocol

public struct TestDaemonError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Where the repository and the built daemon are.
public enum TestPaths {
    /// The repository root, from this file's path.
    public static let repository: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// msghostd and msghostctl from the same build as this test binary (swift build puts them
    /// side by side), unless MSGHOSTD_BINARY / MSGHOSTCTL_BINARY name others.
    public static let msghostd: String = binary("msghostd", override: "MSGHOSTD_BINARY")
    public static let msghostctl: String = binary("msghostctl", override: "MSGHOSTCTL_BINARY")

    /// A program from the same build as this test binary, found by walking up from the test
    /// binary's folder (swift build puts executables beside it), unless the environment
    /// variable `override` names another; e.g. an example extension a test launches.
    public static func binary(_ name: String, override: String) -> String {
        if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty { return path }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return repository + "/.build/debug/" + name
    }
}
