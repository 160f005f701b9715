/// Reply of `createPerson`.
public struct PersonResult: Codable, Hashable, Sendable {
    public var person: Person
    public init(person: Person) { self.person = person }
}

/// Reply of `createDevice`.
public struct DeviceResult: Codable, Hashable, Sendable {
    public var device: Device
    public init(device: Device) { self.device = device }
}

/// Reply of `createConversation`.
public struct ConversationResult: Codable, Hashable, Sendable {
    public var conversation: Conversation
    public init(conversation: Conversation) { self.conversation = conversation }
}

/// Reply of `installApp`.
public struct InstallResult: Codable, Hashable, Sendable {
    public var install: Install
    public init(install: Install) { self.install = install }
}

/// Reply of `world`.
public struct WorldResult: Codable, Hashable, Sendable {
    public var people: [Person]
    public var devices: [Device]
    public var conversations: [Conversation]
    public var apps: [AppDescriptor]
    public var installs: [Install]
    public init(people: [Person], devices: [Device], conversations: [Conversation], apps: [AppDescriptor], installs: [Install]) {
        self.people = people
        self.devices = devices
        self.conversations = conversations
        self.apps = apps
        self.installs = installs
    }
}

/// Reply of `participants`: the identifier each person has as this install sees them.
public struct ParticipantsResult: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        public var person: String
        public var identifier: String
        public init(person: String, identifier: String) {
            self.person = person
            self.identifier = identifier
        }
    }
    public var install: Install
    public var participants: [Entry]
    public init(install: Install, participants: [Entry]) {
        self.install = install
        self.participants = participants
    }

    public func identifier(of person: String) -> String? {
        self.participants.first { $0.person == person }?.identifier
    }
}

/// Reply of `open`.
public struct OpenResult: Codable, Hashable, Sendable {
    public var instance: String
    public var presentationStyle: PresentationStyle
    public init(instance: String, presentationStyle: PresentationStyle) {
        self.instance = instance
        self.presentationStyle = presentationStyle
    }
}

/// One entry of a device's transcript, as `transcript` returns it.
public struct TranscriptEntryValue: Codable, Hashable, Sendable {
    public var index: Int
    public var kind: String
    public var sender: String
    public var senderName: String
    public var senderDevice: String
    public var app: String
    /// The sender as the viewing device's install of `app` sees them; nil if not installed.
    public var senderParticipantIdentifier: String?
    public var message: MessageValue
    public var sentAt: Int64
    public init(
        index: Int, kind: String, sender: String, senderName: String, senderDevice: String, app: String,
        senderParticipantIdentifier: String?, message: MessageValue, sentAt: Int64
    ) {
        self.index = index
        self.kind = kind
        self.sender = sender
        self.senderName = senderName
        self.senderDevice = senderDevice
        self.app = app
        self.senderParticipantIdentifier = senderParticipantIdentifier
        self.message = message
        self.sentAt = sentAt
    }
}

/// Reply of `transcript`.
public struct TranscriptResult: Codable, Hashable, Sendable {
    public var entries: [TranscriptEntryValue]
    public init(entries: [TranscriptEntryValue]) { self.entries = entries }
}

/// One observed event: a send accepted or refused, a delivery, a launch, an exit …
public struct EventRecord: Codable, Hashable, Sendable {
    public var seq: Int
    public var time: Int64
    public var kind: String
    public var device: String?
    public var app: String?
    public var conversation: String?
    public var instance: String?
    public var code: Int?
    public var name: String?
    public var pid: Int?
    public var detail: String?
    public init(
        seq: Int, time: Int64, kind: String, device: String? = nil, app: String? = nil, conversation: String? = nil,
        instance: String? = nil, code: Int? = nil, name: String? = nil, pid: Int? = nil, detail: String? = nil
    ) {
        self.seq = seq
        self.time = time
        self.kind = kind
        self.device = device
        self.app = app
        self.conversation = conversation
        self.instance = instance
        self.code = code
        self.name = name
        self.pid = pid
        self.detail = detail
    }
}

/// Reply of `events`.
public struct EventsResult: Codable, Hashable, Sendable {
    public var events: [EventRecord]
    public var next: Int
    public init(events: [EventRecord], next: Int) {
        self.events = events
        self.next = next
    }
}

/// Reply of `status`.
public struct StatusResult: Codable, Hashable, Sendable {
    public struct Daemon: Codable, Hashable, Sendable {
        public var pid: Int
        public var `protocol`: Int
        public var startedAt: Int64
        public var uptimeMs: Int64
        public init(pid: Int, protocol: Int, startedAt: Int64, uptimeMs: Int64) {
            self.pid = pid
            self.protocol = `protocol`
            self.startedAt = startedAt
            self.uptimeMs = uptimeMs
        }
    }
    public struct ExtensionStatus: Codable, Hashable, Sendable {
        public var device: String
        public var app: String
        public var pid: Int?
        public var state: String
        public var instances: [String]
        public init(device: String, app: String, pid: Int?, state: String, instances: [String]) {
            self.device = device
            self.app = app
            self.pid = pid
            self.state = state
            self.instances = instances
        }
    }
    public var daemon: Daemon
    public var extensions: [ExtensionStatus]
    public var counters: [String: Int]
    public init(daemon: Daemon, extensions: [ExtensionStatus], counters: [String: Int]) {
        self.daemon = daemon
        self.extensions = extensions
        self.counters = counters
    }
}
