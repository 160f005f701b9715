import HashTreeCollections
import MsgHostProtocol
import MsgHostShell
import Testing

@testable import MsgHostCore

/// More of the harness: extra devices and a third person, messages arriving without an
/// extension, several extension processes talking at once (each on a route of its own, every
/// callback acknowledged from the route it went to), the user's control commands played to
/// the end, and the shell's answers to `.inspectFiles`.
extension HostHarness {
    static let cleoPhone = "cleo-phone"
    /// Amber, Ben and Cleo (see `addCleo`).
    static let group = "amber-ben-cleo"
    static let coldStart = ["willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear"]
    static let resign = ["viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive"]

    // MARK: More of the world

    /// A device for `owner` on `platform`, with `com.example.app` installed unless `withApp` is false.
    mutating func addDevice(
        _ id: String, owner: String = HostHarness.ben, platform: Platform, withApp: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            try self.controlReply(.admin(.createDevice(CreateDeviceRequest(id: id, owner: owner, platform: platform))))
                .isOK, sourceLocation: sourceLocation)
        if withApp {
            #expect(
                try self.controlReply(.admin(.installApp(DeviceAppRequest(device: id, app: Self.app)))).isOK,
                sourceLocation: sourceLocation)
        }
    }

    /// Cleo gets a phone with the app, and a group conversation with Amber and Ben.
    mutating func addCleo() throws {
        try self.addDevice(Self.cleoPhone, owner: Self.cleo, platform: .ios17)
        #expect(
            try self.controlReply(
                .admin(
                    .createConversation(
                        CreateConversationRequest(members: [Self.amber, Self.ben, Self.cleo], id: Self.group)))
            ).isOK)
    }

    func installID(_ device: String, app: String = HostHarness.app) -> String? {
        self.machine.world.install(device: device, app: app)?.id
    }

    /// The identifier `person` has as the install of `app` on `device` sees them.
    func identifier(of person: String, on device: String, app: String = HostHarness.app) -> String? {
        self.installID(device, app: app).flatMap { self.machine.world.participants[$0]?[person] }
    }

    // MARK: Messages arriving without an extension

    /// `device`'s owner sends `message` from `app` as if their extension had, past every
    /// policy check: the host stores it and starts its delivery.
    mutating func dispatch(
        _ message: MessageValue, from device: String = HostHarness.amberPhone, app: String = HostHarness.app,
        in conversation: String = HostHarness.conversation, image: StoredFile? = nil, media: StoredFile? = nil
    ) throws -> (StoredMessage, [HostAction]) {
        try self.dispatch(.app(message, image: image, media: media), from: device, app: app, in: conversation)
    }

    mutating func dispatch(
        _ content: MessageContent, from device: String = HostHarness.amberPhone, app: String?,
        in conversation: String = HostHarness.conversation
    ) throws -> (StoredMessage, [HostAction]) {
        let install = app.flatMap { self.installID(device, app: $0) }
        let (stored, actions) = try self.machine.dispatch(
            content, app: app, install: install, from: device, conversation: conversation, now: self.now)
        return (stored, self.observe(actions))
    }

    /// The ids of a device's transcript entries, oldest first.
    func entryIDs(_ device: String, in conversation: String = HostHarness.conversation) throws -> [Int] {
        try self.machine.world.entries(device: device, conversation: conversation).map(\.id)
    }

    // MARK: Several extensions

    static func route(of launchID: String) -> [UInt8] { Array("ext-\(launchID)".utf8) }

    /// The process of `launch` starts and says hello from its own route.
    mutating func connect(_ launch: LaunchRequest) -> [HostAction] {
        let route = Self.route(of: launch.launchID)
        let key = Array(launch.token.utf8)
        self.keys[route] = key
        var actions = self.observe(
            self.machine.processStarted(launchID: launch.launchID, pid: 1_000 + self.keys.count, now: self.now))
        let hello = HelloBody(app: launch.app, pid: 1_000 + self.keys.count, sdk: "tests/1")
        actions += self.fromExtension(RequestType.hello.rawValue, hello, key: key, route: route)
        return actions
    }

    /// Connects every launch in `actions` and acknowledges every callback, each from the route
    /// it was sent to, until the host sends no more; `contentSizeThatFits` is answered with
    /// `size` when given. Returns everything, `actions` included.
    mutating func settle(
        _ actions: [HostAction], size: SizeValue? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [HostAction] {
        var all = actions
        var pending = actions
        while !pending.isEmpty {
            var next: [HostAction] = []
            for launch in pending.launches { next += self.connect(launch) }
            let sent = pending.callbackSends
            let instances = sent.compactMap(\.1.instance)
            #expect(
                Set(instances).count == instances.count, "two callbacks out at once for one instance",
                sourceLocation: sourceLocation)
            for (route, callback) in sent {
                guard let key = self.keys[route] else {
                    Issue.record("a callback went to a route no process connected from", sourceLocation: sourceLocation)
                    continue
                }
                if callback.header.type == CallbackType.contentSizeThatFits.rawValue, let size {
                    next += self.fromExtension(
                        ReplyType.name, ReplyWithSize(size: size), replyTo: callback.header.id, key: key, route: route)
                } else {
                    next += self.fromExtension(
                        ReplyType.name, ["status": "ok"], replyTo: callback.header.id, key: key, route: route)
                }
            }
            all += next
            pending = next
        }
        return all
    }

    /// A request from `instance`'s extension (on the route its process connected from).
    mutating func request(_ type: RequestType, _ body: some Encodable, from instance: String, buffers: [[UInt8]] = [])
        -> [HostAction]
    {
        let launchID = self.machine.screens[instance]?.launchID ?? ""
        let route = self.keys[Self.route(of: launchID)] != nil ? Self.route(of: launchID) : self.route
        return self.fromExtension(
            type.rawValue, body, key: self.keys[route] ?? self.token, route: route, buffers: buffers)
    }

    // MARK: The user, played to the end

    /// A control request, with every launch it causes connected and every callback
    /// acknowledged; returns its reply and everything that happened.
    mutating func user(
        _ request: ControlRequest, size: SizeValue? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (reply: ControlMessage, actions: [HostAction]) {
        let (id, actions) = self.control(request)
        let all = self.settle(actions, size: size, sourceLocation: sourceLocation)
        let reply = try #require(
            all.controlReplies.first { $0.header.replyTo == id }, "\(request.command) was never answered",
            sourceLocation: sourceLocation)
        return (reply, all)
    }

    /// `open` from the drawer, played to the end; returns the instance.
    mutating func open(
        on device: String, app: String = HostHarness.app, in conversation: String = HostHarness.conversation
    ) throws -> String {
        let (reply, _) = try self.user(.user(.open(OpenRequest(device: device, conversation: conversation, app: app))))
        return try reply.result(OpenResult.self).instance
    }

    /// `touch` on a device's open app, played to the end.
    mutating func userTouch(
        on device: String = HostHarness.amberPhone, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            try self.user(
                .user(.touch(TouchRequest(device: device, payload: .string("tap")))), sourceLocation: sourceLocation
            ).reply.isOK, sourceLocation: sourceLocation)
    }

    mutating func tap(
        _ entry: Int, on device: String, in conversation: String = HostHarness.conversation, size: SizeValue? = nil
    ) throws -> (result: TapResult, actions: [HostAction]) {
        let (reply, actions) = try self.user(
            .user(.tap(TapRequest(device: device, conversation: conversation, entry: entry))), size: size)
        return (try reply.result(TapResult.self), actions)
    }

    @discardableResult
    mutating func show(_ conversation: String?, on device: String, size: SizeValue? = nil) throws -> [HostAction] {
        let (reply, actions) = try self.user(
            .user(.show(ShowRequest(device: device, conversation: conversation))), size: size)
        #expect(reply.isOK)
        return actions
    }

    /// The entries `transcript` returns for a device (the newest page, by default).
    mutating func transcript(_ device: String, in conversation: String = HostHarness.conversation) throws
        -> [TranscriptEntryValue]
    {
        try self.transcriptPage(device, in: conversation).entries
    }

    /// What `transcript` returns for a device, asked with `limit` and `before`.
    mutating func transcriptPage(
        _ device: String, in conversation: String = HostHarness.conversation, limit: Int? = nil, before: Int? = nil
    ) throws -> TranscriptResult {
        let request = TranscriptRequest(device: device, conversation: conversation, limit: limit, before: before)
        return try self.controlReply(.observation(.transcript(request))).result(TranscriptResult.self)
    }

    // MARK: The shell's file checks

    static func storedFile(_ name: String, mediaType: String = "image/png") -> StoredFile {
        StoredFile(
            sha256: String(repeating: "a", count: 64), storedName: "\(name).bin", filename: name, mediaType: mediaType,
            byteCount: 42)
    }

    /// Answers the `.inspectFiles` in `actions` with `results`.
    mutating func answerFiles(
        in actions: [HostAction], _ results: [FileCheckResult], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [HostAction] {
        let inspection = try #require(actions.inspections.first, "no .inspectFiles", sourceLocation: sourceLocation)
        return self.run(.filesInspected(token: inspection.token, results: results))
    }
}

/// `{"status": "ok", "size": …}`: the answer to `contentSizeThatFits`.
struct ReplyWithSize: Encodable {
    var status = "ok"
    var size: SizeValue
}

extension [HostAction] {
    /// Callbacks the host sent, with the route each went to.
    var callbackSends: [([UInt8], Envelope)] {
        self.compactMap { action in
            guard case .sendToExtension(let route, let message) = action,
                let envelope = try? ReceivedFrames(message.frames()).envelope,
                envelope.header.type != ReplyType.name
            else { return nil }
            return (route, envelope)
        }
    }

    var inspections: [(token: Int, checks: [FileCheck], alternateFilename: String?)] {
        self.compactMap {
            if case .inspectFiles(let token, let checks, let name) = $0 { (token, checks, name) } else { nil }
        }
    }

    /// The callback types one instance got, in order.
    func callbackTypes(of instance: String?) -> [String] {
        self.callbacks.filter { $0.instance == instance }.map(\.header.type)
    }
}
