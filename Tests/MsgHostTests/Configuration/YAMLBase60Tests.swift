import Foundation
import Testing
import Yams

@testable import MsgHost

/// Pins down that a YAML 1.1 base-60 integer too large for 64 bits, where msghostd.yaml or an app
/// manifest wants an integer, is an error naming the file, line and key: Yams computes it with
/// unchecked arithmetic and would trap (found by the `config` fuzzer, 2026-11-28).
@Suite struct YAMLBase60Tests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    @Test(arguments: [
        "-888888888888888888:88",  // the fuzzer's input: the product overflows
        "1:1:1:1:1:1:1:1:1:1:1",  // the base overflows (60^11)
        "9223372036854775807:1",  // the product overflows
        "+1_0:0:0:0:0:0:0:0:0:0:0",
    ])
    func overflowsAsYamsWould(_ text: String) {
        #expect(YAMLBase60.overflows(Node.Scalar(text)))
    }

    @Test(arguments: [
        "1:30", "-1:30", "0:1:1:1:1:1:1:1:1:1:1:1",  // a leading 0 is read as octal by Yams
        "1:x", "12", "99999999999999999999", "0x1:2",
    ])
    func leavesTheRestToYams(_ text: String) {
        #expect(!YAMLBase60.overflows(Node.Scalar(text)))
    }

    @Test func quotedIsAString() {
        #expect(!YAMLBase60.overflows(Node.Scalar("1:1:1:1:1:1:1:1:1:1:1", .init(.str), .doubleQuoted)))
    }

    @Test func daemonConfigurationNamesTheKey() throws {
        let path = try self.directory.write("msghostd.yaml", "events:\n  capacity: -888888888888888888:88")
        let error = #expect(throws: ConfigurationError.self) {
            _ = try DaemonConfiguration.load(
                yaml: try String(contentsOfFile: path, encoding: .utf8), path: path, environment: [:], flags: [:])
        }
        #expect(
            error?.description
                == "\(path):2: events.capacity must be an integer that fits in 64 bits, got the base-60 number -888888888888888888:88"
        )
    }

    @Test func manifestNamesTheKey() throws {
        let path = try self.directory.write(
            "apps/big.yaml", UnknownKeyTests.minimalManifest + "memoryLimitMB: 1:1:1:1:1:1:1:1:1:1:1:1\n")
        let error = #expect(throws: ConfigurationError.self) {
            _ = try AppManifest.loadAll(from: self.directory.path + "/apps")
        }
        #expect(
            error?.description.hasPrefix("\(path):4: memoryLimitMB must be an integer that fits in 64 bits") == true,
            "\(error?.description ?? "")")
    }

    /// Only the keys that hold integers are checked: the same text is a string elsewhere.
    @Test func aStringMayLookLikeOne() throws {
        _ = try self.directory.write(
            "apps/env.yaml", UnknownKeyTests.minimalManifest + "env:\n  CLOCK: 1:1:1:1:1:1:1:1:1:1:1:1\n")
        let manifests = try AppManifest.loadAll(from: self.directory.path + "/apps")
        #expect(manifests.first?.env?["CLOCK"] == "1:1:1:1:1:1:1:1:1:1:1:1")
    }
}
