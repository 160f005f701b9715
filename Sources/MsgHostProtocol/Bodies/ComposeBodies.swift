/// The parent app and its compose sheet on the wire (PROTOCOL.md §4.10): MessageUI's
/// `MFMessageComposeViewController` as a request and a callback, and the control commands
/// with which the user opens the app and sends or cancels the sheet. Only the user ever
/// finishes a sheet: no request lets the app send it.

/// `MessageComposeResult` (MessageUI): the raw values are Apple's. On the wire it is the
/// name, as the other enumerations are (§5.4).
public enum MessageComposeResult: String, Codable, Hashable, Sendable, CaseIterable {
    case cancelled, sent, failed

    /// Apple's raw value: cancelled 0, sent 1, failed 2.
    public var rawCode: Int {
        switch self {
        case .cancelled: 0
        case .sent: 1
        case .failed: 2
        }
    }
}

/// `presentMessageCompose`: the parent app presents an `MFMessageComposeViewController`
/// with these `recipients` (as the user would type them: handles), `body` (text) and
/// `message` (an `MSMessage`, checked as an extension's `insertMessage`).
public struct PresentMessageComposeBody: Codable, Hashable, Sendable {
    public var instance: String
    public var recipients: [String]
    public var body: String?
    public var message: MessageValue?

    public init(instance: String, recipients: [String], body: String? = nil, message: MessageValue? = nil) {
        self.instance = instance
        self.recipients = recipients
        self.body = body
        self.message = message
    }
}

/// `messageComposeDidFinish`: `messageComposeViewController(_:didFinishWith:)`.
public struct MessageComposeDidFinishBody: Codable, Hashable, Sendable {
    public var instance: String
    public var result: MessageComposeResult
    public init(instance: String, result: MessageComposeResult) {
        self.instance = instance
        self.result = result
    }
}

/// `openURL`: a received bubble of the app, tapped, opens the parent app with the message's
/// `url` and the message as the parent app's install sees it.
public struct OpenURLBody: Codable, Hashable, Sendable {
    public var instance: String
    public var url: String?
    public var message: MessageValue
    public init(instance: String, url: String?, message: MessageValue) {
        self.instance = instance
        self.url = url
        self.message = message
    }
}

/// Body of `openParentApp`.
public struct ParentAppRequest: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    public init(device: String, app: String) {
        self.device = device
        self.app = app
    }
}

/// The reply to `openParentApp`: the instance the parent app's callbacks name.
public struct ParentAppResult: Codable, Hashable, Sendable {
    public var instance: String
    public init(instance: String) { self.instance = instance }
}

/// What the user does with the sheet (`compose` `action`).
public enum ComposeAction: String, Codable, Hashable, Sendable, CaseIterable {
    case send, cancel
}

/// Body of `compose`: the user taps Send or Cancel on the sheet shown on `device`.
public struct ComposeRequest: Codable, Hashable, Sendable {
    public var device: String
    public var action: ComposeAction
    public init(device: String, action: ComposeAction) {
        self.device = device
        self.action = action
    }
}

/// The reply to `compose`: how the sheet finished, and, when it was sent, the conversation
/// it went to.
public struct ComposeResult: Codable, Hashable, Sendable {
    public var result: MessageComposeResult
    public var conversation: String?
    public var reason: String?
    public init(result: MessageComposeResult, conversation: String? = nil, reason: String? = nil) {
        self.result = result
        self.conversation = conversation
        self.reason = reason
    }
}

/// The reply to `composeSheet`: the sheet shown on the device, or null.
public struct ComposeSheetResult: Codable, Hashable, Sendable {
    public struct Sheet: Codable, Hashable, Sendable {
        /// The parent app that presented it.
        public var app: String
        public var recipients: [String]
        public var body: String?
        /// The message as the device shows it in the sheet (an entry as in `transcript`,
        /// pending), or null.
        public var message: TranscriptEntryValue?
        public var presentedAt: Int64

        public init(
            app: String, recipients: [String], body: String?, message: TranscriptEntryValue?, presentedAt: Int64
        ) {
            self.app = app
            self.recipients = recipients
            self.body = body
            self.message = message
            self.presentedAt = presentedAt
        }
    }

    /// The parent app in the foreground of the device, or null.
    public var parentApp: String?
    public var sheet: Sheet?
    public init(parentApp: String?, sheet: Sheet?) {
        self.parentApp = parentApp
        self.sheet = sheet
    }
}
