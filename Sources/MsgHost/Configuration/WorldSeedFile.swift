import MsgHostCore

extension WorldSeed {
    /// Every key a seed may hold. The seed's types live in MsgHostCore and MsgHostProtocol, so
    /// they are listed here; `WorldSeedFileTests` finds every stored property of those types
    /// by reflection and checks it is listed, so a field added there without a key here fails.
    static let knownKeys = KnownKeys([
        "people[].handle", "people[].name",
        "devices[].id", "devices[].owner", "devices[].platform", "devices[].model",
        "conversations[].id", "conversations[].members[]",
        "installs[].device", "installs[].app",
    ])

    /// Reads a world seed (config/world.yaml); a key it does not know is an error.
    public static func load(path: String) throws(ConfigurationError) -> WorldSeed {
        try YAMLFile.decode(WorldSeed.self, path: path, keys: Self.knownKeys)
    }
}
