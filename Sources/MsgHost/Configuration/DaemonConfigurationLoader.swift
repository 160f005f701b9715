import Configuration
import Foundation

extension DaemonConfiguration {
    /// msghostd's configuration from its three sources: `flags` (dotted keys) win over
    /// `environment` (`MSGHOSTD_` variables), which win over the YAML file at `path`. The file
    /// is read only if it exists or `allowMissing` is false, and read once: its keys are
    /// checked first, so a misspelled key stops the daemon instead of leaving a setting at its
    /// default, and the same bytes are then swift-configuration's (`ReadFileProvider`).
    public static func load(
        path: String, allowMissing: Bool, environment: [String: String], flags: [String: String?]
    ) async throws(ConfigurationError) -> DaemonConfiguration {
        var text: String?
        if FileManager.default.fileExists(atPath: path) || !allowMissing {
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ConfigurationError("cannot read \(path): \(error.localizedDescription)")
            }
        }
        return try Self.load(yaml: text, path: path, environment: environment, flags: flags)
    }

    /// The configuration from the text of msghostd.yaml already read from `path` (nil: no
    /// file), as `load(path:…)` reads it once it has the file's text: the same keys check,
    /// provider and ranges. `path` names the file in errors, and its directory holds the
    /// default apps directory and world.yaml. The fuzzer's `config` target reads from memory
    /// here, so that its rate is that of the parsing, not of writing each input to a file.
    public static func load(
        yaml text: String?, path: String, environment: [String: String], flags: [String: String?]
    ) throws(ConfigurationError) -> DaemonConfiguration {
        var file: ReadFileProvider?
        if let text {
            try Self.knownKeys.check(yaml: text, file: path)
            do {
                file = try ReadFileProvider(yaml: Data(text.utf8))
            } catch {
                throw ConfigurationError("\(path): \(error)")
            }
        }
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for case (let key, let value?) in flags {
            values[AbsoluteConfigKey(stringLiteral: key)] = .init(.string(value), isSecret: false)
        }
        var variables: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix(Self.prefix) {
            variables[String(name.dropFirst(Self.prefix.count))] = value
        }
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "flags", values: values),
            EnvironmentVariablesProvider(environmentVariables: variables),
        ]
        if let file { providers.append(file) }
        let reader = ConfigReader(providers: providers)
        let directory = (path as NSString).deletingLastPathComponent
        return try DaemonConfiguration(config: reader, configDirectory: directory) { key in
            Self.origin(of: key, flags: values, variables: variables, file: path)
        }
    }

    private static let prefix = "MSGHOSTD_"

    /// Where `key`'s value came from, in the order the sources win: a flag, the variable that
    /// set it (asked of swift-configuration one variable at a time, so that its naming rule,
    /// `extensions.idleGraceMs` → `EXTENSIONS_IDLE_GRACE_MS`, is not copied here), or the file.
    private static func origin(
        of key: String, flags: [AbsoluteConfigKey: ConfigValue], variables: [String: String], file: String
    ) -> String {
        if flags[AbsoluteConfigKey(stringLiteral: key)] != nil { return "the flag for \(key)" }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            let one = EnvironmentVariablesProvider(environmentVariables: [name: value])
            if ConfigReader(provider: one).string(forKey: ConfigKey(key)) != nil { return Self.prefix + name }
        }
        return file
    }
}
