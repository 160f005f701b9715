import Foundation

/// Why a session file cannot be played: the line, and what is wrong in it.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, or nil for the file as a whole.
    public var line: Int?
    public var message: String
    public init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { self.line.map { "line \($0): \(self.message)" } ?? self.message }
}

/// Reads a session file strictly: a file that is not a whole session of this version, with
/// only known keys, numbers in range, steps in order and actions naming what the world has,
/// is refused with the line and the reason (and nothing else is trusted of it).
public enum SessionReader {
    /// The largest file read (a 10,000-step session with its frames is tens of megabytes).
    public static let maxBytes = 1 << 30
    /// 100 years in milliseconds: no step time or clock may go beyond it.
    public static let maxTime: Int64 = 3_155_760_000_000

    public static func read(_ bytes: [UInt8]) throws(SessionError) -> Session {
        guard bytes.count <= Self.maxBytes else {
            throw SessionError(line: nil, "the file is over \(Self.maxBytes) bytes")
        }
        guard !bytes.isEmpty else { throw SessionError(line: nil, "the file is empty: not a msghost session") }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty == true
        if endsWithNewline { lines.removeLast() }
        // JSONSerialization, not Codable's `JSONValue`, reads each line first: it is many times
        // faster on large frames (`JSONValue` tries each type in turn), and a 10,000-step
        // session is tens of megabytes. But it reads some numbers with a fraction or an
        // exponent one unit in the last place off (Swift 6.3's on Linux reads
        // 1.2345678450617285e+19 as 1.2345678450617283e+19), so a line with such a number is
        // read through `JSONValue`, whose decoder reads it exactly, as the recorder does.
        var values: [(bytes: Data, object: [String: Any])] = []
        values.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let bytes = Data(line)
            let read =
                Self.hasInexactNumber(line)
                ? (try? WireJSON.decode(JSONValue.self, from: Array(line))).map(Self.foundationObject)
                : try? JSONSerialization.jsonObject(with: bytes)
            guard let object = read as? [String: Any] else {
                if index == 0 {
                    throw SessionError(
                        line: 1,
                        "not JSON: this is not a msghost session (its first line is a JSON object of type \"session\")")
                }
                if index == lines.count - 1 && !endsWithNewline {
                    throw SessionError(
                        line: number, "cut short (not whole JSON, and no newline after it): the file is truncated")
                }
                throw SessionError(line: number, "not a JSON object")
            }
            if let key = Self.repeatedKey(in: line) {
                throw SessionError(
                    line: number,
                    "the key \"\(key)\" is written twice in one object (each key once: the line would read two ways)")
            }
            values.append((bytes, object))
        }
        let start: SessionStart = try Self.decode(values[0], line: 1, as: "session", shape: SessionShapes.start)
        guard start.format == Session.format else {
            throw SessionError(
                line: 1, "format is \"\(start.format)\", not \"\(Session.format)\": not a msghost session")
        }
        guard start.version == Session.version else {
            throw SessionError(
                line: 1, "session format version \(start.version); this build reads version \(Session.version) only")
        }
        guard start.clock == "system" || start.clock == "manual" else {
            throw SessionError(line: 1, "clock is \"\(start.clock)\"; expected system or manual")
        }
        if let unknown = start.settings.keys.sorted().first(where: { !Session.settingKeys.contains($0) }) {
            throw SessionError(
                line: 1,
                "settings: unknown key \"\(unknown)\"; known keys: \(Session.settingKeys.sorted().joined(separator: ", "))"
            )
        }
        guard (0...Self.maxTime).contains(start.startedAt) else {
            throw SessionError(line: 1, "startedAt \(start.startedAt) is out of range 0…\(Self.maxTime)")
        }
        var world = SessionWorldIndex(start.world)
        for screen in start.screens ?? [] {
            let names: [(String?, Set<String>, String)] = [
                (screen.device, world.devices, "device"), (screen.showing, world.conversations, "conversation"),
                (screen.conversation, world.conversations, "conversation"), (screen.app, world.apps, "app"),
            ]
            if let (name, _, what) = names.first(where: { $0.0 != nil && !$0.1.contains($0.0!) }) {
                throw SessionError(
                    line: 1, "screens: \(what) \"\(name!)\" on \(screen.device) is not in the session's world")
            }
            if (screen.app == nil) != (screen.conversation == nil)
                || (screen.app == nil) != (screen.presentationStyle == nil)
            {
                throw SessionError(
                    line: 1,
                    "screens: \(screen.device): an app presented needs its conversation and presentationStyle, and they need an app"
                )
            }
        }
        var steps: [SessionStep] = []
        var end: SessionEnd?
        for (index, value) in values.enumerated().dropFirst() {
            let number = index + 1
            guard end == nil else { throw SessionError(line: number, "a line after the end line") }
            guard let type = value.object["type"] as? String else {
                throw SessionError(line: number, "no \"type\" (step or end)")
            }
            switch type {
            case "step":
                let fields: SessionStepFields = try Self.decode(
                    value, line: number, as: "step", shape: SessionShapes.step)
                let step = try fields.step(value.object, line: number)
                try Self.check(step, after: steps.last, line: number, world: &world)
                steps.append(step)
            case "end":
                let last: SessionEnd = try Self.decode(value, line: number, as: "end", shape: SessionShapes.end)
                guard last.steps == steps.count else {
                    throw SessionError(
                        line: number,
                        "the end line counts \(last.steps) steps, the file has \(steps.count): the file is damaged")
                }
                guard (steps.last?.time ?? 0)...Self.maxTime ~= last.time else {
                    throw SessionError(
                        line: number, "end time \(last.time) is before the last step's or over 100 years")
                }
                end = last
            case "session":
                throw SessionError(line: number, "a second session line: two sessions in one file")
            default:
                throw SessionError(line: number, "unknown line type \"\(type)\" (known: session, step, end)")
            }
        }
        guard let end else {
            throw SessionError(
                line: nil,
                "truncated: no end line after line \(values.count) (the last step is \(steps.last?.step ?? 0))")
        }
        return Session(start: start, steps: steps, end: end)
    }

    /// The first key written twice in one object of a line that is JSON, if any. The line is
    /// read twice — its values by `JSONSerialization`, which keeps the last of two, its typed
    /// fields by `JSONDecoder`, which keeps the first — so a step with `reply` twice would be
    /// one reply to one reader and another to the other. A scan of the bytes, not a third
    /// parse: strings are skipped whole, and a key is unescaped only if it has an escape.
    private static func repeatedKey(in line: ArraySlice<UInt8>) -> String? {
        var objects: [Set<String>?] = []  // per open bracket: an object's keys so far, or nil for an array
        var expectingKey = false
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "{"):
                objects.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                objects.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = objects.popLast()
                expectingKey = false
            case UInt8(ascii: ","): expectingKey = objects.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                var end = index + 1
                var escaped = false
                while end < line.endIndex, line[end] != UInt8(ascii: "\"") {
                    if line[end] == UInt8(ascii: "\\") {
                        escaped = true
                        end += 1
                    }
                    end += 1
                }
                if expectingKey, objects.last != nil {
                    let token = line[index...min(end, line.endIndex - 1)]
                    let key =
                        escaped
                        ? (try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed)) as? String
                            ?? String(decoding: token, as: UTF8.self)
                        : String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
                    if objects[objects.count - 1]!.insert(key).inserted == false { return key }
                }
                expectingKey = false
                index = end
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether a line has a number `JSONSerialization` may read inexactly: one with a fraction
    /// or an exponent, or with more digits than any 64-bit integer (strings are skipped whole).
    private static func hasInexactNumber(_ line: ArraySlice<UInt8>) -> Bool {
        var digits = 0  // of the number being read, if any
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < line.endIndex, line[index] != UInt8(ascii: "\"") {
                    index += line[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits > 19 { return true }
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                if digits > 0 { return true }  // outside strings, only a number has a digit before these
            default:
                digits = 0
            }
            index += 1
        }
        return false
    }

    /// A value as `JSONSerialization` would give it (what the rest of the reader takes).
    private static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): NSNumber(value: flag)
        case .number(let number): NSNumber(value: number)
        case .string(let text): text
        case .array(let items): items.map(Self.foundationObject)
        case .object(let fields): fields.mapValues(Self.foundationObject)
        }
    }

    private static func decode<T: Decodable>(
        _ value: (bytes: Data, object: [String: Any]), line: Int, as what: String, shape: SessionShape
    ) throws(SessionError) -> T {
        do {
            try shape.check(value.object, path: what)
        } catch let error as SessionShape.Mismatch {
            throw SessionError(line: line, error.description)
        } catch {
            throw SessionError(line: line, "\(error)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: value.bytes)
        } catch let error as DecodingError {
            throw SessionError(line: line, "\(what): \(WireJSON.describe(error))")
        } catch {
            throw SessionError(line: line, "\(what): \(error)")
        }
    }

    /// A step is in order, its action is one a recording keeps, and, if it was carried out,
    /// it names only devices, conversations and people the world has by then.
    private static func check(
        _ step: SessionStep, after previous: SessionStep?, line: Int, world: inout SessionWorldIndex
    ) throws(SessionError) {
        let expected = (previous?.step ?? 0) + 1
        guard step.step == expected else {
            throw SessionError(line: line, "step \(step.step) where step \(expected) was due")
        }
        guard (previous?.time ?? 0)...Self.maxTime ~= step.time else {
            throw SessionError(
                line: line, "step \(step.step): time \(step.time) is before the step before it or over 100 years")
        }
        guard let command = ControlCommand(rawValue: step.command), Session.actions.contains(command) else {
            let known = Session.actions.map(\.rawValue).sorted().joined(separator: ", ")
            throw SessionError(
                line: line, "step \(step.step): unknown action \"\(step.command)\" (actions a session holds: \(known))")
        }
        guard case .object(let body) = step.body else {
            throw SessionError(line: line, "step \(step.step) (\(step.command)): body is not a JSON object")
        }
        // A step the daemon refused may name what does not exist (that is why it was refused).
        guard case .object(let reply) = step.reply, reply["status"] == .string("ok") else { return }
        try world.check(command, body, step: step.step, line: line)
    }
}

/// The names the world of a session has, growing with the steps that create them.
struct SessionWorldIndex {
    var people: Set<String>
    var devices: Set<String>
    var conversations: Set<String>
    var apps: Set<String>

    init(_ world: SessionWorld) {
        self.people = Set(world.people.map(\.handle))
        self.devices = Set(world.devices.map(\.id))
        self.conversations = Set(world.conversations.map(\.id))
        self.apps = Set(world.installs.map(\.app))
    }

    mutating func check(_ command: ControlCommand, _ body: [String: JSONValue], step: Int, line: Int)
        throws(SessionError)
    {
        func name(_ key: String) -> String? { if case .string(let value)? = body[key] { value } else { nil } }
        func require(_ key: String, in known: Set<String>, _ what: String) throws(SessionError) {
            guard let value = name(key), !known.contains(value) else { return }
            let list = known.sorted().joined(separator: ", ")
            throw SessionError(
                line: line,
                "step \(step) (\(command.rawValue)): \(what) \"\(value)\" is not in the session's world (\(what)s: \(list.isEmpty ? "none" : list))"
            )
        }
        switch command {
        case .createPerson:
            if let handle = name("handle") { self.people.insert(handle) }
        case .createDevice:
            try require("owner", in: self.people, "person")
            if let id = name("id") { self.devices.insert(id) }
        case .createConversation:
            if let id = name("id") { self.conversations.insert(id) }
        case .addMember, .removeMember:
            try require("person", in: self.people, "person")
        default:
            try require("device", in: self.devices, "device")
        }
        if command != .createConversation { try require("conversation", in: self.conversations, "conversation") }
        if command == .installApp { if let app = name("app") { self.apps.insert(app) } }
    }
}
