import MsgHostProtocol

/// Everything the host persists: people, devices, conversations, installs with their
/// participant identifiers, messages and each device's transcripts.
///
/// Mutations validate first and return the `WorldChange`s they made, so the caller can persist
/// exactly what changed; a failed mutation changes nothing.
public struct World: Hashable, Sendable {
    public private(set) var people: [String: Person] = [:]
    public private(set) var devices: [String: Device] = [:]
    public private(set) var conversations: [String: Conversation] = [:]
    public private(set) var installs: [String: Install] = [:]
    /// install id → person handle → identifier.
    public private(set) var participants: [String: [String: String]] = [:]
    public private(set) var messages: [String: StoredMessage] = [:]
    /// "device\u{0}conversation" → message ids, oldest first.
    public private(set) var transcripts: [String: [String]] = [:]

    public init() {}

    /// Rebuilds a world from its changes, in the order they were made (used by the store).
    public init(replaying changes: some Sequence<WorldChange>) {
        for change in changes { self.apply(change) }
    }

    /// Applies a change without validation: the store replays only changes that were valid
    /// when made.
    public mutating func apply(_ change: WorldChange) {
        switch change {
        case .personCreated(let person): self.people[person.handle] = person
        case .deviceCreated(let device): self.devices[device.id] = device
        case .conversationCreated(let conversation): self.conversations[conversation.id] = conversation
        case .installCreated(let install): self.installs[install.id] = install
        case .installRemoved(let id):
            self.installs[id] = nil
            self.participants[id] = nil
        case .participantAssigned(let install, let person, let identifier):
            self.participants[install, default: [:]][person] = identifier
        case .messageStored(let message): self.messages[message.id] = message
        case .transcriptAppended(let device, let conversation, let messageID):
            self.transcripts[Self.transcriptKey(device, conversation), default: []].append(messageID)
        }
    }

    static func transcriptKey(_ device: String, _ conversation: String) -> String { "\(device)\u{0}\(conversation)" }

    // MARK: Lookups that fail with a control error naming what is missing

    public func person(_ handle: String) throws(WireError) -> Person {
        guard let person = self.people[handle] else { throw .control(.notFound, "no person with handle \"\(handle)\"") }
        return person
    }

    public func device(_ id: String) throws(WireError) -> Device {
        guard let device = self.devices[id] else { throw .control(.notFound, "no device \"\(id)\"") }
        return device
    }

    public func conversation(_ id: String) throws(WireError) -> Conversation {
        guard let conversation = self.conversations[id] else { throw .control(.notFound, "no conversation \"\(id)\"") }
        return conversation
    }

    /// The current install of `app` on `device`, if any.
    public func install(device: String, app: String) -> Install? {
        self.installs.values.first { $0.device == device && $0.app == app }
    }

    public func devices(of person: String) -> [Device] {
        self.devices.values.filter { $0.owner == person }.sorted { $0.id < $1.id }
    }

    public func transcript(device: String, conversation: String) -> [StoredMessage] {
        (self.transcripts[Self.transcriptKey(device, conversation)] ?? []).compactMap { self.messages[$0] }
    }

    // MARK: Mutations

    public mutating func createPerson(handle: String, name: String) throws(WireError) -> [WorldChange] {
        try Self.requireNonEmpty(handle, "handle")
        try Self.requireNonEmpty(name, "name")
        guard self.people[handle] == nil else { throw .control(.alreadyExists, "a person with handle \"\(handle)\" already exists") }
        return self.applying([.personCreated(Person(handle: handle, name: name))])
    }

    public mutating func createDevice(id: String, owner: String, platform: Platform) throws(WireError) -> [WorldChange] {
        try Self.requireNonEmpty(id, "id")
        _ = try self.person(owner)
        guard self.devices[id] == nil else { throw .control(.alreadyExists, "a device \"\(id)\" already exists") }
        return self.applying([.deviceCreated(Device(id: id, owner: owner, platform: platform))])
    }

    public mutating func createConversation(id: String, members: [String]) throws(WireError) -> [WorldChange] {
        try Self.requireNonEmpty(id, "id")
        guard self.conversations[id] == nil else { throw .control(.alreadyExists, "a conversation \"\(id)\" already exists") }
        let unique = members.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard unique.count >= 2 else { throw .control(.invalidRequest, "members: a conversation needs at least 2 different people, got \(unique.count)") }
        for member in unique { _ = try self.person(member) }
        return self.applying([.conversationCreated(Conversation(id: id, members: unique))])
    }

    public mutating func install(app: String, on device: String, id: String, at time: Instant) throws(WireError) -> [WorldChange] {
        _ = try self.device(device)
        guard self.install(device: device, app: app) == nil else {
            throw .control(.alreadyExists, "\(app) is already installed on \(device)")
        }
        return self.applying([.installCreated(Install(id: id, device: device, app: app, installedAt: time.milliseconds))])
    }

    public mutating func uninstall(app: String, from device: String) throws(WireError) -> (Install, [WorldChange]) {
        _ = try self.device(device)
        guard let install = self.install(device: device, app: app) else {
            throw .control(.notFound, "\(app) is not installed on \(device)")
        }
        return (install, self.applying([.installRemoved(installID: install.id)]))
    }

    /// The identifier `person` has as `install` sees them, made (and returned as a change to
    /// persist) the first time it is needed. Unique per (install, person), never reused.
    public mutating func participantIdentifier(install: String, person: String, ids: any IDGenerator) -> (String, [WorldChange]) {
        if let existing = self.participants[install]?[person] { return (existing, []) }
        let identifier = ids.makeUUID()
        return (identifier, self.applying([.participantAssigned(installID: install, person: person, identifier: identifier)]))
    }

    /// Stores a message and appends it to the transcript of every device of every member.
    public mutating func deliver(_ message: StoredMessage) -> [WorldChange] {
        var changes: [WorldChange] = [.messageStored(message)]
        for member in self.conversations[message.conversation]?.members ?? [] {
            for device in self.devices(of: member) {
                changes.append(.transcriptAppended(device: device.id, conversation: message.conversation, messageID: message.id))
            }
        }
        return self.applying(changes)
    }

    private mutating func applying(_ changes: [WorldChange]) -> [WorldChange] {
        for change in changes { self.apply(change) }
        return changes
    }

    private static func requireNonEmpty(_ value: String, _ field: String) throws(WireError) {
        guard !value.allSatisfy(\.isWhitespace) else { throw .control(.invalidRequest, "\(field) must not be empty") }
    }
}
