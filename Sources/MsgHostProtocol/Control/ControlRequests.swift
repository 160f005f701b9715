/// Body of `createPerson`.
public struct CreatePersonRequest: Codable, Hashable, Sendable {
    public var handle: String
    public var name: String
    public init(handle: String, name: String) {
        self.handle = handle
        self.name = name
    }
}

/// Body of `createDevice`.
public struct CreateDeviceRequest: Codable, Hashable, Sendable {
    public var id: String
    public var owner: String
    public var platform: Platform?
    /// nil: `DeviceModel.default`.
    public var model: DeviceModel?
    public init(id: String, owner: String, platform: Platform? = nil, model: DeviceModel? = nil) {
        self.id = id
        self.owner = owner
        self.platform = platform
        self.model = model
    }
}

/// Body of `createConversation`.
public struct CreateConversationRequest: Codable, Hashable, Sendable {
    public var members: [String]
    public var id: String?
    public init(members: [String], id: String? = nil) {
        self.members = members
        self.id = id
    }
}

/// Body of `installApp`, `uninstallApp` and `participants`.
public struct DeviceAppRequest: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    public init(device: String, app: String) {
        self.device = device
        self.app = app
    }
}

/// Body of `memoryPressure`: the system short of memory, as iOS is, for the process that
/// serves `app` on `device`. `warning` sends it `didReceiveMemoryWarning`; `critical` ends it
/// at once (reason `memoryPressure`), as iOS ends an extension to take its memory back.
public struct MemoryPressureRequest: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    /// `warning` or `critical`.
    public var level: String
    public init(device: String, app: String, level: String) {
        self.device = device
        self.app = app
        self.level = level
    }
}

/// Body of `open`.
public struct OpenRequest: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String
    public var app: String
    public init(device: String, conversation: String, app: String) {
        self.device = device
        self.conversation = conversation
        self.app = app
    }
}

/// Body of `close`.
public struct DeviceRequest: Codable, Hashable, Sendable {
    public var device: String
    public init(device: String) { self.device = device }
}

/// Body of `touch`.
public struct TouchRequest: Codable, Hashable, Sendable {
    public var device: String
    public var payload: JSONValue?
    public init(device: String, payload: JSONValue? = nil) {
        self.device = device
        self.payload = payload
    }
}

/// Names one device's view of one conversation.
public struct ConversationViewRequest: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String
    public init(device: String, conversation: String) {
        self.device = device
        self.conversation = conversation
    }
}

/// Body of `events`.
public struct EventsRequest: Codable, Hashable, Sendable {
    public var after: Int?
    public init(after: Int? = nil) { self.after = after }
}

/// Body of `transcript`: one page of a device's view of a conversation, newest first by
/// page. `limit` and `before` are optional so that a client that names neither still gets an
/// answer: the newest `defaultLimit` entries.
public struct TranscriptRequest: Codable, Hashable, Sendable {
    /// The page size when a request names none: enough for a screen, small enough that a reply
    /// stays small however long the transcript grows.
    public static let defaultLimit = 50

    public var device: String
    public var conversation: String
    /// How many entries at most (1 to 1,000; default `defaultLimit`).
    public var limit: Int?
    /// Only entries with a smaller id: the first entry of the previous page, for the next older one.
    public var before: Int?
    public init(device: String, conversation: String, limit: Int? = nil, before: Int? = nil) {
        self.device = device
        self.conversation = conversation
        self.limit = limit
        self.before = before
    }
}

/// Body of `addMember` and `removeMember`: a person (handle) and a conversation.
public struct MemberRequest: Codable, Hashable, Sendable {
    public var conversation: String
    public var person: String
    public init(conversation: String, person: String) {
        self.conversation = conversation
        self.person = person
    }
}
