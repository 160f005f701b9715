import Foundation
import MsgHostTesting
import Testing

/// msghost-mcp is a client of the documented control API only, like msghost-web and
/// msghostctl: it reaches the daemon through MsgHostControl's client and the protocol's
/// values, never the host's own modules.
@Suite struct LayeringTests {
    @Test func msghostMCPImportsOnlyTheControlClient() throws {
        // Logging: swift-log, whose `Logger` the SDK's `Transport` protocol names.
        let allowed: Set<String> = [
            "Foundation", "MCP", "Logging", "MsgHostControl", "MsgHostProtocol", "MsgHostMCP", "ArgumentParser",
        ]
        for folder in ["Sources/MsgHostMCP", "Sources/msghost-mcp"] {
            let root = TestPaths.repository + "/" + folder
            let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty)
            for file in files {
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }.map {
                    String($0.dropFirst("import ".count))
                }
                #expect(Set(imports).isSubset(of: allowed), "\(folder)/\(file) imports \(imports)")
            }
        }
    }
}
