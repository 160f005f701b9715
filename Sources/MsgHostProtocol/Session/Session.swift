/// A recorded session (docs/RECORDING.md, schema docs/schema/session.schema.json): what the
/// daemon's `stopRecording` leaves to read with `recording`, written to a file as JSON lines.
///
/// The first line (`session`) holds the world, the apps' manifests and the settings at the
/// start, so that a replay starts from the same world; then one `step` line per action of the
/// user or the admin, with what it caused; the last line (`end`) says the file is whole. The
/// values inside (transcript entries, events, frames, replies) are the control API's own
/// (PROTOCOL.md §7), so whoever reads a session needs no other vocabulary.
public struct Session: Hashable, Sendable {
    public var start: SessionStart
    public var steps: [SessionStep]
    public var end: SessionEnd

    public init(start: SessionStart, steps: [SessionStep], end: SessionEnd) {
        self.start = start
        self.steps = steps
        self.end = end
    }

    /// The `format` of the first line, and the version this build writes and reads.
    public static let format = "msghost-session"
    public static let version = 1

    /// The commands a recording keeps as steps: everything the user or the admin does. Reads
    /// (`status`, `transcript`, `view` …) change nothing and are left out, and so are the
    /// control session's own requests (`subscribe`, `settle`, `wireTap`, the recording's).
    public static let actions: Set<ControlCommand> = [
        .createPerson, .createDevice, .createConversation, .installApp, .uninstallApp,
        .open, .close, .touch, .tap, .chevron, .show, .typeText, .send, .cancel,
        .delivery, .release, .contact, .keep, .advanceClock, .reset, .memoryPressure, .activate, .tapScreen,
        .addMember, .removeMember, .stickers, .chooseSticker,
        .openParentApp, .closeParentApp, .compose,
    ]

    /// The settings a session carries, by configuration key (config/msghostd.yaml): those that
    /// shape what the host does, so that a replay's daemon behaves as the recording's did.
    public static let settingKeys: Set<String> = [
        "interaction.windowMs", "extensions.launchTimeoutMs", "extensions.responseTimeoutMs", "extensions.idleGraceMs",
        "extensions.terminateGraceMs", "extensions.killGraceMs", "extensions.crashLimit", "extensions.crashWindowMs",
        "sessions.nilSummaryText", "messages.expiryMs", "limits.maxFrameBytes", "events.capacity",
    ]
}

/// The first line: the world as the recording found it.
public struct SessionStart: Codable, Hashable, Sendable {
    public var type = "session"
    public var format: String
    public var version: Int
    /// When the recording started, on the daemon's clock (ms); step times count from here.
    public var startedAt: Int64
    /// `system` or `manual`: the clock the recording daemon ran on.
    public var clock: String
    /// The daemon's settings that shape behaviour, by configuration key
    /// (`interaction.windowMs`, `extensions.idleGraceMs` …).
    public var settings: [String: JSONValue]
    /// The apps' manifests as the daemon read them (relative paths made absolute; no attach key).
    public var apps: [JSONValue]
    public var world: SessionWorld
    /// Every install's identifiers for every person: how a replay renames them.
    public var participants: [SessionParticipants]
    /// Contact names differing from display names.
    public var contacts: [SessionContact]
    /// Delivery rules other than "at once".
    public var delivery: [SessionDelivery]
    /// Each device's view of each of its conversations at the start.
    public var transcripts: [SessionTranscript]
    /// What each device showed at the start (the conversation on screen, the app presented),
    /// for devices that showed something; absent in sessions from before it was recorded.
    public var screens: [SessionScreen]?

    public init(
        startedAt: Int64, clock: String, settings: [String: JSONValue], apps: [JSONValue], world: SessionWorld,
        participants: [SessionParticipants], contacts: [SessionContact], delivery: [SessionDelivery],
        transcripts: [SessionTranscript],
        screens: [SessionScreen]? = nil
    ) {
        self.format = Session.format
        self.version = Session.version
        self.startedAt = startedAt
        self.clock = clock
        self.settings = settings
        self.apps = apps
        self.world = world
        self.participants = participants
        self.contacts = contacts
        self.delivery = delivery
        self.transcripts = transcripts
        self.screens = screens
    }
}

/// What one device showed as the recording started: the conversation on its screen, and the
/// app presented there (in `conversation`, in `presentationStyle`), if any. A replay shows and
/// opens the same before its first step.
public struct SessionScreen: Codable, Hashable, Sendable {
    public var device: String
    /// The conversation on the screen (nil: the conversation list).
    public var showing: String?
    public var app: String?
    public var conversation: String?
    public var presentationStyle: PresentationStyle?
    public init(
        device: String, showing: String?, app: String?, conversation: String?, presentationStyle: PresentationStyle?
    ) {
        self.device = device
        self.showing = showing
        self.app = app
        self.conversation = conversation
        self.presentationStyle = presentationStyle
    }
}

public struct SessionWorld: Codable, Hashable, Sendable {
    public var people: [Person]
    public var devices: [Device]
    public var conversations: [Conversation]
    public var installs: [SessionInstall]
    public init(people: [Person], devices: [Device], conversations: [Conversation], installs: [SessionInstall]) {
        self.people = people
        self.devices = devices
        self.conversations = conversations
        self.installs = installs
    }
}

public struct SessionInstall: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    public init(device: String, app: String) {
        self.device = device
        self.app = app
    }
}

/// One install's identifiers, as `participants` answers them.
public struct SessionParticipants: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    public var participants: [ParticipantsResult.Entry]
    public init(device: String, app: String, participants: [ParticipantsResult.Entry]) {
        self.device = device
        self.app = app
        self.participants = participants
    }
}

public struct SessionContact: Codable, Hashable, Sendable {
    public var device: String
    public var person: String
    public var name: String
    public init(device: String, person: String, name: String) {
        self.device = device
        self.person = person
        self.name = name
    }
}

public struct SessionDelivery: Codable, Hashable, Sendable {
    public var device: String
    public var latencyMs: Int64
    public var hold: Bool
    public init(device: String, latencyMs: Int64, hold: Bool) {
        self.device = device
        self.latencyMs = latencyMs
        self.hold = hold
    }
}

/// One device's view of one conversation as its owner sees it: the newest entries (a
/// screenful, `transcript`'s default page of 50) rendered with that device's contact names,
/// and its input field.
///
/// The session line holds each view whole; a step holds only what changed since the view was
/// last written — the entries added or changed, and the ids of those removed from the
/// transcript (a session's earlier bubble, an expired message) — so a session grows with what
/// happens, not with the transcripts' length. `SessionViews` puts the views together again.
public struct SessionTranscript: Codable, Hashable, Sendable {
    public var device: String
    public var conversation: String
    /// Whole (the session line), or added and changed since the last time (a step), by entry id.
    public var entries: [TranscriptEntryValue]
    /// Entries gone from the transcript since the last time (never one that only scrolled
    /// beyond the screenful).
    public var removed: [Int]
    /// Entries older than the screenful.
    public var olderCount: Int
    public var text: String
    public var staged: TranscriptEntryValue?
    public init(
        device: String, conversation: String, entries: [TranscriptEntryValue], removed: [Int] = [], olderCount: Int,
        text: String,
        staged: TranscriptEntryValue?
    ) {
        self.device = device
        self.conversation = conversation
        self.entries = entries
        self.removed = removed
        self.olderCount = olderCount
        self.text = text
        self.staged = staged
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.device, forKey: .device)
        try container.encode(self.conversation, forKey: .conversation)
        try container.encode(self.entries, forKey: .entries)
        try container.encode(self.removed, forKey: .removed)
        try container.encode(self.olderCount, forKey: .olderCount)
        try container.encode(self.text, forKey: .text)
        try container.encode(self.staged, forKey: .staged)  // null, not left out: the schema asks for it
    }
}

/// Every view of a session as it stands after the steps applied so far: the session line's
/// views, then each step's changes.
public struct SessionViews: Sendable {
    public struct Key: Hashable, Comparable, Sendable {
        public var device: String
        public var conversation: String
        public init(device: String, conversation: String) {
            self.device = device
            self.conversation = conversation
        }
        public static func < (a: Key, b: Key) -> Bool { (a.device, a.conversation) < (b.device, b.conversation) }
    }

    /// A screenful, as `transcript` answers by default and a recording keeps.
    public static let screenful = TranscriptRequest.defaultLimit

    public private(set) var views: [Key: SessionTranscript] = [:]

    public init(_ start: SessionStart) {
        for view in start.transcripts { self.apply(view) }
    }

    /// A view's changes (or a whole view): entries ordered by id, the newest screenful kept.
    ///
    /// The view's entries stay ordered by id, so each changed entry is put in its place by a
    /// binary search: a step that adds a bubble costs a search and an append, not a sort of
    /// the screenful (a replay applies every step's changes; a sort each was most of its time).
    public mutating func apply(_ change: SessionTranscript) {
        let key = Key(device: change.device, conversation: change.conversation)
        var view =
            self.views.removeValue(forKey: key)
            ?? SessionTranscript(
                device: change.device, conversation: change.conversation, entries: [], olderCount: 0, text: "",
                staged: nil)
        if !change.removed.isEmpty {
            let removed = Set(change.removed)
            view.entries.removeAll { removed.contains($0.entry) }
        }
        for entry in change.entries { Self.put(entry, into: &view.entries) }
        if view.entries.count > Self.screenful { view.entries.removeFirst(view.entries.count - Self.screenful) }
        view.olderCount = change.olderCount
        view.text = change.text
        view.staged = change.staged
        self.views[key] = view
    }

    public subscript(key: Key) -> SessionTranscript? { self.views[key] }

    /// Where the entry with `id` is, or would go, in entries ordered by id.
    public static func place(of id: Int, in entries: [TranscriptEntryValue]) -> Int {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].entry < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Puts an entry in entries ordered by id: replacing the one with its id, or in its place.
    public static func put(_ entry: TranscriptEntryValue, into entries: inout [TranscriptEntryValue]) {
        let index = Self.place(of: entry.entry, in: entries)
        if index < entries.count, entries[index].entry == entry.entry {
            entries[index] = entry
        } else {
            entries.insert(entry, at: index)
        }
    }

    /// What changed from `old` to `new` (both whole screenfuls), as a step records it.
    public static func change(from old: SessionTranscript?, to new: SessionTranscript) -> SessionTranscript {
        guard let old else { return new }
        let before = Dictionary(old.entries.map { ($0.entry, $0) }, uniquingKeysWith: { _, last in last })
        let now = Set(new.entries.map(\.entry))
        let oldest = new.entries.first?.entry ?? Int.min
        let full = new.entries.count >= Self.screenful
        var change = new
        change.entries = new.entries.filter { before[$0.entry] != $0 }
        // Gone, not scrolled away: newer than the oldest shown, or the screen is not full.
        change.removed = old.entries.map(\.entry).filter { !now.contains($0) && (!full || $0 > oldest) }
        return change
    }
}

/// One action and what it caused, up to the next action.
public struct SessionStep: Codable, Hashable, Sendable {
    public var type = "step"
    /// 1, 2, 3 … in the order the daemon received the actions.
    public var step: Int
    /// When the daemon received it: milliseconds since the recording started, its clock.
    public var time: Int64
    /// The control command (`open`, `touch` …) and its body, as the client sent it.
    public var command: String
    public var body: JSONValue
    /// The daemon's reply, as sent (`{"status":"ok",…}` or `{"status":"error","error":…}`);
    /// null if the recording stopped before the reply.
    public var reply: JSONValue
    /// The events the daemon logged from this action to the next (`events`).
    public var events: [EventRecord]
    /// The callbacks each extension instance received, in order.
    public var callbacks: [SessionCallback]
    /// The views that changed (transcript or input field), as they stood after the step.
    public var transcripts: [SessionTranscript]
    /// Every message between the daemon and its extensions, as the wire tap shows them.
    public var frames: [TapFrame]
    /// Participant identifiers given during the step (an app installed, a person new to an
    /// install), by install: how a replay renames them to its own. Absent when none were.
    public var participants: [SessionParticipants]?

    public init(
        step: Int, time: Int64, command: String, body: JSONValue, reply: JSONValue, events: [EventRecord],
        callbacks: [SessionCallback], transcripts: [SessionTranscript], frames: [TapFrame],
        participants: [SessionParticipants]? = nil
    ) {
        self.step = step
        self.time = time
        self.command = command
        self.body = body
        self.reply = reply
        self.events = events
        self.callbacks = callbacks
        self.transcripts = transcripts
        self.frames = frames
        self.participants = participants
    }
}

/// A callback the host sent to one instance.
public struct SessionCallback: Codable, Hashable, Sendable {
    public var device: String
    public var app: String
    public var instance: String
    public var callback: String
    public init(device: String, app: String, instance: String, callback: String) {
        self.device = device
        self.app = app
        self.instance = instance
        self.callback = callback
    }
}

/// The last line: the file is whole.
public struct SessionEnd: Codable, Hashable, Sendable {
    public var type = "end"
    public var steps: Int
    /// When the recording stopped, in milliseconds since it started.
    public var time: Int64
    /// What `msghostctl explore` found in the run (absent in a plain recording): what
    /// `export-test` then asserts does not happen, and what the page points at.
    public var findings: [SessionFinding]?
    public init(steps: Int, time: Int64, findings: [SessionFinding]? = nil) {
        self.steps = steps
        self.time = time
        self.findings = findings
    }
}

/// A bug the explorer found, in the session of the run that shows it (docs/EXPLORE.md).
public struct SessionFinding: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// The extension crashed, or exited when nothing asked it to.
        case crashed
        /// It did not answer a callback within its deadline.
        case unresponsive
        /// It did not start (no hello in time, or it could not be run).
        case launchFailed
        /// It went past its memory limit.
        case memoryExceeded
        /// Messages refused what it sent or asked (`sendWhileNotVisible`,
        /// `sendWithoutRecentInteraction`, a layout over its limits …).
        case refused
        /// It answered a callback with an error, or broke the protocol.
        case callbackFailed
        /// Opened again after its process was ended, at the same point of the conversation,
        /// it showed something else.
        case stateLost
        /// An invariant of the user's (`--invariants`) failed.
        case invariant
        /// The run played again did not do the same.
        case nondeterministic

        /// The kind of finding an event of the daemon's is, or nil for the events of a
        /// well-behaved app (launches, idle terminations, sends, arrivals …).
        public init?(event: EventRecord) {
            if event.eventKind == .requestRefused && event.name == "sendWhileNotVisible"
                && event.detail?.hasPrefix("setView:") == true
            {
                // A view set as the user closes the app: the app cannot know until its
                // willResignActive arrives, and the view had nowhere to show (MessagesSDK
                // sends a UIKit screen whenever its views change). Harmless, so no bug.
                return nil
            }
            if event.eventKind == .terminated {
                guard event.name == "exited by itself" else { return nil }
                self = .crashed
            } else {
                guard let kind = event.eventKind.flatMap({ Self.events[$0] }) else { return nil }
                self = kind
            }
        }

        /// The event kinds that are findings, and of which kind (`terminated` too, when the
        /// app exited by itself).
        public static let events: [EventKind: Kind] = [
            .crashed: .crashed, .unresponsive: .unresponsive, .launchFailed: .launchFailed,
            .launchTimedOut: .launchFailed,
            .memoryExceeded: .memoryExceeded, .sendRefused: .refused, .requestRefused: .refused,
            .callbackFailed: .callbackFailed, .protocolError: .callbackFailed,
        ]
    }

    public var kind: Kind
    /// The step (1-based) after which it was seen.
    public var step: Int
    public var device: String?
    public var app: String?
    /// What the daemon's event said, or what failed.
    public var detail: String
    /// `stateLost`: the app's screen before its process was ended, and after.
    public var before: String?
    public var after: String?
    /// `invariant`: the invariants file that failed (as given to explore).
    public var invariants: String?

    public init(
        kind: Kind, step: Int, device: String? = nil, app: String? = nil, detail: String, before: String? = nil,
        after: String? = nil, invariants: String? = nil
    ) {
        self.kind = kind
        self.step = step
        self.device = device
        self.app = app
        self.detail = detail
        self.before = before
        self.after = after
        self.invariants = invariants
    }
}
