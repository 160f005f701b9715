import HashTreeCollections
import MsgHostProtocol

/// The directory of the world, in memory: people, devices, conversations, installs with their
/// participant identifiers, contacts, input fields, delivery rules and deliveries under way.
/// History — stored messages and every device's transcript — is read through `reader`
/// (`HistoryReader`), so memory does not grow with the messages sent.
///
/// Mutations validate first and return the `WorldChange`s they made, so the caller can persist
/// exactly what changed; a failed mutation changes nothing. The world never writes its
/// history: the changes to it wait in `pending`, where its reads see them, until the shell has
/// written them (`historyWritten`).
public struct World: Sendable {
    public var people: TreeDictionary<String, Person> { self.peopleTable.current }
    public var devices: TreeDictionary<String, Device> { self.deviceTable.current }
    public var conversations: TreeDictionary<String, Conversation> { self.conversationTable.current }
    public var installs: TreeDictionary<String, Install> { self.installTable.current }
    /// install id → person handle → identifier, for every install ever made. An uninstalled
    /// install's identifiers are retired, not forgotten: the `$<uuid>` tokens in messages it
    /// sent name people with them, and every reader must still get its own identifiers (or the
    /// contact name) for those, never the retired ones. A few entries per reinstall, so this
    /// stays small however long the daemon runs.
    public var participants: TreeDictionary<String, [String: String]> { self.participantTable.current }
    /// conversation → the people who were removed from it and have not rejoined. Their devices
    /// keep the transcript they had (read-only), and receive nothing sent after they left.
    public var formerMembers: TreeDictionary<String, Set<String>> { self.formerMemberTable.current }
    /// Each device's input field in each conversation, when it is not empty.
    public var inputFields: TreeDictionary<TranscriptKey, InputField> { self.inputFieldTable.current }
    /// device → person → the name that device's owner has for them.
    public var contacts: TreeDictionary<String, [String: String]> { self.contactTable.current }
    // The tables, each changed only by `apply` and undone with the unit (`undo`).
    private var peopleTable = JournaledTable<String, Person>()
    private var deviceTable = JournaledTable<String, Device>()
    private var conversationTable = JournaledTable<String, Conversation>()
    private var installTable = JournaledTable<String, Install>()
    private var participantTable = JournaledTable<String, [String: String]>()
    private var formerMemberTable = JournaledTable<String, Set<String>>()
    private var inputFieldTable = JournaledTable<TranscriptKey, InputField>()
    private var contactTable = JournaledTable<String, [String: String]>()
    /// Delivery rules and the deliveries under way (`Deliveries` owns their rules).
    private(set) var deliveries = Deliveries()
    /// device → how messages reach it, when not at once.
    public var deliveryRules: TreeDictionary<String, DeliveryRule> { self.deliveries.rules }
    /// Deliveries not yet arrived, by id.
    public var pendingDeliveries: TreeDictionary<Int, PendingDelivery> { self.deliveries.pending }
    /// The next transcript entry or delivery id (both count up from here).
    @Journaled public internal(set) var nextSerial = 1
    /// Where stored messages and transcripts are read (shared: copies of a world read the same).
    public private(set) var reader: any HistoryReader
    /// History changed here that the shell has not stored yet (one commit unit's at most).
    @Journaled var pending = PendingHistory()

    /// A world with no stored history: what it is given lives in `pending` (tests, tools).
    public init() {
        self.reader = EmptyHistory()
    }

    /// A world over a store's history; new entry ids count up from its last one.
    public init(history: any HistoryReader) throws {
        self.reader = history
        self.nextSerial = try history.lastEntryID() + 1
    }

    /// This directory over another history, which must hold what this world's history holds
    /// (a copy that shares nothing with this world: see `HostStateMachine.forked`).
    public func over(_ history: any HistoryReader) -> World {
        var copy = self
        copy.reader = history
        return copy
    }

    /// Rebuilds the directory from its changes, in the order they were made (used by the
    /// store, which passes itself as `history`); nothing is recorded again.
    public init(replaying changes: some Sequence<WorldChange>, history: any HistoryReader) throws {
        try self.init(history: history)
        for change in changes { self.apply(change) }
        self.closeUnit(undoing: false)
    }

    /// The same, with no stored history.
    public init(replaying changes: some Sequence<WorldChange>) {
        self.init()
        for change in changes { self.apply(change) }
        self.closeUnit(undoing: false)
    }

    /// The shell wrote `changes` where `reader` reads them: they are no longer pending.
    public mutating func historyWritten(_ changes: [WorldChange]) {
        guard !self.pending.isEmpty else { return }
        for change in changes { self.pending.forget(change) }
    }

    /// Whether changes wait to be stored (a shell that is done with a unit has none).
    public var hasPendingHistory: Bool { !self.pending.isEmpty }

    /// Applies a change to the directory without validation or recording (the store replays
    /// only changes that were valid when made). History changes only move `nextSerial`.
    public mutating func apply(_ change: WorldChange) {
        switch change {
        case .personCreated(let person): self.peopleTable[person.handle] = person
        case .deviceCreated(let device): self.deviceTable[device.id] = device
        case .conversationCreated(let conversation): self.conversationTable[conversation.id] = conversation
        case .installCreated(let install): self.installTable[install.id] = install
        case .installRemoved(let id):
            self.installTable[id] = nil
        case .participantAssigned(let install, let person, let identifier):
            self.participantTable[install, default: [:]][person] = identifier
        case .messageStored, .transcriptEntryChanged, .transcriptEntryRemoved:
            break
        case .transcriptEntryAdded(_, _, let entry):
            self.nextSerial = max(self.nextSerial, entry.id + 1)
        case .inputFieldChanged(let device, let conversation, let field):
            self.inputFieldTable[TranscriptKey(device: device, conversation: conversation)] =
                field.isEmpty ? nil : field
        case .contactNamed(let device, let person, let name):
            self.contactTable[device, default: [:]][person] = name
        case .deliveryRuleChanged, .deliveryDone:
            self.deliveries.apply(change)
        case .deliveryPending(let delivery):
            self.deliveries.apply(change)
            self.nextSerial = max(self.nextSerial, delivery.id + 1)
        case .memberAdded(let conversation, let person):
            self.conversationTable[conversation]?.members.append(person)
            self.formerMemberTable[conversation]?.remove(person)
            if self.formerMemberTable[conversation]?.isEmpty == true { self.formerMemberTable[conversation] = nil }
        case .memberRemoved(let conversation, let person):
            self.conversationTable[conversation]?.members.removeAll { $0 == person }
            self.formerMemberTable[conversation, default: []].insert(person)
        }
    }

    /// The unit ends: kept, or undone (puts the directory back as it was when the unit began (the shell could not store it)).
    mutating func closeUnit(undoing: Bool) {
        self.peopleTable.closeUnit(undoing: undoing)
        self.deviceTable.closeUnit(undoing: undoing)
        self.conversationTable.closeUnit(undoing: undoing)
        self.installTable.closeUnit(undoing: undoing)
        self.participantTable.closeUnit(undoing: undoing)
        self.formerMemberTable.closeUnit(undoing: undoing)
        self.inputFieldTable.closeUnit(undoing: undoing)
        self.contactTable.closeUnit(undoing: undoing)
        self.deliveries.closeUnit(undoing: undoing)
        self.$nextSerial.closeUnit(undoing: undoing)
        self.$pending.closeUnit(undoing: undoing)
    }

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

    public func inputField(device: String, conversation: String) -> InputField {
        self.inputFields[TranscriptKey(device: device, conversation: conversation)] ?? InputField()
    }

    /// The name `device`'s owner sees for `person`: their contact name, else the display name.
    public func contactName(of person: String, on device: String) -> String {
        self.contacts[device]?[person] ?? self.people[person]?.name ?? person
    }

    // MARK: Mutations

    public mutating func createPerson(handle: String, name: String) throws(WireError) -> [WorldChange] {
        try Self.requireNonEmpty(handle, "handle")
        try Self.requireNonEmpty(name, "name")
        guard self.people[handle] == nil else {
            throw .control(.alreadyExists, "a person with handle \"\(handle)\" already exists")
        }
        return self.applying([.personCreated(Person(handle: handle, name: name))])
    }

    public mutating func createDevice(id: String, owner: String, platform: Platform, model: DeviceModel = .default)
        throws(WireError) -> [WorldChange]
    {
        try Self.requireNonEmpty(id, "id")
        _ = try self.person(owner)
        guard self.devices[id] == nil else { throw .control(.alreadyExists, "a device \"\(id)\" already exists") }
        return self.applying([.deviceCreated(Device(id: id, owner: owner, platform: platform, model: model))])
    }

    public mutating func createConversation(id: String, members: [String]) throws(WireError) -> [WorldChange] {
        try Self.requireNonEmpty(id, "id")
        guard self.conversations[id] == nil else {
            throw .control(.alreadyExists, "a conversation \"\(id)\" already exists")
        }
        let unique = members.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard unique.count >= 2 else {
            throw .control(
                .invalidRequest, "members: a conversation needs at least 2 different people, got \(unique.count)")
        }
        for member in unique { _ = try self.person(member) }
        return self.applying([.conversationCreated(Conversation(id: id, members: unique))])
    }

    public mutating func install(app: String, on device: String, id: String, at time: Instant) throws(WireError)
        -> [WorldChange]
    {
        _ = try self.device(device)
        guard self.install(device: device, app: app) == nil else {
            throw .control(.alreadyExists, "\(app) is already installed on \(device)")
        }
        return self.applying([
            .installCreated(Install(id: id, device: device, app: app, installedAt: time.milliseconds))
        ])
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
    public mutating func participantIdentifier(install: String, person: String, ids: inout some IDGenerator) -> (
        String, [WorldChange]
    ) {
        if let existing = self.participants[install]?[person] { return (existing, []) }
        let identifier = ids.makeUUID()
        return (
            identifier,
            self.applying([.participantAssigned(installID: install, person: person, identifier: identifier)])
        )
    }

    /// The identifier `person` has as `install` sees them. Identifiers are made when an install
    /// is made and when a person joins the world (`assignIdentifiers`), so every view is a pure
    /// read; an all-zero UUID would mean a world built without them (never by the host).
    public func identifier(install: String, person: String) -> String {
        self.participants[install]?[person] ?? "00000000-0000-0000-0000-000000000000"
    }

    /// Identifiers for every (install, person) pair that has none yet: after an install or a
    /// new person, and once at start for state written when they were made lazily.
    public mutating func assignIdentifiers(ids: inout some IDGenerator) -> [WorldChange] {
        var changes: [WorldChange] = []
        for install in self.installs.keys.sorted() {
            for person in self.people.keys.sorted() where self.participants[install]?[person] == nil {
                changes += self.participantIdentifier(install: install, person: person, ids: &ids).1
            }
        }
        return changes
    }

    /// Stores a sent message, before its way to the devices (`plan`, then `arrive` on each):
    /// the change to persist.
    public mutating func store(_ message: StoredMessage) -> [WorldChange] {
        self.applying([.messageStored(message)])
    }

    /// Every device of every member of a conversation.
    public func memberDevices(of conversation: String) -> [Device] {
        (self.conversations[conversation]?.members ?? []).flatMap { self.devices(of: $0) }
    }

    /// Applies changes to the directory and keeps their history part pending, for the caller
    /// to return in a `.persist` action: the shell stores them.
    mutating func applying(_ changes: [WorldChange]) -> [WorldChange] {
        for change in changes {
            self.apply(change)
            self.pending.record(change)
        }
        return changes
    }

    private static func requireNonEmpty(_ value: String, _ field: String) throws(WireError) {
        guard !value.allSatisfy(\.isWhitespace) else { throw .control(.invalidRequest, "\(field) must not be empty") }
    }
}

extension World: Equatable {
    /// Two worlds are equal when their directories are: history is not held here, and is
    /// compared through its reads where it matters.
    public static func == (lhs: World, rhs: World) -> Bool {
        lhs.people == rhs.people && lhs.devices == rhs.devices && lhs.conversations == rhs.conversations
            && lhs.formerMembers == rhs.formerMembers
            && lhs.installs == rhs.installs && lhs.participants == rhs.participants
            && lhs.inputFields == rhs.inputFields
            && lhs.contacts == rhs.contacts && lhs.deliveryRules == rhs.deliveryRules
            && lhs.pendingDeliveries == rhs.pendingDeliveries && lhs.nextSerial == rhs.nextSerial
    }
}
