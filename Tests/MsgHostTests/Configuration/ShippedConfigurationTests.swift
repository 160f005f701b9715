import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down the configuration the README's quick start uses (config/msghostd.yaml): it loads
/// under the same checks as any user's, and the ranges it and the documented manifest
/// (config/apps/python-raw.yaml) state beside each numeric key are the ones `NumericRanges` enforces.
@Suite struct ShippedConfigurationTests {
    static let config = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config").path

    /// (The manifests and the seed: `WorldSeedFileTests.theShippedSeedAppliesWithTheShippedManifests`.)
    @Test func theShippedConfigurationLoadsWithItsDocumentedValues() async throws {
        let daemon = try await DaemonConfiguration.load(
            path: Self.config + "/msghostd.yaml", allowMissing: false, environment: [:], flags: [:])
        #expect(daemon.worldSeed == Self.config + "/world.yaml")
        #expect(daemon.appsDirectory == Self.config + "/apps")
        #expect(daemon.host == HostSettings(), "the file states the defaults")
        #expect(daemon.maxFrameBytes == 16 << 20)
    }

    /// The comment lines right above `key:` (or a commented-out `# key:`) in `text`.
    static func comment(above key: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") || $0.hasPrefix("# " + key + ":") }) else {
            return nil
        }
        return lines[..<index].reversed().prefix { $0.hasPrefix("#") }.reversed().joined(separator: "\n")
    }

    static func documented(_ allowed: NumericRanges.Allowed) -> String {
        "\(allowed.bounds.lowerBound)…\(allowed.bounds.upperBound)"
    }

    @Test(arguments: NumericRanges.daemon.keys.sorted())
    func msghostdYAMLStatesEachKeysRangeAboveIt(key: String) throws {
        let text = try String(contentsOfFile: Self.config + "/msghostd.yaml", encoding: .utf8)
        let comment = try #require(
            Self.comment(above: String(key.split(separator: ".").last!), in: text), "\(key) is not in msghostd.yaml")
        #expect(comment.contains(Self.documented(try #require(NumericRanges.daemon[key]))), "\(key):\n\(comment)")
    }

    @Test(arguments: NumericRanges.manifest.keys.sorted())
    func theDocumentedManifestStatesEachKeysRangeAboveIt(key: String) throws {
        let text = try String(contentsOfFile: Self.config + "/apps/python-raw.yaml", encoding: .utf8)
        let comment = try #require(Self.comment(above: key, in: text), "\(key) is not in python-raw.yaml")
        #expect(comment.contains(Self.documented(try #require(NumericRanges.manifest[key]))), "\(key):\n\(comment)")
    }
}
