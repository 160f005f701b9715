import MsgHostCore
import MsgHostProtocol

/// Everything a `World` holds, as one `Equatable` value (`World` itself is not `Equatable`),
/// so that two worlds can be compared with one `#expect`.
struct WorldSnapshot: Equatable, CustomStringConvertible {
    var people: [String: Person]
    var devices: [String: Device]
    var conversations: [String: Conversation]
    var installs: [String: Install]
    var participants: [String: [String: String]]
    var messages: [String: StoredMessage]
    var transcripts: [String: [String]]

    init(_ world: World) {
        self.people = world.people
        self.devices = world.devices
        self.conversations = world.conversations
        self.installs = world.installs
        self.participants = world.participants
        self.messages = world.messages
        self.transcripts = world.transcripts
    }

    var description: String {
        "people \(self.people.keys.sorted()), devices \(self.devices.keys.sorted()), conversations \(self.conversations), "
            + "installs \(self.installs.keys.sorted()), participants \(self.participants), messages \(self.messages.keys.sorted()), "
            + "transcripts \(self.transcripts)"
    }
}
