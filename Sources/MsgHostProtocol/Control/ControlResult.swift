/// What a control request answers when it succeeds, typed: the core decides it, the shell's
/// `ControlCodec` writes it as `{"status":"ok", …its fields}` (PROTOCOL.md §7).
public enum ControlResult: Hashable, Sendable {
    /// `{"status":"ok"}` and nothing else.
    case empty
    case status(StatusResult)
    case world(WorldResult)
    case person(PersonResult)
    case device(DeviceResult)
    case conversation(ConversationResult)
    case install(InstallResult)
    case participants(ParticipantsResult)
    /// `open` and `chevron`: the instance and its presentation style.
    case opened(OpenResult)
    case tapped(TapResult)
    case inputField(InputFieldResult)
    case released(ReleaseResult)
    case transcript(TranscriptResult)
    case events(EventsResult)
    /// `settle` and `advanceClock`: the host clock after it.
    case clock(ClockResult)
    case view(ViewResult)
    case held(HeldResult)
    case stickerDrawer(StickerDrawerResult)
    case chosenSticker(ChooseStickerResult)
    case parentApp(ParentAppResult)
    case composeSheet(ComposeSheetResult)
    case compose(ComposeResult)
    /// Served by the shell: its metrics and the files of its store.
    case metrics(MetricsResult)
    case file(FileResult)
    /// `startRecording` and `stopRecording`: the recording's state after it.
    case recording(RecordingResult)
    /// `recording`: a page of the last recording's lines.
    case recordingLines(RecordingLinesResult)

    /// The result's own value, for whoever reads it as a type (tests, in-process clients).
    public var value: any Encodable & Sendable {
        switch self {
        case .empty: Empty()
        case .status(let value): value
        case .world(let value): value
        case .person(let value): value
        case .device(let value): value
        case .conversation(let value): value
        case .install(let value): value
        case .participants(let value): value
        case .opened(let value): value
        case .tapped(let value): value
        case .inputField(let value): value
        case .released(let value): value
        case .transcript(let value): value
        case .events(let value): value
        case .clock(let value): value
        case .view(let value): value
        case .held(let value): value
        case .stickerDrawer(let value): value
        case .chosenSticker(let value): value
        case .parentApp(let value): value
        case .composeSheet(let value): value
        case .compose(let value): value
        case .metrics(let value): value
        case .file(let value): value
        case .recording(let value): value
        case .recordingLines(let value): value
        }
    }
}

/// A message to a control client, as the core decides it: the shell writes it
/// (`ControlCodec.frames(_:)`) when it runs the action. Control messages are not signed.
public struct ControlMessage: Hashable, Sendable {
    public var header: Header
    public var body: Body

    public enum Body: Hashable, Sendable {
        /// A reply that succeeded.
        case ok(ControlResult)
        /// A reply that failed: `{"status":"error","error":…}`.
        case error(WireError)
        /// An event pushed to a client that subscribed (its `replyTo` is the `subscribe`).
        case event(EventRecord)
    }

    public init(header: Header, body: Body) {
        self.header = header
        self.body = body
    }

    /// The result of a reply that succeeded.
    public var result: ControlResult? { if case .ok(let result) = self.body { result } else { nil } }
    /// The error of a reply that failed.
    public var error: WireError? { if case .error(let error) = self.body { error } else { nil } }
}
