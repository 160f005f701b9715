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
/// memoryLimitMB: 256                    # optional, 1…1048576: resident memory above it kills (reason memory)
/// memoryWarningMB: 200                  # optional, 1…1048576, below memoryLimitMB: resident memory above it
///                                       #   sends didReceiveMemoryWarning (once per crossing); default 4/5 of memoryLimitMB
/// launchTimeoutMs: 10000                # optional, 1…86400000: overrides extensions.launchTimeoutMs
/// responseTimeoutMs: 10000              # optional, 1…86400000: overrides extensions.responseTimeoutMs
/// attachKey: "a long secret"            # optional: lets an extension started by hand attach
/// parentApp:                            # optional: the containing app (PROTOCOL.md §4.10)
///   command: python3                    #   required: run by openParentApp, as the extension is
///   args: [parent.py]                   #   optional
///   env: {EXAMPLE: "2"}                 #   optional, added after the manifest's env
///   workingDirectory: .                 #   optional; default the extension's
///   opensMessages: false                #   optional: true makes a tapped bubble open the parent app (openURL)
/// ```
///
/// Any other key is an error, and so is a number outside its range (`NumericRanges.manifest`).
public struct AppManifest: Codable, Hashable, Sendable {
    public var bundleID: String
    public var displayName: String
    public var command: String
    public var args: [String]?
    public var env: [String: String]?
    public var workingDirectory: String?
    public var contexts: [PresentationContext]?
    public var memoryLimitMB: Int?
    public var memoryWarningMB: Int?
    public var launchTimeoutMs: Int64?
    public var responseTimeoutMs: Int64?
    public var attachKey: String?
    /// How to run the app's parent app, if it has one (`openParentApp`).
    public var parentApp: ParentAppManifest?

    /// Every key a manifest may hold; `env` takes any variable name.
    static let knownKeys = KnownKeys(
        CodingKeys.allCases.flatMap { key -> [String] in
            switch key {
            case .env: ["env.*"]
            case .parentApp: ParentAppManifest.keys.map { "parentApp." + $0 }
            default: [key.stringValue]
            }
        }, integers: NumericRanges.manifest.keys)

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case bundleID, displayName, command, args, env, workingDirectory, contexts, memoryLimitMB, launchTimeoutMs,
            responseTimeoutMs, attachKey
        case memoryWarningMB
        case parentApp
    }

    /// The numeric fields, by key, for `NumericRanges.manifest`.
    private var numbers: KeyValuePairs<String, Int64?> {
        [
            "memoryLimitMB": self.memoryLimitMB.map(Int64.init),
            "memoryWarningMB": self.memoryWarningMB.map(Int64.init), "launchTimeoutMs": self.launchTimeoutMs,
            "responseTimeoutMs": self.responseTimeoutMs,
        ]
    }

    public var descriptor: AppDescriptor {
        var descriptor = AppDescriptor(
            bundleID: self.bundleID, displayName: self.displayName, contexts: self.contexts ?? [.messages],
            memoryLimitBytes: self.memoryLimitMB.map { $0 << 20 }, launchTimeoutMs: self.launchTimeoutMs,
            responseTimeoutMs: self.responseTimeoutMs, attachKey: self.attachKey,
            memoryWarningBytes: self.memoryWarningMB.map { $0 << 20 })
        descriptor.hasParentApp = self.parentApp != nil
        descriptor.opensMessagesInParentApp = self.parentApp?.opensMessages ?? false
        return descriptor
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
            var manifest = try YAMLFile.decode(AppManifest.self, path: path, keys: Self.knownKeys)
            guard !manifest.bundleID.isEmpty, !manifest.command.isEmpty else {
                throw ConfigurationError("\(path): bundleID and command must not be empty")
            }
            for (key, value) in manifest.numbers {
                if let value { _ = try NumericRanges.check(value, key, in: NumericRanges.manifest, origin: path) }
            }
            if let warning = manifest.memoryWarningMB, let limit = manifest.memoryLimitMB, warning >= limit {
                throw ConfigurationError(
                    "\(path): memoryWarningMB (\(warning)) must be below memoryLimitMB (\(limit)): the warning comes before the kill"
                )
            }
            if let key = manifest.attachKey, key.count < 16 {
                throw ConfigurationError(
                    "\(path): attachKey must be at least 16 characters (it is the HMAC key an attaching extension signs with)"
                )
            }
            if let other = manifests.first(where: { $0.bundleID == manifest.bundleID }) {
                throw ConfigurationError(
                    "\(path): bundleID \(manifest.bundleID) is also used by the manifest of \(other.displayName)")
            }
            let base = URL(fileURLWithPath: directory + "/")
            let workingDirectory = manifest.workingDirectory ?? "."
            manifest.workingDirectory =
                URL(fileURLWithPath: workingDirectory, relativeTo: base).standardizedFileURL.path
            if var parent = manifest.parentApp {
                guard !parent.command.isEmpty else {
                    throw ConfigurationError("\(path): parentApp.command must not be empty")
                }
                parent.workingDirectory =
                    URL(fileURLWithPath: parent.workingDirectory ?? workingDirectory, relativeTo: base)
                    .standardizedFileURL.path
                manifest.parentApp = parent
            }
            manifests.append(manifest)
        }
        return manifests
    }
}
