import Foundation
import MsgHostProtocol

/// What differs between the recording's daemon and the replay's by design, paired up as the
/// replay goes, so that a recorded request names in the replay what it named when recorded.
///
/// - participant identifiers: each install's, person by person (`participants` of both);
/// - transcript entries and message ids: paired when a view compares equal, entry by entry;
/// - instances: paired per device and app in the order they first received a callback.
struct ReplayRenaming {
    var identifiers: [String: String] = [:]
    var entries: [Int: Int] = [:]
    var messages: [String: String] = [:]
    private var recordedInstances: [String: [String]] = [:]
    private var replayedInstances: [String: [String]] = [:]

    /// Why a recorded request cannot be sent in the replay.
    struct Unplayable: Error, CustomStringConvertible {
        var description: String
    }

    /// The install's identifiers, recorded and now, paired by person.
    mutating func pair(recorded: [ParticipantsResult.Entry], now: [ParticipantsResult.Entry]) {
        let current = Dictionary(now.map { ($0.person, $0.identifier) }, uniquingKeysWith: { first, _ in first })
        for entry in recorded {
            if let identifier = current[entry.person] { self.identifiers[entry.identifier] = identifier }
        }
    }

    /// Two views that compared equal: their entries (and staged items) are the same ones.
    mutating func pair(recorded: [TranscriptEntryValue], now: [TranscriptEntryValue]) {
        for (was, is_) in zip(recorded, now) {
            self.entries[was.entry] = is_.entry
            self.messages[was.messageID] = is_.messageID
        }
    }

    /// The instance's place among those of its device and app (0 for the first to get a
    /// callback), recorded or replayed.
    mutating func ordinal(of instance: String, device: String, app: String, recorded: Bool) -> Int {
        let key = device + "\u{0}" + app
        var list = (recorded ? self.recordedInstances[key] : self.replayedInstances[key]) ?? []
        if let index = list.firstIndex(of: instance) { return index }
        list.append(instance)
        if recorded { self.recordedInstances[key] = list } else { self.replayedInstances[key] = list }
        return list.count - 1
    }

    /// A recorded request body as the replay sends it.
    func translate(_ body: JSONValue, command: ControlCommand) throws(Unplayable) -> JSONValue {
        guard case .object(var fields) = self.renamed(body) else { return body }
        for key in ["entry", "onto"] {
            guard case .number(let number)? = fields[key], let recorded = Int(exactly: number) else { continue }
            guard let entry = self.entries[recorded] else {
                throw Unplayable(
                    description:
                        "\(command.rawValue) names entry \(recorded), which no view of the recording showed (it is older than the recording, or beyond the screenful a view keeps)"
                )
            }
            fields[key] = .number(Double(entry))
        }
        if case .array(let ids)? = fields["messages"] {
            fields["messages"] = .array(
                try ids.map { id throws(Unplayable) -> JSONValue in
                    guard case .string(let recorded) = id else { return id }
                    guard let message = self.messages[recorded] else {
                        throw Unplayable(
                            description:
                                "\(command.rawValue) names message \(recorded), which no view of the recording showed")
                    }
                    return .string(message)
                })
        }
        return .object(fields)
    }

    /// Every recorded participant identifier inside strings (a `$<uuid>` in a caption a touch
    /// asks for) replaced with the replay's.
    func renamed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            guard text.count >= 36 else { return value }
            var result = text
            for (recorded, now) in self.identifiers where result.contains(recorded) {
                result = result.replacingOccurrences(of: recorded, with: now)
            }
            return .string(result)
        case .array(let items): return .array(items.map(self.renamed))
        case .object(let fields): return .object(fields.mapValues(self.renamed))
        default: return value
        }
    }
}
