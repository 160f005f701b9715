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
/// ```
public struct AppManifest: Codable, Hashable, Sendable {
    public var bundleID: String
    public var displayName: String
    public var command: String
    public var args: [String]?
    public var env: [String: String]?
    public var workingDirectory: String?
    public var contexts: [PresentationContext]?

    public var descriptor: AppDescriptor {
        AppDescriptor(bundleID: self.bundleID, displayName: self.displayName, contexts: self.contexts ?? [.messages])
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
