import HashTreeCollections
import MsgHostProtocol
import MsgHostShell
import MsgHostStore
import MsgHostTesting

@testable import MsgHostCore

/// The world a property run plays in, and everything the model plays: the extension
/// processes (which start, say hello, acknowledge, crash and exit when told), the timers the
/// host starts, and a control client. It feeds the host only what a real shell would, in the
/// order a real shell would, through the shell's own `HostDriver` (over memory), and watches
/// everything that leaves (see HostModel+Checks).
///
/// Three people with a phone each, two conversations, two apps installed everywhere. Names and
/// handles are long and distinctive so that finding one in a frame cannot be chance.
struct HostModel {
    static let people = [
        Person(handle: "ada.quill@example.com", name: "Ada Lovelace-Quill"),
        Person(handle: "bo.vane@example.com", name: "Bo Marchetti-Vane"),
        Person(handle: "cy.hale@example.com", name: "Cy Okonkwo-Hale"),
    ]
    static let devices = ["ada-phone", "bo-phone", "cy-phone"]
    static let apps = ["com.example.poll", "com.example.game"]
    static let conversations = [
        Conversation(id: "trio", members: people.map(\.handle)),
        Conversation(id: "ada-bo", members: [people[0].handle, people[1].handle]),
    ]
    /// (device, person, the name that device's owner gave them).
    static let contacts = [
        ("ada-phone", people[1].handle, "Bobby Nightingale"), ("bo-phone", people[2].handle, "Cyrus Dovetail"),
    ]
    static let client: [UInt8] = Array("property-client".utf8)
    static let start = Instant(milliseconds: 1_700_000_000_000)

    /// One extension process as the model plays it.
    struct Process {
        var launch: LaunchRequest
        var route: [UInt8]
        var pid: Int
        var started = false
        var connected = false
        /// Told to go (SIGTERM or a `terminate` callback): it exits at a later step.
        var leaving = false
    }

    /// A callback the host sent and the model has not yet answered.
    struct Outstanding {
        var route: [UInt8]
        var envelope: Envelope
        /// The instance it is for, or the route's key for process-wide callbacks.
        var key: String
    }

    /// The shell's driver: it writes the store as the daemon does (`.persist` → record, then
    /// `historyWritten`, one commit a unit) and hands what leaves to a recording transport,
    /// which `play` reads.
    let driver: TestDriver
    var machine: HostStateMachine {
        get { self.driver.machine }
        nonmutating _modify { yield &self.driver.machine }
    }
    /// The shell's side of the extension wire: frames → typed, verified messages.
    var codec = ExtensionCodec()
    var now: Instant {
        get { self.driver.clock.instant }
        nonmutating set { self.driver.clock.instant = newValue }
    }
    var rng: SeededGenerator
    let seed: UInt64
    private(set) var step = 0
    var processes: [String: Process] = [:]
    var timers: [(id: TimerID, at: Instant)] = []
    var outstanding: [Outstanding] = []
    /// Control requests sent and not yet answered: id → type.
    var unanswered: [String: String] = [:]
    /// Every participant identifier ever handed out → the install it belongs to.
    var identifierOwner: [String: String] = [:]
    /// Every message the host ever persisted, and those among them an OK reply acknowledged.
    var stored: Set<String> = []
    var acknowledged: Set<String> = []
    var violations: [String] = []
    /// What the run did (launches, crashes, replies by outcome…), for the report of a long run.
    var tally: [String: Int] = [:]
    /// The last steps, to show with a failure.
    var trail: [String] = []
    private var nextID = 0
    private var nextPID = 10_000

    init(seed: UInt64) throws {
        self.seed = seed
        self.rng = SeededGenerator(state: seed)
        let apps = Self.apps.map {
            AppDescriptor(bundleID: $0, displayName: String($0.split(separator: ".").last ?? ""))
        }
        let history = InMemoryHistory()
        let machine = HostStateMachine(
            world: try World(history: history), apps: apps, settings: HostSettings(), ids: SequentialIDGenerator(),
            startedAt: Self.start, daemonPID: 4242)
        self.driver = .inMemory(machine, history: history, now: Self.start)
        // The model sends no files.
        self.driver.store.files = { _, _ in .refused(.protocolError(.invalidBody, "the model sends no files")) }
        let seedWorld = WorldSeed(
            people: Self.people,
            devices: Self.devices.enumerated().map { .init(id: $1, owner: Self.people[$0].handle, platform: .ios17) },
            conversations: Self.conversations,
            installs: Self.devices.flatMap { device in Self.apps.map { .init(device: device, app: $0) } })
        self.driver.perform([.persist(try self.machine.applySeed(seedWorld, now: Self.start))])
        for (device, person, name) in Self.contacts {
            self.control(.admin(.contact(ContactRequest(device: device, person: person, name: name))))
        }
        self.noteIdentifiers()
    }

    // MARK: Feeding the host

    mutating func makeID(_ prefix: String) -> String {
        self.nextID += 1
        return "\(prefix)\(self.nextID)"
    }

    mutating func note(_ line: String) {
        self.step += 1
        self.trail.append("\(self.step): \(line)")
        if self.trail.count > 40 { self.trail.removeFirst() }
    }

    /// A control request from the model's client (unsigned, as control requests are).
    mutating func control(_ request: ControlRequest) {
        let id = self.makeID("c")
        self.unanswered[id] = request.command.rawValue
        self.run(.controlMessage(client: Self.client, .request(id: id, request)))
    }

    /// A message from a process, signed with its launch token. Returns what the host did.
    @discardableResult
    mutating func fromProcess(_ launchID: String, _ type: String, _ body: some Encodable, replyTo: String? = nil)
        -> [HostAction]
    {
        guard let process = self.processes[launchID] else { return [] }
        let header = Header(id: self.makeID("x"), type: type, replyTo: replyTo, time: self.now.milliseconds)
        let frames = Envelope(header: header, encoding: body).frames(signingWith: Array(process.launch.token.utf8))
        let inbound = self.codec.decode(route: process.route, frames: frames, keys: self.machine)
        return self.run(.extensionMessage(route: process.route, frames: frames, inbound))
    }

    mutating func processStarted(_ launchID: String) {
        guard var process = self.processes[launchID] else { return }
        process.started = true
        self.processes[launchID] = process
        self.run(.processStarted(launchID: launchID, pid: process.pid))
    }

    mutating func hello(_ launchID: String) {
        guard var process = self.processes[launchID] else { return }
        process.connected = true
        self.processes[launchID] = process
        self.fromProcess(
            launchID, RequestType.hello.rawValue,
            HelloBody(app: process.launch.app, pid: process.pid, sdk: "property/1"))
    }

    /// The process is gone: what it had not answered will never be answered.
    mutating func exited(_ launchID: String, status: String) {
        guard let process = self.processes.removeValue(forKey: launchID) else { return }
        self.tally["exits (\(status))", default: 0] += 1
        self.outstanding.removeAll { $0.route == process.route }
        self.run(.processExited(launchID: launchID, status: status))
    }

    /// Answers an outstanding callback as a well-behaved extension would.
    mutating func answer(_ index: Int, ok: Bool = true) {
        let callback = self.outstanding.remove(at: index)
        guard let launchID = self.processes.first(where: { $0.value.route == callback.route })?.key else { return }
        let type = callback.envelope.header.type
        if type == CallbackType.terminate.rawValue { self.processes[launchID]?.leaving = true }
        if !ok {
            self.fromProcess(launchID, ReplyType.name, ["status": "error"], replyTo: callback.envelope.header.id)
        } else if type == CallbackType.contentSizeThatFits.rawValue {
            self.fromProcess(
                launchID, ReplyType.name, ReplyWithSize(size: SizeValue(width: 300, height: 120)),
                replyTo: callback.envelope.header.id)
        } else {
            self.fromProcess(launchID, ReplyType.name, ["status": "ok"], replyTo: callback.envelope.header.id)
        }
    }

    /// Moves the clock and fires every timer that falls due, earliest first.
    mutating func advance(milliseconds: Int64) {
        self.now = self.now.adding(milliseconds: milliseconds)
        while let index = self.timers.indices.filter({ self.timers[$0].at <= self.now }).min(by: {
            self.timers[$0].at < self.timers[$1].at
        }) {
            let timer = self.timers.remove(at: index)
            self.run(.timer(timer.id))
        }
    }

    // MARK: Watching the host

    /// Runs an event through the driver, then plays what left; returns the machine's answer.
    @discardableResult
    mutating func run(_ event: HostEvent) -> [HostAction] {
        let actions = self.driver.dispatch(event)
        self.play()
        return actions
    }

    /// Plays the world's part for everything that left the host, in order, and checks what
    /// it can at once.
    mutating func play() {
        for entry in self.driver.transport.journal.take() {
            switch entry {
            case .left(let action):
                self.play(action)
            case .unitLost(let reason, _):
                self.violate(
                    "an in-memory history can neither fail a read nor a commit, yet a unit was lost: \(reason)")
            case .recorded, .committed, .commitFailed, .rolledBack, .retry:
                break
            }
        }
        // SIGKILL takes effect at once, after the host's own actions are played.
        while let launchID = self.pendingKills.popLast() { self.exited(launchID, status: "signal 9") }
        self.noteIdentifiers()
    }

    private mutating func play(_ action: HostAction) {
        switch action {
        case .launch(let request):
            self.nextPID += 1
            self.tally["launches", default: 0] += 1
            self.processes[request.launchID] = Process(
                launch: request, route: Array("ext-\(request.launchID)".utf8), pid: self.nextPID)
        case .sendToExtension(let route, let message):
            self.watch(message.frames(), to: route)
        case .sendToControl(_, let message):
            if let replyTo = message.header.replyTo, let command = self.unanswered.removeValue(forKey: replyTo) {
                let outcome = message.error?.name ?? "ok"
                self.tally["\(command) → \(outcome)", default: 0] += 1
            }
        case .signal(let launchID, let signal):
            switch signal {
            case .kill: self.pendingKills.append(launchID)
            case .terminate: self.processes[launchID]?.leaving = true
            }
        case .startTimer(let id, let at):
            self.timers.append((id, at))
        case .persist(let changes):
            for case .messageStored(let message) in changes { self.stored.insert(message.id) }
        case .inspectFiles, .historyUnreadable, .advanceClock, .event, .stopped, .serveControl, .observed:
            break  // the driver's own, or nothing the world answers
        }
    }

    /// Processes SIGKILLed by the host in the batch being played.
    var pendingKills: [String] = []

    /// Learns the identifiers the world has handed out (they outlive their install here, so
    /// that one leaking into a reinstall is still caught).
    mutating func noteIdentifiers() {
        for (install, byPerson) in self.machine.world.participants {
            for identifier in byPerson.values where self.identifierOwner[identifier] == nil {
                self.identifierOwner[identifier] = install
            }
        }
    }
}
