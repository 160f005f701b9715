import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down that a YAML file whose aliases stand for more than `YAMLAliasBudget.limit` nodes is
/// refused, naming the file and line, before Yams expands it: as a mapping key, such an alias
/// kept msghostd hashing for ever at start (found by reading Yams, 2026-11-28). Without the
/// check, the three files below do not load in any time a test could wait for.
@Suite struct YAMLAliasBudgetTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    /// Nine levels of ten aliases to the level before: 10⁹ nodes behind the last anchor, used as
    /// a key on the line after. 400 bytes.
    static func bomb(under key: String) -> String {
        var levels = ["&a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1..<9 {
            levels.append("&a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return "\(key): [" + levels.joined(separator: ", ") + "]\n? *a8\n: 1\n"
    }

    static let refusal = "the aliases in this file stand for more than 100000 nodes"

    @Test func daemonConfiguration() throws {
        let text = Self.bomb(under: "clock")
        let path = try self.directory.write("msghostd.yaml", text)
        let error = #expect(throws: ConfigurationError.self) {
            _ = try DaemonConfiguration.load(yaml: text, path: path, environment: [:], flags: [:])
        }
        #expect(error?.description.hasPrefix("\(path):1: \(Self.refusal)") == true, "\(error?.description ?? "")")
    }

    @Test func appManifest() throws {
        let path = try self.directory.write(
            "apps/bomb.yaml", UnknownKeyTests.minimalManifest + Self.bomb(under: "args"))
        let error = #expect(throws: ConfigurationError.self) {
            _ = try AppManifest.loadAll(from: self.directory.path + "/apps")
        }
        #expect(error?.description.hasPrefix("\(path):4: \(Self.refusal)") == true, "\(error?.description ?? "")")
    }

    @Test func worldSeed() throws {
        let path = try self.directory.write("world.yaml", Self.bomb(under: "people"))
        let error = #expect(throws: ConfigurationError.self) { _ = try WorldSeed.load(path: path) }
        #expect(error?.description.hasPrefix("\(path):1: \(Self.refusal)") == true, "\(error?.description ?? "")")
    }

    /// A list of 999 scalars is 1,000 nodes; a hundred aliases to it add exactly the limit.
    static func aliases(_ count: Int) -> String {
        "base: &base [" + Array(repeating: "x", count: 999).joined(separator: ", ") + "]\n"
            + "copies:\n" + String(repeating: "  - *base\n", count: count)
    }

    @Test func theLimitItselfIsAllowed() throws {
        try YAMLAliasBudget.check(yaml: Self.aliases(100), file: "f.yaml")
    }

    @Test func oneAliasPastItIsNot() {
        let error = #expect(throws: ConfigurationError.self) {
            try YAMLAliasBudget.check(yaml: Self.aliases(101), file: "f.yaml")
        }
        #expect(
            error?.description.hasPrefix("f.yaml:103: \(Self.refusal) (101000 at this one)") == true,
            "\(error?.description ?? "")")
    }

    /// An anchor of the same name later replaces the earlier one, as Yams reads it.
    @Test func aLaterAnchorReplacesAnEarlierOne() throws {
        let big = "a: &x [" + Array(repeating: "x", count: 999).joined(separator: ", ") + "]\n"
        try YAMLAliasBudget.check(
            yaml: big + "b: &x y\nc: [" + Array(repeating: "*x", count: 200).joined(separator: ", ") + "]\n",
            file: "f.yaml")
        #expect(throws: ConfigurationError.self) {
            try YAMLAliasBudget.check(
                yaml: big + "c: [" + Array(repeating: "*x", count: 200).joined(separator: ", ") + "]\n", file: "f.yaml")
        }
    }

    /// What libyaml cannot read, or an alias to no anchor, is Yams' to report, in its words.
    @Test(arguments: ["", "a: [", "a: *nowhere", "a: &x 1\n---\nb: 2\n"])
    func leavesTheRestToYams(_ text: String) throws {
        try YAMLAliasBudget.check(yaml: text, file: "f.yaml")
    }

    /// Aliases as people write them still load.
    @Test func ordinaryAliasesLoad() throws {
        _ = try self.directory.write(
            "apps/env.yaml", UnknownKeyTests.minimalManifest + "env:\n  A: &v hello\n  B: *v\n")
        let manifests = try AppManifest.loadAll(from: self.directory.path + "/apps")
        #expect(manifests.first?.env?["B"] == "hello")
    }
}
