/// The control endpoint's edge: frames in, typed requests out; typed replies and events in,
/// frames out. The core never sees control bytes (as `ExtensionCodec` keeps extension bytes
/// from it): it takes a `ControlInbound` and answers with `ControlMessage`s.
///
/// Checks run in the order PROTOCOL.md §7 states: the frames (§2.4: count, size, tag, header,
/// a body that is a JSON object), the command (`unknownType`), then the body's fields. A body
/// that is not a JSON object is `malformedFrame`; a JSON object whose fields are of the wrong
/// type, missing or out of an integer's range is `invalidRequest` naming the field.
public struct ControlCodec: Sendable {
    /// Config `limits.maxFrameBytes`: a longer frame drops the whole message.
    public var maxFrameBytes: Int

    public init(maxFrameBytes: Int = .max) {
        self.maxFrameBytes = maxFrameBytes
    }

    /// Reads a control client's message.
    public func decode(_ frames: [[UInt8]]) -> ControlInbound {
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.maxFrameBytes)
        } catch {
            return .refused(id: ReceivedFrames.readableID(in: frames), command: nil, error)
        }
        let id = received.header.id
        guard let command = ControlCommand(rawValue: received.header.type) else {
            let known = ControlCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return .refused(
                id: id, command: nil,
                .protocolError(.unknownType, "unknown control command \"\(received.header.type)\"; known: \(known)"))
        }
        do {
            return .request(id: id, try Self.request(command, received.envelope))
        } catch {
            let isField =
                error.domain == ProtocolErrorCode.domain && error.code == ProtocolErrorCode.invalidBody.rawValue
            return .refused(
                id: id, command: command,
                isField ? .control(.invalidRequest, "\(command.rawValue): \(error.description)") : error)
        }
    }

    /// The frames of a message to a control client (unsigned: the endpoint is not keyed).
    public static func frames(_ message: ControlMessage) -> [[UInt8]] {
        Envelope(header: message.header, body: self.body(message.body)).frames(signingWith: nil)
    }

    /// The JSON of a reply or event body.
    public static func body(_ body: ControlMessage.Body) -> [UInt8] {
        switch body {
        case .ok(let result): self.okBytes(result)
        case .error(let error): WireJSON.encode(ErrorReply(error))
        case .event(let record): WireJSON.encode(record)
        }
    }

    private static func okBytes(_ result: ControlResult) -> [UInt8] {
        func ok(_ value: some Encodable) -> [UInt8] { WireJSON.encode(OKReply(value)) }
        switch result {
        // Written by hand (`FastEncodable`): the reply of every touch, open and close. Through
        // `ok`, whose value's type is erased, it would take Foundation's encoder.
        case .empty: return WireJSON.encode(OKReply(Empty()))
        case .status(let value): return ok(value)
        case .world(let value): return ok(value)
        case .person(let value): return ok(value)
        case .device(let value): return ok(value)
        case .conversation(let value): return ok(value)
        case .install(let value): return ok(value)
        case .participants(let value): return ok(value)
        case .opened(let value): return ok(value)
        case .tapped(let value): return ok(value)
        case .inputField(let value): return ok(value)
        case .released(let value): return ok(value)
        case .transcript(let value): return ok(value)
        case .events(let value): return ok(value)
        case .clock(let value): return ok(value)
        case .view(let value): return ok(value)
        case .held(let value): return ok(value)
        case .stickerDrawer(let value): return ok(value)
        case .chosenSticker(let value): return ok(value)
        case .parentApp(let value): return ok(value)
        case .composeSheet(let value): return ok(value)
        case .compose(let value): return ok(value)
        case .metrics(let value): return ok(value)
        case .file(let value): return ok(value)
        case .recording(let value): return ok(value)
        case .recordingLines(let value): return ok(value)
        }
    }

    /// The typed request for a command, its body read as that command's type.
    static func request(_ command: ControlCommand, _ envelope: Envelope) throws(WireError) -> ControlRequest {
        switch command {
        case .status:
            _ = try envelope.decodeBody(Empty.self)
            return .observation(.status)
        case .world:
            _ = try envelope.decodeBody(Empty.self)
            return .observation(.world)
        case .participants: return .observation(.participants(try envelope.decodeBody(DeviceAppRequest.self)))
        case .transcript: return .observation(.transcript(try envelope.decodeBody(TranscriptRequest.self)))
        case .events: return .observation(.events(try envelope.decodeBody(EventsRequest.self)))
        case .view: return .observation(.view(try envelope.decodeBody(ViewRequest.self)))
        case .wireTap:
            _ = try envelope.decodeBody(Empty.self)
            return .observation(.wireTap)
        case .metrics:
            _ = try envelope.decodeBody(Empty.self)
            return .observation(.metrics)
        case .file: return .observation(.file(try envelope.decodeBody(FileRequest.self)))
        case .createPerson: return .admin(.createPerson(try envelope.decodeBody(CreatePersonRequest.self)))
        case .createDevice: return .admin(.createDevice(try envelope.decodeBody(CreateDeviceRequest.self)))
        case .createConversation:
            return .admin(.createConversation(try envelope.decodeBody(CreateConversationRequest.self)))
        case .installApp: return .admin(.installApp(try envelope.decodeBody(DeviceAppRequest.self)))
        case .uninstallApp: return .admin(.uninstallApp(try envelope.decodeBody(DeviceAppRequest.self)))
        case .addMember: return .admin(.addMember(try envelope.decodeBody(MemberRequest.self)))
        case .removeMember: return .admin(.removeMember(try envelope.decodeBody(MemberRequest.self)))
        case .contact: return .admin(.contact(try envelope.decodeBody(ContactRequest.self)))
        case .open: return .user(.open(try envelope.decodeBody(OpenRequest.self)))
        case .close: return .user(.close(try envelope.decodeBody(DeviceRequest.self)))
        case .touch: return .user(.touch(try envelope.decodeBody(TouchRequest.self)))
        case .tap: return .user(.tap(try envelope.decodeBody(TapRequest.self)))
        case .chevron: return .user(.chevron(try envelope.decodeBody(DeviceRequest.self)))
        case .show: return .user(.show(try envelope.decodeBody(ShowRequest.self)))
        case .typeText: return .user(.typeText(try envelope.decodeBody(TypeTextRequest.self)))
        case .send: return .user(.send(try envelope.decodeBody(InputFieldRequest.self)))
        case .cancel: return .user(.cancel(try envelope.decodeBody(InputFieldRequest.self)))
        case .inputField: return .user(.inputField(try envelope.decodeBody(InputFieldRequest.self)))
        case .activate: return .user(.activate(try envelope.decodeBody(ActivateRequest.self)))
        case .tapScreen: return .user(.tapScreen(try envelope.decodeBody(TapScreenRequest.self)))
        case .keep: return .user(.keep(try envelope.decodeBody(KeepRequest.self)))
        case .delivery: return .delivery(.delivery(try envelope.decodeBody(DeliveryRequest.self)))
        case .release: return .delivery(.release(try envelope.decodeBody(ReleaseRequest.self)))
        case .held: return .delivery(.held(try envelope.decodeBody(DeviceRequest.self)))
        case .openParentApp: return .parentApp(.open(try envelope.decodeBody(ParentAppRequest.self)))
        case .closeParentApp: return .parentApp(.close(try envelope.decodeBody(DeviceRequest.self)))
        case .composeSheet: return .parentApp(.composeSheet(try envelope.decodeBody(DeviceRequest.self)))
        case .compose: return .parentApp(.compose(try envelope.decodeBody(ComposeRequest.self)))
        case .stickers: return .stickers(.stickers(try envelope.decodeBody(StickersRequest.self)))
        case .chooseSticker: return .stickers(.choose(try envelope.decodeBody(ChooseStickerRequest.self)))
        case .subscribe: return .supervision(.subscribe(try envelope.decodeBody(SubscribeRequest.self)))
        case .settle:
            _ = try envelope.decodeBody(Empty.self)
            return .supervision(.settle)
        case .advanceClock: return .supervision(.advanceClock(try envelope.decodeBody(AdvanceClockRequest.self)))
        case .reset: return .supervision(.reset(try envelope.decodeBody(DeviceAppRequest.self)))
        case .memoryPressure: return .supervision(.memoryPressure(try envelope.decodeBody(MemoryPressureRequest.self)))
        case .startRecording:
            _ = try envelope.decodeBody(Empty.self)
            return .recording(.start)
        case .stopRecording:
            _ = try envelope.decodeBody(Empty.self)
            return .recording(.stop)
        case .recording: return .recording(.fetch(try envelope.decodeBody(RecordingLinesRequest.self)))
        }
    }
}

/// A control client's message as `ControlCodec` read it.
public enum ControlInbound: Hashable, Sendable {
    /// A request with a body of the command's type.
    case request(id: String, ControlRequest)
    /// A message refused before it could be typed: its header id when the header could be
    /// read, its command when the header named a known one (so the core can say it is
    /// stopping before it names a field), and why.
    case refused(id: String?, command: ControlCommand?, WireError)
}

extension ControlInbound {
    /// The header id to answer, if there is one.
    public var requestID: String? {
        switch self {
        case .request(let id, _): id
        case .refused(let id, _, _): id
        }
    }
}
