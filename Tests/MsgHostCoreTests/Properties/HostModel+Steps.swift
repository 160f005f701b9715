import HashTreeCollections
import MsgHostProtocol

@testable import MsgHostCore

/// The random steps: what a user does through the control API, what an extension asks, and
/// the faults a real machine brings (crashes, launches that fail, callbacks never answered,
/// reinstalls, time passing). Every choice comes from the seeded generator.
extension HostModel {
    mutating func randomStep() throws {
        let roll = Int.random(in: 0..<100, using: &self.rng)
        switch roll {
        case 0..<22: self.answerOne()
        case 22..<30: self.startOne()
        case 30..<44: self.extensionRequest()
        case 44..<56: self.turn()
        case 56..<64: self.userOpen()
        case 64..<66: self.userDevice(.close)
        case 66..<70: self.userDevice(.touch)
        case 70..<74: self.userShow()
        case 74..<78: try self.userTap()
        case 78..<84: self.userInputField()
        case 84..<86: self.userDevice(.chevron)
        case 86..<89: self.reinstall()
        case 89..<92: self.crash()
        default: self.passTime()
        }
    }

    private mutating func pick<T>(_ values: [T]) -> T? { values.randomElement(using: &self.rng) }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self.rng) < percent }

    private mutating func randomDevice() -> String { self.pick(Self.devices)! }

    /// A conversation the device's owner is in (now and then one they are not, to be refused).
    private mutating func conversation(for device: String) -> String {
        let owner = Self.people[Self.devices.firstIndex(of: device)!].handle
        let theirs = Self.conversations.filter { $0.members.contains(owner) }.map(\.id)
        return self.chance(5) ? self.pick(Self.conversations.map(\.id))! : self.pick(theirs)!
    }

    // MARK: Extensions

    /// An extension answers one callback (sometimes with an error, which the host must take).
    mutating func answerOne() {
        guard !self.outstanding.isEmpty else { return self.startOne() }
        let index = Int.random(in: 0..<self.outstanding.count, using: &self.rng)
        let ok = !self.chance(3)
        self.note(
            "answer \(self.outstanding[index].envelope.header.type) on \(self.outstanding[index].key)\(ok ? "" : " with an error")"
        )
        self.answer(index, ok: ok)
    }

    /// A launched process starts, or a started one says hello; one in twenty fails instead.
    mutating func startOne() {
        let waiting = self.processes.values.filter { !$0.connected }.map(\.launch.launchID).sorted()
        guard let launchID = self.pick(waiting) else { return self.passTime() }
        if self.chance(5) {
            self.note("launch \(launchID) fails")
            return self.exited(launchID, status: "exit 1")
        }
        if self.processes[launchID]?.started == true {
            self.note("hello from \(launchID)")
            self.hello(launchID)
        } else {
            self.note("\(launchID) starts")
            self.processStarted(launchID)
        }
    }

    /// A player's turn: the user touches the open app, its extension takes the touch, and sends
    /// (the path the direct-send rules allow, so that runs store many messages).
    mutating func turn() {
        let open = Self.devices.compactMap { device -> (String, String)? in
            guard let instance = self.machine.screens.presented[device],
                let launchID = self.machine.screens[instance]?.launchID,
                self.processes[launchID]?.connected == true
            else { return nil }
            return (instance, launchID)
        }
        guard let (instance, launchID) = self.pick(open), let device = self.machine.screens[instance]?.device else {
            return self.userOpen()
        }
        self.note("turn on \(device): touch, then \(launchID) sends")
        self.control(.user(.touch(TouchRequest(device: device, payload: .string("turn \(self.step)")))))
        for _ in 0..<8 {
            guard let index = self.outstanding.firstIndex(where: { $0.route == self.processes[launchID]?.route }) else {
                break
            }
            self.answer(index)
        }
        self.extensionRequest(from: launchID, instance: instance, type: .sendMessage)
    }

    /// A connected process asks for something, for one of its instances (or, now and then,
    /// for an instance that is not its own).
    mutating func extensionRequest() {
        let connected = self.processes.values.filter(\.connected).map(\.launch.launchID).sorted()
        guard let launchID = self.pick(connected) else { return self.userOpen() }
        let mine = self.machine.screens.all.filter { $0.launchID == launchID }.map(\.id).sorted()
        let instance = (self.chance(5) ? nil : self.pick(mine)) ?? "00000000-0000-4000-8000-00000000FFFF"
        let kind = Int.random(in: 0..<6, using: &self.rng)
        let type: RequestType = [
            .sendMessage, .insertMessage, .sendText, .insertText, .requestPresentationStyle, .dismiss,
        ][kind]
        self.extensionRequest(from: launchID, instance: instance, type: type)
    }

    mutating func extensionRequest(from launchID: String, instance: String, type: RequestType) {
        guard let process = self.processes[launchID] else { return }
        // Captions name participants with their install's `$uuid` tokens, so the host has to
        // translate them for every other install.
        let known = self.machine.world.participants[process.launch.installID]?.values.sorted() ?? []
        let token = self.pick(known).map { "$\($0)" } ?? "someone"
        let session = self.pick([nil, "round-1", "round-2"]) ?? nil
        let layout = TemplateLayoutValue(caption: "\(token) moved", subcaption: "step \(self.step)")
        let message = MessageValue(
            url: "https://example.com/move/\(self.step)", session: session, summaryText: "\(token) played",
            layout: .template(layout))
        self.note("\(launchID) \(type.rawValue) on \(instance)")
        let actions: [HostAction]
        switch type {
        case .sendMessage, .insertMessage:
            actions = self.fromProcess(
                launchID, type.rawValue, MessageRequestBody(instance: instance, message: message))
        case .sendText, .insertText:
            actions = self.fromProcess(
                launchID, type.rawValue, TextRequestBody(instance: instance, text: "\(token) says hi"))
        case .requestPresentationStyle:
            let style: PresentationStyle = self.chance(50) ? .expanded : .compact
            actions = self.fromProcess(
                launchID, type.rawValue, PresentationStyleBody(instance: instance, presentationStyle: style))
        default:
            actions = self.fromProcess(launchID, type.rawValue, InstanceBody(instance: instance))
        }
        let reply = actions.lazy.compactMap(Self.replyStatus).first
        self.tally["\(type.rawValue) → \(reply.map { $0.failure?.name ?? "ok" } ?? "no reply")", default: 0] += 1
        // What an OK reply to a direct send acknowledges: the messages it stored.
        guard type == .sendMessage || type == .sendText, reply?.isOK == true else { return }
        for case .persist(let changes) in actions {
            for case .messageStored(let stored) in changes where stored.senderInstall == process.launch.installID {
                self.acknowledged.insert(stored.id)
            }
        }
    }

    private static func replyStatus(_ action: HostAction) -> ReplyStatus? {
        guard case .sendToExtension(_, let message) = action,
            let envelope = try? ReceivedFrames(message.frames()).envelope,
            envelope.header.type == ReplyType.name
        else { return nil }
        return try? envelope.decodeBody(ReplyStatus.self)
    }

    // MARK: The user

    mutating func userOpen() {
        let device = self.randomDevice()
        let conversation = self.conversation(for: device)
        let app = self.pick(Self.apps)!
        self.note("open \(app) on \(device) in \(conversation)")
        self.control(.user(.open(OpenRequest(device: device, conversation: conversation, app: app))))
    }

    mutating func userDevice(_ command: ControlCommand) {
        let device = self.randomDevice()
        self.note("\(command.rawValue) on \(device)")
        switch command {
        case .touch: self.control(.user(.touch(TouchRequest(device: device, payload: .string("tap \(self.step)")))))
        case .chevron: self.control(.user(.chevron(DeviceRequest(device: device))))
        default: self.control(.user(.close(DeviceRequest(device: device))))
        }
    }

    mutating func userShow() {
        let device = self.randomDevice()
        let conversation = self.chance(20) ? nil : self.conversation(for: device)
        self.note("show \(conversation ?? "the list") on \(device)")
        self.control(.user(.show(ShowRequest(device: device, conversation: conversation))))
    }

    /// Taps one of the newest bubbles (the ones a person can see).
    mutating func userTap() throws {
        let device = self.randomDevice()
        let conversation = self.conversation(for: device)
        let entries = try self.machine.world.entries(device: device, conversation: conversation, before: nil, limit: 10)
            .map(\.id)
        guard let entry = self.pick(entries) else { return self.userOpen() }
        self.note("tap entry \(entry) on \(device)")
        self.control(.user(.tap(TapRequest(device: device, conversation: conversation, entry: entry))))
    }

    mutating func userInputField() {
        let device = self.randomDevice()
        let conversation = self.conversation(for: device)
        switch Int.random(in: 0..<3, using: &self.rng) {
        case 0:
            self.note("type on \(device) in \(conversation)")
            self.control(
                .user(
                    .typeText(TypeTextRequest(device: device, conversation: conversation, text: "typed \(self.step)"))))
        case 1:
            self.note("Send on \(device) in \(conversation)")
            self.control(.user(.send(ConversationViewRequest(device: device, conversation: conversation))))
        default:
            self.note("cancel on \(device) in \(conversation)")
            self.control(.user(.cancel(ConversationViewRequest(device: device, conversation: conversation))))
        }
    }

    /// Uninstall and install again: the install gets new identifiers, its process is told to go.
    /// Or `reset`, which lifts a quarantine.
    mutating func reinstall() {
        let device = self.randomDevice()
        let app = self.pick(Self.apps)!
        if self.chance(40) {
            // Crashes quarantine an app on a device; the user lifts it, or long runs starve.
            self.note("reset \(app) on \(device)")
            return self.control(.supervision(.reset(DeviceAppRequest(device: device, app: app))))
        }
        self.note("reinstall \(app) on \(device)")
        self.tally["reinstalls", default: 0] += 1
        self.control(.admin(.uninstallApp(DeviceAppRequest(device: device, app: app))))
        self.control(.admin(.installApp(DeviceAppRequest(device: device, app: app))))
    }

    /// A process dies on its own (a crash), whatever it was doing.
    mutating func crash() {
        let running = self.processes.values.filter(\.started).map(\.launch.launchID).sorted()
        guard let launchID = self.pick(running) else { return self.passTime() }
        self.note("\(launchID) crashes")
        self.exited(launchID, status: self.chance(50) ? "signal 11" : "exit 70")
    }

    /// Time passes (sometimes long enough for idle and response timeouts); processes that were
    /// told to go may leave now.
    mutating func passTime() {
        let leaving = self.processes.values.filter(\.leaving).map(\.launch.launchID).sorted()
        if let launchID = self.pick(leaving), self.chance(60) {
            self.note("\(launchID) exits")
            return self.exited(launchID, status: "exit 0")
        }
        let milliseconds: Int64 =
            self.chance(10)
            ? Int64.random(in: 5_000...120_000, using: &self.rng) : Int64.random(in: 1...800, using: &self.rng)
        self.note("\(milliseconds) ms pass")
        self.advance(milliseconds: milliseconds)
    }

    /// Plays every extension to the end, as well-behaved processes that answer everything and
    /// leave when told, until nothing is outstanding: then every control request must have
    /// been answered and every delivery made.
    mutating func drain() {
        for _ in 0..<500 {
            if let callback = self.outstanding.indices.first {
                self.answer(callback)
            } else if let waiting = self.processes.values.filter({ !$0.connected }).map(\.launch.launchID).min() {
                if self.processes[waiting]?.started == true {
                    self.hello(waiting)
                } else {
                    self.processStarted(waiting)
                }
            } else if let leaving = self.processes.values.filter(\.leaving).map(\.launch.launchID).min() {
                self.exited(leaving, status: "exit 0")
            } else if !self.unanswered.isEmpty || !self.machine.world.pendingDeliveries.isEmpty {
                self.advance(milliseconds: 1_000)
            } else {
                return
            }
        }
    }
}
