/// `hello` (PROTOCOL.md §4.2).
public struct HelloBody: Codable, Hashable, Sendable {
    public var app: String
    public var `protocol`: Int
    public var pid: Int?
    public var sdk: String?
    /// For an extension started by hand (attach mode): the device it serves. The hello is then
    /// signed with the app's attach key instead of a launch token.
    public var attachDevice: String?

    public init(
        app: String, protocol: Int = WireVersion.major, pid: Int? = nil, sdk: String? = nil, attachDevice: String? = nil
    ) {
        self.app = app
        self.protocol = `protocol`
        self.pid = pid
        self.sdk = sdk
        self.attachDevice = attachDevice
    }
}

/// The reply to a successful hello.
public struct HelloResult: Codable, Hashable, Sendable {
    public var `protocol`: Int
    public init(protocol: Int = WireVersion.major) { self.protocol = `protocol` }
}

/// Any request or callback that names an instance; enough to route it.
public struct InstanceBody: Codable, Hashable, Sendable {
    public var instance: String
    public init(instance: String) { self.instance = instance }
}

/// `sendMessage` / `insertMessage`.
public struct MessageRequestBody: Codable, Hashable, Sendable {
    public var instance: String
    public var message: MessageValue
    public init(instance: String, message: MessageValue) {
        self.instance = instance
        self.message = message
    }
}

/// The reply to a successful `sendMessage`: the message as the host sent it.
public struct SendMessageResult: Codable, Hashable, Sendable {
    public var message: MessageValue
    public init(message: MessageValue) { self.message = message }
}

/// `willBecomeActive`, `didBecomeActive`, `willResignActive`, `didResignActive`.
public struct ActivationBody: Codable, Hashable, Sendable {
    public var instance: String
    public var conversation: ConversationValue
    public var presentationStyle: PresentationStyle
    public var presentationContext: PresentationContext

    public init(
        instance: String, conversation: ConversationValue, presentationStyle: PresentationStyle,
        presentationContext: PresentationContext
    ) {
        self.instance = instance
        self.conversation = conversation
        self.presentationStyle = presentationStyle
        self.presentationContext = presentationContext
    }
}

/// `touch`: the user touched the instance's view. `button` and `fields` are set when the touch
/// activated a button of the view the instance set (`setView`; control `activate`): the
/// button's id and the text of every text field of that view.
public struct TouchBody: Codable, Hashable, Sendable {
    public var instance: String
    public var payload: JSONValue
    public var button: String?
    public var fields: [String: String]?
    /// A tap on the app's own screen (control `tapScreen`): where, in its points; whether it
    /// was a long press; what was typed after it.
    public var point: ScreenPoint?
    public var long: Bool?
    public var text: String?
    /// A drag on the app's own screen (`tapScreen` with `to`): from `point` to `to`, through
    /// `steps` moves evenly spaced, the last at `to`.
    public var to: ScreenPoint?
    public var steps: Int?
    public init(
        instance: String, payload: JSONValue, button: String? = nil, fields: [String: String]? = nil,
        point: ScreenPoint? = nil, long: Bool? = nil, text: String? = nil, to: ScreenPoint? = nil, steps: Int? = nil
    ) {
        self.instance = instance
        self.payload = payload
        self.button = button
        self.fields = fields
        self.point = point
        self.long = long
        self.text = text
        self.to = to
        self.steps = steps
    }
}

/// `didStartSending`, `didCancelSending`, `didReceive`, `willSelect`, `didSelect`.
public struct MessageCallbackBody: Codable, Hashable, Sendable {
    public var instance: String
    public var message: MessageValue
    public var conversation: ConversationValue
    public init(instance: String, message: MessageValue, conversation: ConversationValue) {
        self.instance = instance
        self.message = message
        self.conversation = conversation
    }
}

/// `terminate`: the process is about to be ended.
public struct TerminateBody: Codable, Hashable, Sendable {
    public var reason: String
    public var graceMs: Int64
    public init(reason: String, graceMs: Int64) {
        self.reason = reason
        self.graceMs = graceMs
    }
}

/// `didReceiveMemoryWarning`: the sample that crossed the soft line, and the lines.
public struct MemoryWarningBody: Codable, Hashable, Sendable {
    public var residentBytes: Int
    public var warningBytes: Int
    /// The hard line; nil when the app has none.
    public var limitBytes: Int?
    public init(residentBytes: Int, warningBytes: Int, limitBytes: Int?) {
        self.residentBytes = residentBytes
        self.warningBytes = warningBytes
        self.limitBytes = limitBytes
    }
}
