/// Names one transcript entry (an entry id from `transcript`) on one device.
public struct EntryRequest: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String
    public var entry: Int
    public init(device: String, conversation: String, entry: Int) {
        self.device = device
        self.conversation = conversation
        self.entry = entry
    }
}

/// Body of `tap`: the user taps a bubble.
public typealias TapRequest = EntryRequest
/// Body of `keep`: keep an expiring message.
public typealias KeepRequest = EntryRequest

/// Reply of `tap`: what tapping did on that device.
public struct TapResult: Codable, Hashable, Sendable {
    /// `selected` (the app got the message, expanded), `openedURL` (macOS opened it in a
    /// browser), `openedParentApp` (the app's manifest opens messages in its parent app,
    /// which got `openURL`), or `none` (nothing can open it here: `reason` says why).
    public var action: String
    public var instance: String?
    public var url: String?
    public var reason: String?
    public init(action: String, instance: String? = nil, url: String? = nil, reason: String? = nil) {
        self.action = action
        self.instance = instance
        self.url = url
        self.reason = reason
    }
}

/// Body of `show`: the device shows a conversation (or none: the conversation list).
public struct ShowRequest: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String?
    public init(device: String, conversation: String?) {
        self.device = device
        self.conversation = conversation
    }
}

/// Body of `typeText`: what the user typed in the input field (replaces the text there).
public struct TypeTextRequest: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String
    public var text: String
    public init(device: String, conversation: String, text: String) {
        self.device = device
        self.conversation = conversation
        self.text = text
    }
}

/// Body of `send`, `cancel` and `inputField`: one device's input field in one conversation.
public typealias InputFieldRequest = ConversationViewRequest

/// Reply of `inputField`.
public struct InputFieldResult: Codable, Hashable, Sendable {
    public var text: String
    /// The staged item as the device shows it: `kind` is message, text, sticker or attachment.
    public var staged: TranscriptEntryValue?
    public init(text: String, staged: TranscriptEntryValue?) {
        self.text = text
        self.staged = staged
    }
}

/// Body of `delivery`: how messages reach a device from now on.
public struct DeliveryRequest: Codable, Hashable, Sendable {
    public var device: String
    /// Every message to this device arrives this long after it was sent.
    public var latencyMs: Int64?
    /// While true, messages to this device wait until `release`.
    public var hold: Bool?
    public init(device: String, latencyMs: Int64? = nil, hold: Bool? = nil) {
        self.device = device
        self.latencyMs = latencyMs
        self.hold = hold
    }
}

/// Body of `release`: held messages arrive now, in the order given.
public struct ReleaseRequest: Codable, Hashable, Sendable {
    public var device: String
    /// `sent` (default) or `reverse`; or name the message ids in the order they should arrive
    /// with `messages` (any not named follow in sent order).
    public var order: String?
    public var messages: [String]?
    public init(device: String, order: String? = nil, messages: [String]? = nil) {
        self.device = device
        self.order = order
        self.messages = messages
    }
}

/// Reply of `release`.
public struct ReleaseResult: Codable, Hashable, Sendable {
    public var released: [String]
    public init(released: [String]) { self.released = released }
}

/// Body of `contact`: the name a device's owner has for a person (nil: their display name).
public struct ContactRequest: Codable, Hashable, Sendable {
    public var device: String
    public var person: String
    public var name: String?
    public init(device: String, person: String, name: String?) {
        self.device = device
        self.person = person
        self.name = name
    }
}

/// Body of `advanceClock`: move the daemon's manual clock forward.
public struct AdvanceClockRequest: Codable, Hashable, Sendable {
    public var milliseconds: Int64
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
}

/// Reply of `advanceClock` and `settle`: the daemon's time now.
public struct ClockResult: Codable, Hashable, Sendable {
    public var now: Int64
    public init(now: Int64) { self.now = now }
}

/// Body of `subscribe`: events after `after` (default: only new ones) are pushed to this
/// client as messages of type `event` whose `replyTo` is the subscribe request's id.
public struct SubscribeRequest: Codable, Hashable, Sendable {
    public var after: Int?
    public init(after: Int? = nil) { self.after = after }
}
