import Configuration
import Foundation

/// msghostd.yaml as swift-configuration sees it, made from the bytes the loader has already
/// read and checked (`KnownKeys`): `FileProvider` would read the file again from its path. The
/// values are swift-configuration's own `YAMLSnapshot` of those bytes, so they read exactly as
/// through `FileProvider<YAMLSnapshot>`; a file read once at start never changes.
struct ReadFileProvider: ConfigProvider {
    private let contents: YAMLSnapshot

    /// Throws what `YAMLSnapshot` throws for YAML it cannot take (a top level that is not a map).
    init(yaml: Data) throws {
        self.contents = try YAMLSnapshot(
            data: yaml.bytes, providerName: "FileProvider<YAMLSnapshot>", parsingOptions: .default)
    }

    var providerName: String { self.contents.providerName }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try self.contents.value(forKey: key, type: type)
    }

    func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        try self.value(forKey: key, type: type)
    }

    // swift-configuration is built with NonisolatedNonsendingByDefault: its handlers run on
    // the caller's executor, and the requirements say so.
    nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>)
            async throws -> Return
    ) async throws -> Return {
        try await self.watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    func snapshot() -> any ConfigSnapshot { self.contents }

    nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws ->
            Return
    ) async throws -> Return {
        try await self.watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }
}
