import MsgHostCore

extension WorldSeed {
    /// Reads a world seed (config/world.yaml).
    public static func load(path: String) throws(ConfigurationError) -> WorldSeed {
        try YAMLFile.decode(WorldSeed.self, path: path)
    }
}
