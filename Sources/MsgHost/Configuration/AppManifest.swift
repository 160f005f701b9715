import Foundation
import MsgHostProtocol
import Yams

/// How to run one iMessage app's extension: a `config/apps/*.yaml` file.
///
/// ```yaml
/// bundleID: com.example.python-raw     # required, unique
/// displayName: Python Raw Example      # required
/// command: python3                     # required: a path, or a name looked up in PATH
/// args: [app.py]                       # optional
/// env: {EXAMPLE: "1"}                  # optional, added to the daemon's environment
/// workingDirectory: ../../examples/python-raw  # optional; relative to this file's folder
/// contexts: [messages]                 # optional: messages (default) and/or media
/// memoryLimitMB: 256                    # optional: resident memory above it kills (reason memory)
/// launchTimeoutMs: 10000                # optional: overrides extensions.launchTimeoutMs
/// responseTimeoutMs: 10000              # optional: overrides extensions.responseTimeoutMs
/// attachKey: "a long secret"            # optional: lets an extension started by hand attach
/// ```
public struct AppManifest: Codable, Hashable, Sendable {
    public var bundleID: String
    public var displayName: String
    public var command: String
    public var args: [String]?
    public var env: [String: String]?
    public var workingDirectory: String?
    public var contexts: [PresentationContext]?
    public var memoryLimitMB: Int?
    public var launchTimeoutMs: Int64?
    public var responseTimeoutMs: Int64?
    public var attachKey: String?

    public var descriptor: AppDescriptor {
        AppDescriptor(
            bundleID: self.bundleID, displayName: self.displayName, contexts: self.contexts ?? [.messages],
            memoryLimitBytes: self.memoryLimitMB.map { $0 << 20 }, launchTimeoutMs: self.launchTimeoutMs,
            responseTimeoutMs: self.responseTimeoutMs, attachKey: self.attachKey)
    }

    /// Reads every `*.yaml`/`*.yml` in `directory`. A missing directory means no apps; a bad
    /// file is an error naming the file and what is wrong in it.
    public static func loadAll(from directory: String) throws(ConfigurationError) -> [AppManifest] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            if !FileManager.default.fileExists(atPath: directory) { return [] }
            throw ConfigurationError("cannot read the apps directory \(directory): \(error.localizedDescription)")
        }
        var manifests: [AppManifest] = []
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let path = directory + "/" + name
            var manifest = try YAMLFile.decode(AppManifest.self, path: path)
            guard !manifest.bundleID.isEmpty, !manifest.command.isEmpty else {
                throw ConfigurationError("\(path): bundleID and command must not be empty")
            }
            if let limit = manifest.memoryLimitMB, limit <= 0 { throw ConfigurationError("\(path): memoryLimitMB must be positive, got \(limit)") }
            for (name, value) in [("launchTimeoutMs", manifest.launchTimeoutMs), ("responseTimeoutMs", manifest.responseTimeoutMs)] {
                if let value, value <= 0 { throw ConfigurationError("\(path): \(name) must be positive, got \(value)") }
            }
            if let key = manifest.attachKey, key.count < 16 {
                throw ConfigurationError("\(path): attachKey must be at least 16 characters (it is the HMAC key an attaching extension signs with)")
            }
            if let other = manifests.first(where: { $0.bundleID == manifest.bundleID }) {
                throw ConfigurationError("\(path): bundleID \(manifest.bundleID) is also used by the manifest of \(other.displayName)")
            }
            let base = directory
            let workingDirectory = manifest.workingDirectory ?? "."
            manifest.workingDirectory = URL(fileURLWithPath: workingDirectory, relativeTo: URL(fileURLWithPath: base + "/")).standardizedFileURL.path
            manifests.append(manifest)
        }
        return manifests
    }
}

/// Decodes YAML files with errors that name the file, line and field.
enum YAMLFile {
    static func decode<T: Decodable>(_ type: T.Type, path: String) throws(ConfigurationError) -> T {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("cannot read \(path): \(error.localizedDescription)")
        }
        do {
            return try YAMLDecoder().decode(type, from: text)
        } catch let error as DecodingError {
            throw ConfigurationError("\(path): \(WireJSONDescription.describe(error))")
        } catch {
            throw ConfigurationError("\(path): \(error)")
        }
    }
}

/// The wire's field-naming decoding messages, reused for YAML files.
enum WireJSONDescription {
    static func describe(_ error: DecodingError) -> String { WireJSON.describe(error).replacingOccurrences(of: "body", with: "file") }
}
