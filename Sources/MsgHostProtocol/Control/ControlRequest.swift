/// A control request as the core takes it: read from its frames by `ControlCodec`, its body
/// typed, grouped by the area of the host that answers it (PROTOCOL.md §7).
///
/// Each area is its own enum so that its handler switches over exactly its own requests: a
/// request added to an area and not handled fails to compile, where a flat list re-dispatched
/// in groups needed a trap for "not mine".
public enum ControlRequest: Hashable, Sendable {
    /// People, devices, conversations, installs, memberships and contacts.
    case admin(WorldAdminRequest)
    /// What the emulated user does on a device.
    case user(UserRequest)
    /// How messages reach devices: latency, holding and releasing.
    case delivery(DeliveryControlRequest)
    /// Reading the world without changing it.
    case observation(ObservationRequest)
    /// The parent app and its compose sheet.
    case parentApp(ParentAppControlRequest)
    /// The sticker drawer.
    case stickers(StickerControlRequest)
    /// The control session itself: events, settling, the manual clock, quarantine.
    case supervision(SupervisionRequest)
    /// Recording a session (served by the shell, which sees every request, reply and frame).
    case recording(RecordingRequest)

    /// The header `type` this request is sent as.
    public var command: ControlCommand {
        switch self {
        case .admin(let request): request.command
        case .user(let request): request.command
        case .delivery(let request): request.command
        case .observation(let request): request.command
        case .parentApp(let request): request.command
        case .stickers(let request): request.command
        case .supervision(let request): request.command
        case .recording(let request): request.command
        }
    }
}

public enum WorldAdminRequest: Hashable, Sendable {
    case createPerson(CreatePersonRequest)
    case createDevice(CreateDeviceRequest)
    case createConversation(CreateConversationRequest)
    case installApp(DeviceAppRequest)
    case uninstallApp(DeviceAppRequest)
    case addMember(MemberRequest)
    case removeMember(MemberRequest)
    case contact(ContactRequest)

    public var command: ControlCommand {
        switch self {
        case .createPerson: .createPerson
        case .createDevice: .createDevice
        case .createConversation: .createConversation
        case .installApp: .installApp
        case .uninstallApp: .uninstallApp
        case .addMember: .addMember
        case .removeMember: .removeMember
        case .contact: .contact
        }
    }
}

public enum UserRequest: Hashable, Sendable {
    case open(OpenRequest)
    case close(DeviceRequest)
    case touch(TouchRequest)
    case tap(TapRequest)
    case chevron(DeviceRequest)
    case show(ShowRequest)
    case typeText(TypeTextRequest)
    case send(InputFieldRequest)
    case cancel(InputFieldRequest)
    case inputField(InputFieldRequest)
    case activate(ActivateRequest)
    case tapScreen(TapScreenRequest)
    case keep(KeepRequest)

    public var command: ControlCommand {
        switch self {
        case .open: .open
        case .close: .close
        case .touch: .touch
        case .tap: .tap
        case .chevron: .chevron
        case .show: .show
        case .typeText: .typeText
        case .send: .send
        case .cancel: .cancel
        case .inputField: .inputField
        case .activate: .activate
        case .tapScreen: .tapScreen
        case .keep: .keep
        }
    }
}

public enum DeliveryControlRequest: Hashable, Sendable {
    case delivery(DeliveryRequest)
    case release(ReleaseRequest)
    case held(DeviceRequest)

    public var command: ControlCommand {
        switch self {
        case .delivery: .delivery
        case .release: .release
        case .held: .held
        }
    }
}

public enum ObservationRequest: Hashable, Sendable {
    case status
    case world
    case participants(DeviceAppRequest)
    case transcript(TranscriptRequest)
    case events(EventsRequest)
    case view(ViewRequest)
    /// Served by the shell, which has the frames, the metrics and the files.
    case wireTap
    case metrics
    case file(FileRequest)

    public var command: ControlCommand {
        switch self {
        case .status: .status
        case .world: .world
        case .participants: .participants
        case .transcript: .transcript
        case .events: .events
        case .view: .view
        case .wireTap: .wireTap
        case .metrics: .metrics
        case .file: .file
        }
    }
}

public enum ParentAppControlRequest: Hashable, Sendable {
    case open(ParentAppRequest)
    case close(DeviceRequest)
    case composeSheet(DeviceRequest)
    case compose(ComposeRequest)

    public var command: ControlCommand {
        switch self {
        case .open: .openParentApp
        case .close: .closeParentApp
        case .composeSheet: .composeSheet
        case .compose: .compose
        }
    }
}

public enum StickerControlRequest: Hashable, Sendable {
    case stickers(StickersRequest)
    case choose(ChooseStickerRequest)

    public var command: ControlCommand {
        switch self {
        case .stickers: .stickers
        case .choose: .chooseSticker
        }
    }
}

public enum SupervisionRequest: Hashable, Sendable {
    case subscribe(SubscribeRequest)
    case settle
    case advanceClock(AdvanceClockRequest)
    case reset(DeviceAppRequest)
    case memoryPressure(MemoryPressureRequest)

    public var command: ControlCommand {
        switch self {
        case .subscribe: .subscribe
        case .settle: .settle
        case .advanceClock: .advanceClock
        case .reset: .reset
        case .memoryPressure: .memoryPressure
        }
    }
}
