import Foundation
import MsgHostProtocol

/// A session read as a test a person would write (`msghostctl export-test`): named steps in
/// the session's words, each with its arguments as a test names them (an entry by its place in
/// a transcript, a person's identifier by whose it is), and what each device showed after it.
/// The Python and Swift writers render the same plan.
public struct TestPlan {
    /// An argument of a step's request.
    enum Argument {
        /// A value as recorded (a device, a text, a payload with no identifier in it).
        case value(JSONValue)
        /// A value holding participant identifiers: recorded strings with the identifiers
        /// replaced by the names of the test's variables that look them up.
        case renamed(JSONValue)
        /// The id of the entry at `index` of `device`'s view of `conversation`, read when the
        /// step runs (entry ids differ from one daemon to the next).
        case entry(device: String, conversation: String, index: Int)
        /// The message id of that entry.
        case messages([(device: String, conversation: String, index: Int)])
    }

    /// A participant identifier the steps name: looked up by the test once its install is
    /// there, at the start or after the step that made the install (`given`, 0 for the start).
    struct Identifier {
        var variable: String
        var device: String
        var app: String
        var person: String
        var recorded: String
        var given = 0
    }

    /// What a device showed of a conversation after a step, as the test's `drawn` helper
    /// reads an entry: its kind, sender's name and texts as drawn.
    struct View {
        var device: String
        var conversation: String
        var entries: [[(String, JSONValue)]]
        /// The recording kept a full screenful: the test compares the newest entries.
        var fullPage: Bool
        var text: String
        var staged: [(String, JSONValue)]?
    }

    struct Step {
        var number: Int
        var time: Int64
        var command: ControlCommand
        /// "Kate Bell opens com.example.icecream on kate-iphone in kate-john".
        var summary: String
        var arguments: [(String, Argument)]
        /// The error the step was refused with: (domain, code, name).
        var refusal: (domain: String, code: Int, name: String)?
        /// What the reply said the action did (`presentationStyle`, `action`, `result`).
        var outcome: [(String, String)]
        /// How long passed before the next step (or the end): the test advances the clock.
        var then: Int64
        var views: [View]
        /// Every refusal of a send or request so far, when this step added one: "9 sendWithoutRecentInteraction".
        var refusals: [String]?
        /// Identifiers of the installs the step made that later steps name: looked up after it.
        var identifiers: [Identifier] = []
    }

    var name: String
    var source: String
    var start: SessionStart
    var identifiers: [Identifier]
    var steps: [Step]

    public init(_ session: Session, name: String, source: String) {
        self.name = name
        self.source = source
        self.start = session.start
        var identifiers: [String: Identifier] = [:]
        for install in session.start.participants { Self.add(install, given: 0, to: &identifiers) }
        var used: [String: Identifier] = [:]
        var views = SessionViews(session.start)
        var earlier: [SessionViews.Key: Set<Int>] = [:]
        for view in session.start.transcripts {
            earlier[SessionViews.Key(device: view.device, conversation: view.conversation)] = Set(
                view.entries.map(\.entry))
        }
        let names = Dictionary(
            session.start.world.devices.map { device in
                (device.id, session.start.world.people.first { $0.handle == device.owner }?.name ?? device.owner)
            }, uniquingKeysWith: { first, _ in first })
        var refusals: [String] = []
        var steps: [Step] = []
        for (index, step) in session.steps.enumerated() {
            guard let command = ControlCommand(rawValue: step.command), case .object(let body) = step.body else {
                continue
            }
            var arguments: [(String, Argument)] = []
            for key in body.keys.sorted() {
                let value = body[key] ?? .null
                if key == "entry" || key == "onto", case .number(let number) = value,
                    let place = Self.place(of: Int(number), in: views.views, earlier: earlier)
                {
                    arguments.append(
                        (key, .entry(device: place.device, conversation: place.conversation, index: place.index)))
                } else if key == "messages", case .array(let ids) = value {
                    let places = ids.compactMap { id -> (device: String, conversation: String, index: Int)? in
                        guard case .string(let message) = id else { return nil }
                        return Self.place(ofMessage: message, in: views.views, earlier: earlier)
                    }
                    arguments.append((key, places.count == ids.count ? .messages(places) : .value(value)))
                } else {
                    let (renamed, found) = Self.rename(value, identifiers)
                    for identifier in found { used[identifier.recorded] = identifier }
                    arguments.append((key, found.isEmpty ? .value(value) : .renamed(renamed)))
                }
            }
            var refusal: (String, Int, String)?
            var outcome: [(String, String)] = []
            if case .object(let reply) = step.reply {
                if case .object(let error)? = reply["error"], case .string(let domain)? = error["domain"],
                    case .number(let code)? = error["code"],
                    case .string(let name)? = error["name"]
                {
                    refusal = (domain, Int(code), name)
                }
                for key in ["presentationStyle", "action", "result"] {
                    if case .string(let value)? = reply[key] { outcome.append((key, value)) }
                }
            }
            let newRefusals = step.events.filter {
                ($0.eventKind == .sendRefused || $0.eventKind == .requestRefused) && $0.code != nil
            }
            refusals += newRefusals.map { "\($0.code ?? 0) \($0.name ?? "")" }
            var changed: [View] = []
            for change in step.transcripts {
                views.apply(change)
                let key = SessionViews.Key(device: change.device, conversation: change.conversation)
                guard let view = views[key] else { continue }
                let kept = view.entries.filter { !(earlier[key] ?? []).contains($0.entry) }
                changed.append(
                    View(
                        device: view.device, conversation: view.conversation, entries: kept.map(Self.drawn),
                        fullPage: view.entries.count == TranscriptRequest.defaultLimit, text: view.text,
                        staged: view.staged.map(Self.drawn)))
            }
            let next = index + 1 < session.steps.count ? session.steps[index + 1].time : session.end.time
            steps.append(
                Step(
                    number: step.step, time: step.time, command: command,
                    summary: Self.summary(command, body, names: names),
                    arguments: arguments, refusal: refusal, outcome: outcome, then: max(0, next - step.time),
                    views: changed, refusals: newRefusals.isEmpty ? nil : refusals))
            // An install made during the recording (or a person new to one): its identifiers
            // are named from the next step on.
            for install in step.participants ?? [] { Self.add(install, given: step.step, to: &identifiers) }
        }
        let named = used.values.sorted { $0.variable < $1.variable }
        self.identifiers = named.filter { $0.given == 0 }
        for index in steps.indices { steps[index].identifiers = named.filter { $0.given == steps[index].number } }
        self.steps = Self.screens(session.start, names: names) + steps
    }

    /// The screens the recording found (`screens`), as steps numbered 0 that put them back
    /// before step 1: the app presented opened (and expanded), the conversation shown.
    static func screens(_ start: SessionStart, names: [String: String]) -> [Step] {
        var steps: [Step] = []
        func step(_ command: ControlCommand, _ summary: String, _ arguments: [(String, String)]) {
            steps.append(
                Step(
                    number: 0, time: 0, command: command, summary: summary,
                    arguments: arguments.map { ($0.0, .value(.string($0.1))) },
                    refusal: nil, outcome: [], then: 0, views: [], refusals: nil))
        }
        for screen in start.screens ?? [] {
            let person = names[screen.device] ?? screen.device
            if let app = screen.app, let conversation = screen.conversation {
                step(
                    .open, "\(person) had \(app) open on \(screen.device) in \(conversation)",
                    [("app", app), ("conversation", conversation), ("device", screen.device)])
                if screen.presentationStyle == .expanded {
                    step(.chevron, "\(person) had it expanded", [("device", screen.device)])
                }
            }
            if let showing = screen.showing, showing != screen.conversation {
                step(
                    .show, "\(person) was looking at \(showing) on \(screen.device)",
                    [("conversation", showing), ("device", screen.device)])
            }
        }
        return steps
    }

    /// An entry as the test's `drawn` helper reads it, in the helper's order of keys.
    static func drawn(_ entry: TranscriptEntryValue) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("kind", .string(entry.kind)), ("from", .string(entry.senderName))]
        if let app = entry.app { fields.append(("app", .string(app))) }
        if let rendering = entry.rendering { fields.append(("rendering", .string(rendering))) }
        if let rendered = entry.rendered {
            let texts: [(String, String?)] = [
                ("caption", rendered.caption), ("subcaption", rendered.subcaption),
                ("trailingCaption", rendered.trailingCaption),
                ("trailingSubcaption", rendered.trailingSubcaption), ("imageTitle", rendered.imageTitle),
                ("imageSubtitle", rendered.imageSubtitle), ("summaryText", rendered.summaryText),
            ]
            for (key, value) in texts { if let value { fields.append((key, .string(value))) } }
        }
        if let text = entry.text { fields.append(("text", .string(text))) }
        if let file = entry.file { fields.append(("file", .string(file.filename))) }
        if entry.expiring == true { fields.append(("expiring", .bool(true))) }
        if entry.kept == true { fields.append(("kept", .bool(true))) }
        return fields
    }

    /// Where the entry with this id was last shown: a view and its place among the entries
    /// made since the recording began.
    static func place(
        of entry: Int, in views: [SessionViews.Key: SessionTranscript], earlier: [SessionViews.Key: Set<Int>]
    ) -> (device: String, conversation: String, index: Int)? {
        for (key, view) in views.sorted(by: {
            ($0.key.device, $0.key.conversation) < ($1.key.device, $1.key.conversation)
        }) {
            let kept = view.entries.filter { !(earlier[key] ?? []).contains($0.entry) }
            if let index = kept.firstIndex(where: { $0.entry == entry }) {
                return (key.device, key.conversation, index)
            }
        }
        return nil
    }

    static func place(
        ofMessage message: String, in views: [SessionViews.Key: SessionTranscript],
        earlier: [SessionViews.Key: Set<Int>]
    ) -> (device: String, conversation: String, index: Int)? {
        for (key, view) in views.sorted(by: {
            ($0.key.device, $0.key.conversation) < ($1.key.device, $1.key.conversation)
        }) {
            let kept = view.entries.filter { !(earlier[key] ?? []).contains($0.entry) }
            if let index = kept.firstIndex(where: { $0.messageID == message }) {
                return (key.device, key.conversation, index)
            }
        }
        return nil
    }

    /// An install's identifiers as variables named for whose they are: "john_for_kate_iphone_icecream",
    /// with a number after it for a later install of the same app on the same device.
    static func add(_ install: SessionParticipants, given: Int, to identifiers: inout [String: Identifier]) {
        for entry in install.participants where identifiers[entry.identifier] == nil {
            let person = entry.person.split(separator: "@").first.map(String.init) ?? entry.person
            let base = Self.variable("\(person)_for_\(install.device)_\(install.app.split(separator: ".").last ?? "")")
            let taken = Set(identifiers.values.map(\.variable))
            var variable = base
            var number = 1
            while taken.contains(variable) {
                number += 1
                variable = "\(base)_\(number)"
            }
            identifiers[entry.identifier] = Identifier(
                variable: variable, device: install.device, app: install.app, person: entry.person,
                recorded: entry.identifier, given: given)
        }
    }

    /// `value` with each recorded identifier inside a string marked `\u{0}variable\u{0}`, and
    /// the identifiers found.
    static func rename(_ value: JSONValue, _ identifiers: [String: Identifier]) -> (JSONValue, [Identifier]) {
        switch value {
        case .string(let text):
            var found: [Identifier] = []
            var result = text
            for (recorded, identifier) in identifiers where result.contains(recorded) {
                result = result.replacingOccurrences(of: recorded, with: "\u{0}\(identifier.variable)\u{0}")
                found.append(identifier)
            }
            return (.string(result), found)
        case .array(let items):
            let renamed = items.map { Self.rename($0, identifiers) }
            return (.array(renamed.map(\.0)), renamed.flatMap(\.1))
        case .object(let fields):
            var result: [String: JSONValue] = [:]
            var found: [Identifier] = []
            for (key, field) in fields {
                let (renamed, inner) = Self.rename(field, identifiers)
                result[key] = renamed
                found += inner
            }
            return (.object(result), found)
        default:
            return (value, [])
        }
    }

    /// A variable name: lower-case letters, digits and underscores.
    static func variable(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let name = String(mapped).split(separator: "_").joined(separator: "_")
        return name.first?.isNumber == false ? name : "v_" + name
    }

    /// The step in words: who did what, where.
    static func summary(_ command: ControlCommand, _ body: [String: JSONValue], names: [String: String]) -> String {
        func text(_ key: String) -> String? { if case .string(let value)? = body[key] { value } else { nil } }
        let device = text("device") ?? ""
        let who = names[device] ?? "the admin"
        let on = device.isEmpty ? "" : " on \(device)"
        let inConversation = text("conversation").map { " in \($0)" } ?? ""
        switch command {
        case .open: return "\(who) opens \(text("app") ?? "an app")\(on)\(inConversation)"
        case .close: return "\(who) closes the app\(on)"
        case .touch: return "\(who) touches the app\(on)"
        case .activate: return "\(who) presses \(text("button") ?? "a button")\(on)"
        case .tap: return "\(who) taps a bubble\(on)\(inConversation)"
        case .chevron: return "\(who) taps the chevron\(on)"
        case .show: return "\(who) shows \(text("conversation") ?? "the conversation list")\(on)"
        case .typeText: return "\(who) types \"\(text("text") ?? "")\"\(on)\(inConversation)"
        case .send: return "\(who) taps Send\(on)\(inConversation)"
        case .cancel: return "\(who) deletes the staged item\(on)\(inConversation)"
        case .advanceClock: return "time passes"
        default: return "\(command.rawValue)\(on)\(inConversation)"
        }
    }
}
