/// A person with an iMessage identity. Extensions never see these; control clients do.
public struct Person: Codable, Hashable, Sendable {
    public var handle: String
    public var name: String
    public init(handle: String, name: String) {
        self.handle = handle
        self.name = name
    }
}

/// The platforms a device can run (SPEC §1). They decide how app messages render there.
public enum Platform: String, Codable, Hashable, Sendable, CaseIterable {
    case ios17, ios11, ios10, macos, watchos, legacy
}

/// One of a person's devices.
public struct Device: Codable, Hashable, Sendable {
    public var id: String
    public var owner: String
    public var platform: Platform
    /// Its hardware, which decides the screen its apps are shown on.
    public var model: DeviceModel
    public init(id: String, owner: String, platform: Platform = .ios17, model: DeviceModel = .default) {
        self.id = id
        self.owner = owner
        self.platform = platform
        self.model = model
    }

    /// `model` may be missing (a session recorded before devices had models): the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(String.self, forKey: .id)
        self.owner = try container.decode(String.self, forKey: .owner)
        self.platform = try container.decode(Platform.self, forKey: .platform)
        self.model = try container.decodeIfPresent(DeviceModel.self, forKey: .model) ?? .default
    }
}

/// A conversation between two or more people.
public struct Conversation: Codable, Hashable, Sendable {
    public var id: String
    public var members: [String]
    public init(id: String, members: [String]) {
        self.id = id
        self.members = members
    }
}

/// An iMessage app as its manifest declares it (the part the host logic needs).
public struct AppDescriptor: Codable, Hashable, Sendable {
    public var bundleID: String
    public var displayName: String
    /// `MSSupportedPresentationContexts`; listing `media` at all means media only, as Apple does.
    public var contexts: [PresentationContext]
    /// Resident memory above this kills the extension (reason `memory`); nil: no limit.
    public var memoryLimitBytes: Int?
    /// Resident memory above this sends `didReceiveMemoryWarning` (once per crossing); nil:
    /// four fifths of `memoryLimitBytes` (`MemoryThresholds`). Not sent to control clients.
    public var memoryWarningBytes: Int?
    /// Overrides of the daemon's launch and response timeouts for this app.
    public var launchTimeoutMs: Int64?
    public var responseTimeoutMs: Int64?
    /// When set, an extension started by hand may attach for debugging by signing its hello
    /// with this key. Never sent to control clients.
    public var attachKey: String?
    /// Whether the manifest names a parent app (`parentApp`), which `openParentApp` starts
    /// (PROTOCOL.md §4.10). Not sent to control clients.
    public var hasParentApp = false
    /// (ours, manifest `parentApp.opensMessages`) Whether a tapped bubble of the app opens
    /// its parent app (`openURL`) instead of its extension: WWDC 2017, "received messages
    /// can open in iMessage app or parent app". Not sent to control clients.
    public var opensMessagesInParentApp = false

    public init(
        bundleID: String, displayName: String, contexts: [PresentationContext] = [.messages],
        memoryLimitBytes: Int? = nil,
        launchTimeoutMs: Int64? = nil, responseTimeoutMs: Int64? = nil, attachKey: String? = nil,
        memoryWarningBytes: Int? = nil
    ) {
        self.memoryWarningBytes = memoryWarningBytes
        self.bundleID = bundleID
        self.displayName = displayName
        self.contexts = contexts
        self.memoryLimitBytes = memoryLimitBytes
        self.launchTimeoutMs = launchTimeoutMs
        self.responseTimeoutMs = responseTimeoutMs
        self.attachKey = attachKey
    }

    private enum CodingKeys: String, CodingKey {
        case bundleID, displayName, contexts, memoryLimitBytes, launchTimeoutMs, responseTimeoutMs
    }

    /// Whether extensions may attach by hand.
    public var allowsAttach: Bool { self.attachKey != nil }

    public var presentationContext: PresentationContext {
        self.contexts.contains(.media) ? .media : .messages
    }
}

/// An app installed on a device. A reinstall is a new install, with a new id and new
/// participant identifiers.
public struct Install: Codable, Hashable, Sendable {
    public var id: String
    public var device: String
    public var app: String
    public var installedAt: Int64
    public init(id: String, device: String, app: String, installedAt: Int64) {
        self.id = id
        self.device = device
        self.app = app
        self.installedAt = installedAt
    }
}
