import Dispatch
import MsgHostCore
import MsgHostProtocol
import MsgHostStore

/// What one unit of events costs the machine itself, with no socket, codec or SQLite in the
/// way: a user's send from the input field (`typeText`, then `send`: the message stored and
/// arrived on both devices) in its own unit, begun with `checkpoint()` and either kept (its
/// changes written to the history, as the shell does) or undone with `restore`.
///
/// Why: the machine undoes a unit part by part, each keeping the first value of what it
/// changed, so a unit and its undo should cost what the unit changes, not what the world
/// holds. The suite runs on a world of 10 conversations and on one of 100,000 between the
/// same two people, sending into the same 10 in both, so the two figures should be equal.
struct UnitCostSuite {
    let conversations: Int
    private var machine: HostStateMachine
    private let history = InMemoryHistory()
    private var sent = 0
    private static let client: [UInt8] = Array("bench".utf8)
    private static let sender = "amber-phone"

    init(conversations: Int) throws {
        self.conversations = conversations
        var world = try World(history: self.history)
        var changes =
            try world.createPerson(handle: "amber", name: "Amber") + world.createPerson(handle: "ben", name: "Ben")
        changes += try world.createDevice(id: Self.sender, owner: "amber", platform: .ios17)
        changes += try world.createDevice(id: "ben-phone", owner: "ben", platform: .ios17)
        for n in 0..<conversations { changes += try world.createConversation(id: "c\(n)", members: ["amber", "ben"]) }
        self.history.record(changes)
        world.historyWritten(changes)
        self.machine = HostStateMachine(
            world: world, apps: [], settings: HostSettings(), ids: SequentialIDGenerator(),
            startedAt: Instant(milliseconds: 0), daemonPID: 1)
    }

    /// Nanoseconds per unit, `count` units after `warmup`; every `undoEvery`-th unit is undone
    /// and timed apart (the second list).
    mutating func run(warmup: Int, count: Int, undoEvery: Int = 2) -> (kept: [Double], undone: [Double]) {
        var kept: [Double] = []
        var undone: [Double] = []
        for n in 0..<(warmup + count) {
            let undo = n % undoEvery == 0
            let start = DispatchTime.now().uptimeNanoseconds
            self.unit(undo: undo)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            guard n >= warmup else { continue }
            if undo { undone.append(elapsed) } else { kept.append(elapsed) }
        }
        return (kept, undone)
    }

    private mutating func unit(undo: Bool) {
        self.sent += 1
        let conversation = "c\(self.sent % 10)"
        let now = Instant(milliseconds: Int64(self.sent))
        let checkpoint = self.machine.checkpoint()
        let requests: [ControlRequest] = [
            .user(
                .typeText(
                    TypeTextRequest(device: Self.sender, conversation: conversation, text: "message \(self.sent)"))),
            .user(.send(InputFieldRequest(device: Self.sender, conversation: conversation))),
        ]
        for (index, request) in requests.enumerated() {
            let actions = self.machine.controlMessageReceived(
                client: Self.client, .request(id: "u\(self.sent)-\(index)", request), now: now)
            // An undone unit's changes are never written: the store rolls its batch back.
            guard !undo else { continue }
            for case .persist(let changes) in actions {
                self.history.record(changes)
                self.machine.historyWritten(changes)
            }
        }
        if undo { self.machine.restore(checkpoint) }
    }
}
