import MsgHostProtocol

/// A world to start from: the people, devices, conversations and installs a fresh state
/// directory is filled with (config/world.yaml). Applied only when the store is empty.
public struct WorldSeed: Codable, Hashable, Sendable {
    public struct SeedDevice: Codable, Hashable, Sendable {
        public var id: String
        public var owner: String
        public var platform: Platform?
    }
    public struct SeedInstall: Codable, Hashable, Sendable {
        public var device: String
        public var app: String
    }

    public var people: [Person]
    public var devices: [SeedDevice]
    public var conversations: [Conversation]
    public var installs: [SeedInstall]

    public init(people: [Person] = [], devices: [SeedDevice] = [], conversations: [Conversation] = [], installs: [SeedInstall] = []) {
        self.people = people
        self.devices = devices
        self.conversations = conversations
        self.installs = installs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.people = try container.decodeIfPresent([Person].self, forKey: .people) ?? []
        self.devices = try container.decodeIfPresent([SeedDevice].self, forKey: .devices) ?? []
        self.conversations = try container.decodeIfPresent([Conversation].self, forKey: .conversations) ?? []
        self.installs = try container.decodeIfPresent([SeedInstall].self, forKey: .installs) ?? []
    }
}
