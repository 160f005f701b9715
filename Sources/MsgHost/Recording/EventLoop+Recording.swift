import Foundation
import HashTreeCollections
import MsgHostCore
import MsgHostProtocol
import MsgHostShell

/// What the loop does while it records a session (PROTOCOL.md §7.2): each hook is called only
/// while `recorder` is set, so a daemon that records nothing pays one test per message.
extension EventLoop {
    /// The routing id the recorder reads the machine under: no ZeroMQ peer has an empty one, so
    /// its replies are never mistaken for a client's.
    private static let recorderClient: [UInt8] = []

    var isWatched: Bool { self.wireTap.isActive || self.recorder != nil }

    /// Where recording stands, for `status`: the recording under way, or else the last that
    /// stopped, so that a page shows the state whoever started or stopped it.
    var recordingState: RecordingResult? {
        if let recorder = self.recorder {
            return RecordingResult(recording: true, startedAt: recorder.startedAt, steps: recorder.steps, lines: 0)
        }
        return self.recorded.map {
            RecordingResult(recording: false, startedAt: $0.startedAt, steps: $0.steps, lines: $0.lines.count)
        }
    }

    /// Answers `startRecording`, `stopRecording` and `recording`.
    func serveRecording(_ request: RecordingRequest) throws(WireError) -> ControlResult {
        let now = self.clock.now().milliseconds
        switch request {
        case .start:
            if let recorder = self.recorder {
                throw .control(
                    .invalidState,
                    "a recording is under way (started at \(recorder.startedAt), \(recorder.steps) steps): stop it first"
                )
            }
            self.recorder = Recorder(start: self.sessionStart(now: now))
            return .recording(RecordingResult(recording: true, startedAt: now, steps: 0, lines: 0))
        case .stop:
            guard self.recorder != nil else {
                throw .control(.invalidState, "no recording is under way: startRecording starts one")
            }
            self.readChangedViews()
            guard let recorder = self.recorder else { throw .control(.invalidState, "no recording is under way") }
            self.recorder = nil
            let session = RecordedSession(
                startedAt: recorder.startedAt, steps: recorder.steps, lines: recorder.lines(now: now))
            self.recorded = session
            return .recording(
                RecordingResult(
                    recording: false, startedAt: session.startedAt, steps: session.steps, lines: session.lines.count))
        case .fetch(let body):
            guard let session = self.recorded else {
                throw .control(.notFound, "no recording has stopped yet: startRecording, act, then stopRecording")
            }
            let from = body.from ?? 0
            guard (0...session.lines.count).contains(from) else {
                throw .control(
                    .invalidRequest,
                    "recording: from must be 0…\(session.lines.count) (the session has \(session.lines.count) lines), got \(from)"
                )
            }
            let limit = body.limit ?? RecordingLinesRequest.defaultLimit
            guard (1...RecordingLinesRequest.maxLimit).contains(limit) else {
                throw .control(
                    .invalidRequest, "recording: limit must be 1…\(RecordingLinesRequest.maxLimit), got \(limit)")
            }
            var lines: [String] = []
            var bytes = 0
            for line in session.lines[from..<min(session.lines.count, from + limit)] {
                if !lines.isEmpty && bytes + line.utf8.count > RecordingLinesRequest.maxPageBytes { break }
                bytes += line.utf8.count
                lines.append(line)
            }
            return .recordingLines(
                RecordingLinesResult(
                    lines: lines, from: from, total: session.lines.count, more: from + lines.count < session.lines.count
                ))
        }
    }

    /// A control message arrived: an action begins a step (what came since the last one is
    /// read first, into the last one). The body goes to the builder as it came.
    func recordRequest(client: [UInt8], frames: [[UInt8]], _ inbound: ControlInbound) {
        guard case .request(let id, let request) = inbound, Session.actions.contains(request.command) else { return }
        self.readChangedViews()
        self.recorder?.begin(
            command: request.command, body: frames.count >= 4 ? frames[3] : nil, client: client, requestID: id,
            now: self.clock.now().milliseconds)
    }

    func recordReply(client: [UInt8], _ message: ControlMessage) {
        guard let replyTo = message.header.replyTo else { return }
        if self.recorder?.replied(client: client, requestID: replyTo, body: message.body) == true {
            self.readChangedViews()
        }
    }

    func recordChanges(_ changes: [WorldChange]) {
        guard self.recorder != nil else { return }
        self.inPlace { machine in self.recorder?.changed(changes, world: machine.world) }
    }

    /// Reads what changed of the views changed since the last reading, for the current step.
    func readChangedViews() {
        guard let changed = self.recorder?.takeChanged(), !changed.isEmpty else { return }
        let reads = self.inPlace { $0.reads }
        self.recorder?.builder.viewsRead(changed.compactMap { self.readView($0, reads: reads) })
    }

    /// What changed of one view as its device's owner sees it: the changed entries rendered
    /// as they are now (or the whole screenful), and the input field when it changed. Read
    /// straight from the machine (`HostReads`), as its `transcript` and
    /// `inputField` answers are made; nil when the store could not be read.
    private func readView(_ reading: Recorder.Reading, reads: HostReads) -> RecordingBuilder.ViewRead? {
        let view = reading.view
        do {
            var read = RecordingBuilder.ViewRead(
                key: view, entries: nil, total: reading.total, whole: reading.entries == nil, field: nil)
            if let entries = reading.entries {
                read.entries = try entries.compactMap {
                    try reads.entryValue($0.entry, index: $0.index, device: view.device)
                }
            } else {
                let page = try reads.transcriptPage(
                    device: view.device, conversation: view.conversation, limit: SessionViews.screenful)
                (read.entries, read.total) = (page.entries, page.olderCount + page.entries.count)
                self.recorder?.shown(view, entries: page.entries.map(\.entry), total: read.total)
            }
            if reading.field || read.whole {
                // A member no more has no field to read: an empty one, as it was left.
                read.field =
                    (try? reads.inputField(device: view.device, conversation: view.conversation))
                    ?? InputFieldResult(text: "", staged: nil)
            }
            return read
        } catch {
            return nil
        }
    }

    /// One view whole, for the session line.
    private func readWholeView(_ view: Recorder.View) -> SessionTranscript? {
        guard
            let read = self.readView(
                Recorder.Reading(view: view, entries: nil, total: 0, field: true), reads: self.inPlace { $0.reads }),
            let entries = read.entries, let field = read.field
        else { return nil }
        return SessionTranscript(
            device: view.device, conversation: view.conversation, entries: entries,
            olderCount: read.total - entries.count, text: field.text, staged: field.staged)
    }

    /// The machine's answer to a request that only reads; anything else it leads to runs as
    /// usual (a read leads to nothing; this is for safety, not expected).
    private func read(_ request: ControlRequest) -> ControlResult? {
        self.recorderReads += 1
        let actions = self.machine.controlMessageReceived(
            client: Self.recorderClient, .request(id: "record-\(self.recorderReads)", request), now: self.clock.now())
        var result: ControlResult?
        var rest: [HostAction] = []
        for action in actions {
            if case .sendToControl(let client, let message) = action, client == Self.recorderClient {
                result = message.result
            } else if case .historyUnreadable = action {
                continue  // this read goes without; the unit it ran in is not the reader's to undo
            } else {
                rest.append(action)
            }
        }
        if !rest.isEmpty { self.driver.perform(rest) }
        return result
    }

    /// The first line: the world, the manifests and the settings as they are now.
    private func sessionStart(now: Int64) -> SessionStart {
        let world = self.machine.world
        let installs = world.installs.values.sorted { ($0.device, $0.app) < ($1.device, $1.app) }
        let participants: [SessionParticipants] = installs.compactMap { install in
            guard
                case .participants(let result)? = self.read(
                    .observation(.participants(DeviceAppRequest(device: install.device, app: install.app))))
            else {
                return nil
            }
            return SessionParticipants(device: install.device, app: install.app, participants: result.participants)
        }
        var contacts: [SessionContact] = []
        for (device, names) in world.contacts {
            for (person, name) in names { contacts.append(SessionContact(device: device, person: person, name: name)) }
        }
        let delivery = world.deliveryRules.map {
            SessionDelivery(device: $0.key, latencyMs: $0.value.latencyMs, hold: $0.value.hold)
        }
        let views = world.devices.keys.sorted().flatMap { Recorder.views(of: $0, in: world) }
            .sorted { ($0.device, $0.conversation) < ($1.device, $1.conversation) }
        let apps: [JSONValue] = self.manifests.values.sorted { $0.bundleID < $1.bundleID }.map { manifest in
            var manifest = manifest
            manifest.attachKey = nil  // a secret, and a replay attaches nothing
            return (try? WireJSON.decode(JSONValue.self, from: WireJSON.encode(manifest))) ?? .null
        }
        return SessionStart(
            startedAt: now, clock: self.machine.settings.manualClock ? "manual" : "system",
            settings: Self.sessionSettings(self.machine.settings),
            apps: apps,
            world: SessionWorld(
                people: world.people.values.sorted { $0.handle < $1.handle },
                devices: world.devices.values.sorted { $0.id < $1.id },
                conversations: world.conversations.values.sorted { $0.id < $1.id },
                installs: installs.map { SessionInstall(device: $0.device, app: $0.app) }),
            participants: participants,
            contacts: contacts.sorted { ($0.device, $0.person) < ($1.device, $1.person) },
            delivery: delivery.sorted { $0.device < $1.device },
            transcripts: views.compactMap(self.readWholeView),
            screens: world.devices.keys.sorted().compactMap { device in
                let screen = self.machine.screen(device: device)
                guard screen.showing != nil || screen.app != nil else { return nil }
                return SessionScreen(
                    device: device, showing: screen.showing, app: screen.app, conversation: screen.conversation,
                    presentationStyle: screen.style)
            })
    }

    /// The settings, by the configuration keys `Session.settingKeys` names.
    private static func sessionSettings(_ settings: HostSettings) -> [String: JSONValue] {
        func number(_ value: some BinaryInteger) -> JSONValue { .number(Double(value)) }
        return [
            "interaction.windowMs": number(settings.interactionWindowMs),
            "extensions.launchTimeoutMs": number(settings.launchTimeoutMs),
            "extensions.responseTimeoutMs": number(settings.responseTimeoutMs),
            "extensions.idleGraceMs": number(settings.idleGraceMs),
            "extensions.terminateGraceMs": number(settings.terminateGraceMs),
            "extensions.killGraceMs": number(settings.killGraceMs),
            "extensions.crashLimit": number(settings.crashLimit),
            "extensions.crashWindowMs": number(settings.crashWindowMs),
            "sessions.nilSummaryText": .string(settings.nilSummaryText ?? ""),
            "messages.expiryMs": number(settings.expiryMs),
            "limits.maxFrameBytes": number(settings.maxFrameBytes),
            "events.capacity": number(settings.eventLogCapacity),
        ]
    }
}
