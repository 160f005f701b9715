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
    public init(
        people: [Person], devices: [Device], conversations: [Conversation], apps: [AppDescriptor], installs: [Install]
    ) {
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

/// One entry of a device's transcript, as `transcript` returns it: what that device's owner
/// sees, with names from their contact book.
public struct TranscriptEntryValue: Codable, Hashable, Sendable {
    /// The position in the whole transcript, from 0 for its oldest entry, whichever page
    /// carries it, so a client can place a page without having read the older ones (0 for
    /// an item staged in the input field, which is in no transcript yet).
    public var index: Int
    /// The entry's id, for `tap` and `keep`.
    public var entry: Int
    public var messageID: String
    /// `message` (an app's bubble), `summary` (a collapsed session message), `text`,
    /// `sticker`, `attachment`, `legacyImage` or `legacyURL` (a legacy device's fallback).
    public var kind: String
    public var sender: String
    public var senderName: String
    public var senderDevice: String
    public var app: String?
    /// How the device draws an app message: `live` (the extension draws it), `template`,
    /// or `alternate` (a live layout's alternate template, where live layouts cannot run).
    public var rendering: String?
    /// The sender as the viewing device's install of `app` sees them; nil if not installed.
    public var senderParticipantIdentifier: String?
    /// The `MSMessage` as the viewing device's install sees it (tokens translated).
    public var message: MessageValue?
    /// The texts as drawn, with `$<uuid>` replaced by the viewer's contact names.
    public var rendered: RenderedText?
    /// Plain text, sticker description, attachment or legacy URL, when the entry has one.
    public var text: String?
    public var file: FileValue?
    /// The size a live bubble asked for (`contentSizeThatFits`), once known.
    public var liveSize: SizeValue?
    public var sentAt: Int64
    public var expiring: Bool?
    public var kept: Bool?
    /// For a sticker peeled onto a bubble: the `messageID` of that bubble's message.
    public var peeledOnto: String?

    public init(
        index: Int, entry: Int, messageID: String, kind: String, sender: String, senderName: String,
        senderDevice: String,
        app: String?, rendering: String? = nil, senderParticipantIdentifier: String? = nil,
        message: MessageValue? = nil,
        rendered: RenderedText? = nil, text: String? = nil, file: FileValue? = nil, liveSize: SizeValue? = nil,
        sentAt: Int64,
        expiring: Bool? = nil, kept: Bool? = nil
    ) {
        self.index = index
        self.entry = entry
        self.messageID = messageID
        self.kind = kind
        self.sender = sender
        self.senderName = senderName
        self.senderDevice = senderDevice
        self.app = app
        self.rendering = rendering
        self.senderParticipantIdentifier = senderParticipantIdentifier
        self.message = message
        self.rendered = rendered
        self.text = text
        self.file = file
        self.liveSize = liveSize
        self.sentAt = sentAt
        self.expiring = expiring
        self.kept = kept
    }
}

/// A bubble's texts as a device draws them.
public struct RenderedText: Codable, Hashable, Sendable {
    public var caption: String?
    public var subcaption: String?
    public var trailingCaption: String?
    public var trailingSubcaption: String?
    public var imageTitle: String?
    public var imageSubtitle: String?
    public var summaryText: String?
    public init(
        caption: String? = nil, subcaption: String? = nil, trailingCaption: String? = nil,
        trailingSubcaption: String? = nil,
        imageTitle: String? = nil, imageSubtitle: String? = nil, summaryText: String? = nil
    ) {
        self.caption = caption
        self.subcaption = subcaption
        self.trailingCaption = trailingCaption
        self.trailingSubcaption = trailingSubcaption
        self.imageTitle = imageTitle
        self.imageSubtitle = imageSubtitle
        self.summaryText = summaryText
    }
}

/// A file the daemon keeps (a sticker, an attachment, a layout's image or media).
public struct FileValue: Codable, Hashable, Sendable {
    public var url: String
    public var filename: String
    public var mediaType: String
    public var byteCount: Int
    public init(url: String, filename: String, mediaType: String, byteCount: Int) {
        self.url = url
        self.filename = filename
        self.mediaType = mediaType
        self.byteCount = byteCount
    }
}

/// Reply of `transcript`: one page, oldest first, and what a client needs to page back.
public struct TranscriptResult: Codable, Hashable, Sendable {
    public var entries: [TranscriptEntryValue]
    /// Entries older than this page exist: ask again with `before` set to the first entry's id.
    public var more: Bool
    /// How many entries are older than this page, so that a reader can say how far back the
    /// transcript goes without fetching it.
    public var olderCount: Int
    public init(entries: [TranscriptEntryValue], more: Bool, olderCount: Int) {
        self.entries = entries
        self.more = more
        self.olderCount = olderCount
    }
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
    /// `viewChanged`: how many elements the instance's view has now (0: none).
    public var elements: Int?
    public init(
        seq: Int, time: Int64, kind: String, device: String? = nil, app: String? = nil, conversation: String? = nil,
        instance: String? = nil, code: Int? = nil, name: String? = nil, pid: Int? = nil, detail: String? = nil,
        elements: Int? = nil
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
        self.elements = elements
    }

    /// The kind as the type the daemon names it with; nil for a kind this build does not know
    /// (a newer daemon's).
    public var eventKind: EventKind? { EventKind(rawValue: self.kind) }
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
        /// `system` or `manual`.
        public var clock: String
        public init(pid: Int, protocol: Int, startedAt: Int64, uptimeMs: Int64, clock: String = "system") {
            self.pid = pid
            self.protocol = `protocol`
            self.startedAt = startedAt
            self.uptimeMs = uptimeMs
            self.clock = clock
        }
    }
    public struct ExtensionStatus: Codable, Hashable, Sendable {
        public var device: String
        public var app: String
        public var pid: Int?
        public var state: String
        public var instances: [String]
        public var uptimeMs: Int64?
        public var memoryBytes: Int?
        public var attached: Bool?
        /// `parentApp` for an app's parent app (PROTOCOL.md §4.10); absent for an extension.
        public var role: String?
        public init(
            device: String, app: String, pid: Int?, state: String, instances: [String], uptimeMs: Int64? = nil,
            memoryBytes: Int? = nil, attached: Bool? = nil,
            role: String? = nil
        ) {
            self.role = role
            self.device = device
            self.app = app
            self.pid = pid
            self.state = state
            self.instances = instances
            self.uptimeMs = uptimeMs
            self.memoryBytes = memoryBytes
            self.attached = attached
        }
    }
    public var daemon: Daemon
    public var extensions: [ExtensionStatus]
    public var counters: [String: Int]
    /// "device app" of every quarantined app.
    public var quarantined: [String]
    /// The recording under way, or else the last one that stopped (PROTOCOL.md §7.2); absent
    /// when none has started. The shell fills it in as the reply leaves: the recorder is its own.
    public var recording: RecordingResult?
    public init(
        daemon: Daemon, extensions: [ExtensionStatus], counters: [String: Int], quarantined: [String] = [],
        recording: RecordingResult? = nil
    ) {
        self.daemon = daemon
        self.extensions = extensions
        self.counters = counters
        self.quarantined = quarantined
        self.recording = recording
    }
}
