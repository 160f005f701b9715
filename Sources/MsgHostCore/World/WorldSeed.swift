import MsgHostProtocol

/// A world to start from: the people, devices, conversations and installs a fresh state
/// directory is filled with (config/world.yaml). Applied only when the store is empty.
public struct WorldSeed: Codable, Hashable, Sendable {
    public struct SeedDevice: Codable, Hashable, Sendable {
        public var id: String
        public var owner: String
        public var platform: Platform?
        public var model: DeviceModel?
    }
    public struct SeedInstall: Codable, Hashable, Sendable {
        public var device: String
        public var app: String
    }

    public var people: [Person]
    public var devices: [SeedDevice]
    public var conversations: [Conversation]
    public var installs: [SeedInstall]

    public init(
        people: [Person] = [], devices: [SeedDevice] = [], conversations: [Conversation] = [],
        installs: [SeedInstall] = []
    ) {
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

extension World {
    /// Fills the world from `seed`, with the same checks as the control commands, and returns
    /// the changes made. On error the world is left as it was (the caller's copy), and the
    /// error names the entry that was wrong. Installs name apps with a manifest (`apps`).
    mutating func seed(_ seed: WorldSeed, apps: some Collection<String>, ids: inout some IDGenerator, now: Instant)
        throws(WireError) -> [WorldChange]
    {
        var world = self
        var changes: [WorldChange] = []
        for person in seed.people {
            changes += try world.createPerson(handle: person.handle, name: person.name)
        }
        for device in seed.devices {
            changes += try world.createDevice(
                id: device.id, owner: device.owner, platform: device.platform ?? .ios17, model: device.model ?? .default
            )
        }
        for conversation in seed.conversations {
            changes += try world.createConversation(id: conversation.id, members: conversation.members)
        }
        for install in seed.installs {
            guard apps.contains(install.app) else {
                throw .control(.notFound, "installs: no app \"\(install.app)\" has a manifest")
            }
            changes += try world.install(app: install.app, on: install.device, id: ids.makeUUID(), at: now)
        }
        changes += world.assignIdentifiers(ids: &ids)
        self = world
        return changes
    }
}
