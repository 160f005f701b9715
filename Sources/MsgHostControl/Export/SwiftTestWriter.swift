import Foundation
import MsgHostProtocol

/// A Swift Testing file from a `TestPlan`: `TestDaemon.with` on the session's world, apps and
/// settings, each step as the typed control request a test writes, and what each device showed
/// asserted after it.
///
/// `TestDaemon` builds one kind of world: everyone in one conversation, every app on the same
/// devices. A session whose world is another is refused (`Unwritable`); `--python` writes any.
public struct SwiftTestWriter {
    public struct Unwritable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Paths under this folder are written relative to `TestPaths.repository`.
    var repository: String?

    public init(repository: String? = nil) {
        self.repository = repository
    }

    /// How a body field is written as an argument of its request's initializer; `enumCase` is
    /// a string the request's type holds as an enum (a platform, a device model, an action),
    /// written as its case (`.iOS`).
    enum Kind {
        case string, optionalString, int, optionalInt64, optionalBool, json, fields, strings, optionalStrings, enumCase
    }

    /// The request type of each command, its initializer's labels by body key, and the result
    /// type when the reply says what the action did.
    static let requests: [ControlCommand: (type: String, result: String?, fields: [(String, Kind)])] = [
        .createPerson: ("CreatePersonRequest", nil, [("handle", .string), ("name", .string)]),
        .createDevice: (
            "CreateDeviceRequest", nil,
            [("id", .string), ("owner", .string), ("platform", .enumCase), ("model", .enumCase)]
        ),
        .createConversation: ("CreateConversationRequest", nil, [("members", .strings), ("id", .optionalString)]),
        .installApp: ("DeviceAppRequest", nil, [("device", .string), ("app", .string)]),
        .uninstallApp: ("DeviceAppRequest", nil, [("device", .string), ("app", .string)]),
        .reset: ("DeviceAppRequest", nil, [("device", .string), ("app", .string)]),
        .memoryPressure: ("MemoryPressureRequest", nil, [("device", .string), ("app", .string), ("level", .string)]),
        .addMember: ("MemberRequest", nil, [("conversation", .string), ("person", .string)]),
        .removeMember: ("MemberRequest", nil, [("conversation", .string), ("person", .string)]),
        .contact: ("ContactRequest", nil, [("device", .string), ("person", .string), ("name", .optionalString)]),
        .open: ("OpenRequest", "OpenResult", [("device", .string), ("conversation", .string), ("app", .string)]),
        .close: ("DeviceRequest", nil, [("device", .string)]),
        .chevron: ("DeviceRequest", "OpenResult", [("device", .string)]),
        .stickers: ("StickersRequest", nil, [("device", .string)]),
        .closeParentApp: ("DeviceRequest", nil, [("device", .string)]),
        .touch: ("TouchRequest", nil, [("device", .string), ("payload", .json)]),
        .activate: ("ActivateRequest", nil, [("device", .string), ("button", .string), ("fields", .fields)]),
        .tap: ("TapRequest", "TapResult", [("device", .string), ("conversation", .string), ("entry", .int)]),
        .keep: ("KeepRequest", nil, [("device", .string), ("conversation", .string), ("entry", .int)]),
        .show: ("ShowRequest", nil, [("device", .string), ("conversation", .optionalString)]),
        .typeText: ("TypeTextRequest", nil, [("device", .string), ("conversation", .string), ("text", .string)]),
        .send: ("InputFieldRequest", nil, [("device", .string), ("conversation", .string)]),
        .cancel: ("InputFieldRequest", nil, [("device", .string), ("conversation", .string)]),
        .delivery: (
            "DeliveryRequest", nil, [("device", .string), ("latencyMs", .optionalInt64), ("hold", .optionalBool)]
        ),
        .release: (
            "ReleaseRequest", nil, [("device", .string), ("order", .optionalString), ("messages", .optionalStrings)]
        ),
        .advanceClock: ("AdvanceClockRequest", nil, [("milliseconds", .int)]),
        .chooseSticker: (
            "ChooseStickerRequest", nil, [("device", .string), ("sticker", .int), ("onto", .optionalInt64)]
        ),
        .openParentApp: ("ParentAppRequest", nil, [("device", .string), ("app", .string)]),
        .compose: ("ComposeRequest", "ComposeResult", [("device", .string), ("action", .enumCase)]),
    ]

    public func write(_ plan: TestPlan) throws(Unwritable) -> String {
        let world = try self.world(plan.start)
        let type = Self.typeName(plan.name)
        var out = """
            // \(plan.name): a test made by `msghostctl export-test --swift` from \(plan.source) (\(plan.steps.count) steps).
            //
            // Each step is what the user or the admin did, on the manual clock at the time it was
            // recorded; the expectations after it are what each device showed then: its entries as
            // drawn (names rendered with that device's contacts), its input field, and the sends and
            // requests refused, by Apple's code and name.
            import Foundation
            import MsgHostProtocol
            import MsgHostTesting
            import Testing

            @Suite struct \(type) {
                static let apps: [TestDaemon.App] = [\n
            """
        for manifest in plan.start.apps { out += "        " + (try self.app(manifest)) + ",\n" }
        out += "    ]\n\n    static let world = \(world)\n\n"
        var settings = ["\"clock\": \"manual\""]
        for (key, value) in plan.start.settings.sorted(by: { $0.key < $1.key }) {
            let text: String
            switch value {
            case .number(let number): text = String(Int64(number))
            // YAML reads JSON's strings.
            case .string(let string): text = String(decoding: WireJSON.encode(string), as: UTF8.self)
            default: continue
            }
            settings.append("\(Self.string(key)): \(Self.string(text))")
        }
        out +=
            "    static let settings: [String: String] = [\n" + settings.map { "        \($0),\n" }.joined()
            + "    ]\n\n"
        out += "    @Test func session() throws {\n"
        out += "        try TestDaemon.with(apps: Self.apps, world: Self.world, settings: Self.settings) { daemon in\n"
        for contact in plan.start.contacts {
            out +=
                "            try daemon.control(.contact, ContactRequest(device: \(Self.string(contact.device)), person: \(Self.string(contact.person)), name: \(Self.string(contact.name))))\n"
        }
        for rule in plan.start.delivery {
            out +=
                "            try daemon.control(.delivery, DeliveryRequest(device: \(Self.string(rule.device)), latencyMs: \(rule.latencyMs), hold: \(rule.hold)))\n"
        }
        out += Self.lookUp(plan.identifiers)
        for step in plan.steps { out += "\n" + Self.step(step) }
        out += "        }\n    }\n" + Self.helpers + "}\n"
        return out
    }

    /// The lines that look up identifiers the steps name, by whose they are.
    static func lookUp(_ identifiers: [TestPlan.Identifier]) -> String {
        identifiers.map { identifier in
            "            let \(Self.camel(identifier.variable)) = try Self.identifier(daemon, \(Self.string(identifier.person)), device: \(Self.string(identifier.device)), app: \(Self.string(identifier.app)))\n"
        }.joined()
    }

    static func step(_ step: TestPlan.Step) -> String {
        let pad = "            "
        var out =
            step.number == 0
            ? "\(pad)// Before the recording began: \(step.summary).\n"
            : "\(pad)// Step \(step.number) (\(step.time) ms): \(step.summary).\n"
        let (request, result) = Self.request(step)
        let reply = "reply\(step.number)"
        if step.command == .advanceClock && step.refusal != nil {
            // Refused on the recording's system clock; this test's clock is manual: time passes.
            if step.then > 0 { out += "\(pad)try daemon.advance(\(step.then))\n" }
            return out
        }
        if let refusal = step.refusal {
            out +=
                "\(pad)let \(reply) = #expect(throws: WireError.self) { try daemon.control(.\(step.command.rawValue), \(request)) }\n"
            out +=
                "\(pad)#expect(\(reply)?.domain == \(Self.string(refusal.domain)) && \(reply)?.name == \(Self.string(refusal.name)))\n"
        } else if let result, !step.outcome.isEmpty {
            out +=
                "\(pad)let \(reply) = try daemon.control(.\(step.command.rawValue), \(request), as: \(result).self)\n"
            for (key, value) in step.outcome {
                let field = key == "action" ? "\(reply).action" : "\(reply).\(key).rawValue"
                out += "\(pad)#expect(\(field) == \(Self.string(value)))\n"
            }
        } else {
            out += "\(pad)try daemon.control(.\(step.command.rawValue), \(request))\n"
        }
        out += Self.lookUp(step.identifiers)
        let advances = step.command == .advanceClock ? step.then - PythonTestWriter.milliseconds(step) : step.then
        if advances > 0 { out += "\(pad)try daemon.advance(\(advances))\n" }
        guard !step.views.isEmpty || step.refusals != nil else { return out }
        out += "\(pad)try daemon.settle()\n"
        for view in step.views {
            let (device, conversation) = (Self.string(view.device), Self.string(view.conversation))
            let shown = "try Self.shown(daemon, \(device), \(conversation))"
            let entries = view.entries.map { Self.drawn($0, indent: 16) }
            let place = Self.string("\(view.device) in \(view.conversation)")
            out +=
                "\(pad)Self.expectEntries(\(view.fullPage ? "Array(\(shown).suffix(\(view.entries.count)))" : shown), \(Self.list(entries, indent: 12)), \(place))\n"
            out +=
                "\(pad)Self.expectField(try Self.field(daemon, \(device), \(conversation)), text: \(Self.string(view.text)), staged: \(view.staged.map { Self.drawn($0, indent: 12) } ?? "nil"), \(place))\n"
        }
        if let refusals = step.refusals {
            out += "\(pad)#expect(try Self.refusals(daemon) == \(Self.list(refusals.map(Self.string), indent: 12)))\n"
        }
        return out
    }

    /// The request's initializer with the step's arguments, and the reply's type if it is read.
    static func request(_ step: TestPlan.Step) -> (String, String?) {
        let given = Dictionary(step.arguments, uniquingKeysWith: { first, _ in first })
        guard let (type, result, fields) = Self.requests[step.command],
            Set(given.keys).isSubset(of: Set(fields.map(\.0)))
        else {
            let body = step.arguments.map { "\(Self.string($0.0)): \(Self.argument($0.1, kind: .json))" }.joined(
                separator: ", ")
            return ("JSONValue.object([\(body.isEmpty ? ":" : body)])", nil)
        }
        let arguments = fields.map { key, kind in "\(key): \(given[key].map { Self.argument($0, kind: kind) } ?? "nil")"
        }
        return ("\(type)(\(arguments.joined(separator: ", ")))", result)
    }

    static func argument(_ argument: TestPlan.Argument, kind: Kind) -> String {
        switch argument {
        case .entry(let device, let conversation, let index):
            return "try Self.entry(daemon, \(Self.string(device)), \(Self.string(conversation)), at: \(index))"
        case .messages(let places):
            return "["
                + places.map {
                    "try Self.message(daemon, \(Self.string($0.device)), \(Self.string($0.conversation)), at: \($0.index))"
                }.joined(separator: ", ") + "]"
        case .value(let value), .renamed(let value):
            switch (kind, value) {
            case (_, .null): return "nil"
            case (.string, .string(let text)), (.optionalString, .string(let text)): return Self.string(text)
            case (.int, .number(let number)), (.optionalInt64, .number(let number)): return String(Int64(number))
            case (.optionalBool, .bool(let flag)): return flag ? "true" : "false"
            case (.enumCase, .string(let text)): return "." + text
            case (.strings, .array(let items)), (.optionalStrings, .array(let items)):
                return "["
                    + items.map { if case .string(let text) = $0 { Self.string(text) } else { "\"\"" } }.joined(
                        separator: ", ") + "]"
            case (.fields, .object(let fields)):
                let pairs = fields.sorted { $0.key < $1.key }.map { key, value in
                    "\(Self.string(key)): \(Self.argument(.value(value), kind: .string))"
                }
                return "[" + (pairs.isEmpty ? ":" : pairs.joined(separator: ", ")) + "]"
            default: return Self.json(value)
            }
        }
    }

    // MARK: The world and the apps as TestDaemon takes them

    func world(_ start: SessionStart) throws(Unwritable) -> String {
        let world = start.world
        guard world.conversations.count == 1, let conversation = world.conversations.first,
            Set(conversation.members) == Set(world.people.map(\.handle))
        else {
            throw Unwritable(
                description:
                    "--swift writes TestDaemon's worlds, everyone in one conversation; this session's world has \(world.conversations.count) conversations of \(world.people.count) people (use --python)"
            )
        }
        let apps = Set(
            start.apps.compactMap { manifest -> String? in
                if case .object(let fields) = manifest, case .string(let id)? = fields["bundleID"] { id } else { nil }
            })
        let devicesOf = Dictionary(grouping: world.installs, by: \.app).mapValues { Set($0.map(\.device)) }
        let withApps = Set(devicesOf.values.first ?? [])
        guard Set(devicesOf.keys) == apps, devicesOf.values.allSatisfy({ $0 == withApps }) else {
            throw Unwritable(
                description:
                    "--swift writes TestDaemon's worlds, every app on the same devices; this session installs its apps on different devices (use --python)"
            )
        }
        let without = world.devices.map(\.id).filter { !withApps.contains($0) }.sorted()
        var out = "TestDaemon.World(members: [\n"
        for handle in conversation.members {
            let name = world.people.first { $0.handle == handle }?.name ?? handle
            let owned = world.devices.filter { $0.owner == handle }
            let devices = owned.map { "(\(Self.string($0.id)), \(Self.string($0.platform.rawValue)))" }
            let models = owned.filter { $0.model != .default }.map {
                "\(Self.string($0.id)): \(Self.string($0.model.rawValue))"
            }
            out +=
                "        .init(handle: \(Self.string(handle)), name: \(Self.string(name)), devices: [\(devices.joined(separator: ", "))]\(models.isEmpty ? "" : ", models: [\(models.joined(separator: ", "))]")),\n"
        }
        out +=
            "    ], conversation: \(Self.string(conversation.id))\(without.isEmpty ? "" : ", withoutApps: [\(without.map(Self.string).joined(separator: ", "))]"))"
        return out
    }

    /// An app as `TestDaemon.App`. TestDaemon names an app by its bundle id and sets
    /// PYTHONUNBUFFERED and FIXTURE_LOG itself, so those are left out.
    func app(_ manifest: JSONValue) throws(Unwritable) -> String {
        guard case .object(var fields) = manifest, case .string(let bundleID)? = fields.removeValue(forKey: "bundleID"),
            case .string(let command)? = fields.removeValue(forKey: "command")
        else {
            throw Unwritable(description: "a manifest of the session has no bundleID or command")
        }
        fields["displayName"] = nil
        var args: [String] = []
        if case .array(let items)? = fields.removeValue(forKey: "args") {
            args = items.compactMap { if case .string(let arg) = $0 { arg } else { nil } }
        }
        var directory = "/"
        if case .string(let path)? = fields.removeValue(forKey: "workingDirectory") { directory = path }
        var contexts = ["messages"]
        if case .array(let items)? = fields.removeValue(forKey: "contexts") {
            contexts = items.compactMap { if case .string(let context) = $0 { context } else { nil } }
        }
        var env: [String: String] = [:]
        if case .object(let values)? = fields.removeValue(forKey: "env") {
            for (key, value) in values where key != "PYTHONUNBUFFERED" && key != "FIXTURE_LOG" {
                if case .string(let text) = value { env[key] = text }
            }
        }
        let more = fields.sorted { $0.key < $1.key }.map { key, value in
            "\(Self.string(key)): \(Self.string(String(decoding: WireJSON.encode(value), as: UTF8.self)))"
        }
        return
            "TestDaemon.App(bundleID: \(Self.string(bundleID)), command: \(Self.string(command)), args: [\(args.map(Self.string).joined(separator: ", "))], "
            + "workingDirectory: \(self.path(directory)), contexts: [\(contexts.map(Self.string).joined(separator: ", "))], "
            + "env: [\(env.isEmpty ? ":" : env.sorted { $0.key < $1.key }.map { "\(Self.string($0.key)): \(Self.string($0.value))" }.joined(separator: ", "))], "
            + "manifest: [\(more.isEmpty ? ":" : more.joined(separator: ", "))])"
    }

    /// A path as Swift: relative to `TestPaths.repository` when it is under `repository`.
    func path(_ path: String) -> String {
        guard let repository = self.repository else { return Self.string(path) }
        if path == repository { return "TestPaths.repository" }
        if path.hasPrefix(repository + "/") {
            return "TestPaths.repository + \(Self.string(String(path.dropFirst(repository.count))))"
        }
        return Self.string(path)
    }

    // MARK: Swift literals

    static func string(_ text: String) -> String {
        guard text.contains("\u{0}") else { return "\"" + Self.escaped(text) + "\"" }
        // Identifier markers (`TestPlan.rename`): the variables, interpolated.
        let parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "\\(\(Self.camel(String(part))))" : Self.escaped(String(part))
        }
        return "\"" + parts.joined() + "\""
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                out +=
                    scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }
        return out
    }

    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let flag): return ".bool(\(flag))"
        case .number(let number):
            return ".number(\(number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"))"
        case .string(let text): return ".string(\(Self.string(text)))"
        case .array(let items): return ".array([\(items.map(Self.json).joined(separator: ", "))])"
        case .object(let fields):
            let pairs = fields.sorted { $0.key < $1.key }.map { "\(Self.string($0.key)): \(Self.json($0.value))" }
            return ".object([\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))])"
        }
    }

    static func drawn(_ fields: [(String, JSONValue)], indent: Int) -> String {
        let pairs = fields.map { key, value -> String in
            let text: String
            switch value {
            case .string(let string): text = Self.string(string)
            case .bool(let flag): text = Self.string(flag ? "true" : "false")
            default: text = Self.string("")
            }
            return "\(Self.string(key)): \(text)"
        }
        return CodeLayout.items(pairs, open: "[", close: "]", indent: indent, width: 110)
    }

    static func list(_ items: [String], indent: Int) -> String {
        CodeLayout.items(items, open: "[", close: "]", indent: indent, width: 110)
    }

    static func camel(_ snake: String) -> String {
        let parts = snake.split(separator: "_")
        return (parts.first.map(String.init) ?? "v")
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `raw` → `RawSessionTests`; a name that already says session is not said twice
    /// (`session` → `SessionTests`, `ice-cream-session` → `IceCreamSessionTests`).
    static func typeName(_ name: String) -> String {
        let camel = Self.camel(TestPlan.variable(name))
        let type = camel.prefix(1).uppercased() + camel.dropFirst()
        return type + (type.hasSuffix("Session") ? "Tests" : "SessionTests")
    }

    /// The helpers every exported test has: what a device shows, as the plan reads it.
    static let helpers = """

            /// An entry as its device draws it: kind, sender's name, app, texts as rendered.
            static func drawn(_ entry: TranscriptEntryValue) -> [String: String] {
                var fields = ["kind": entry.kind, "from": entry.senderName]
                fields["app"] = entry.app
                fields["rendering"] = entry.rendering
                if let rendered = entry.rendered {
                    fields["caption"] = rendered.caption
                    fields["subcaption"] = rendered.subcaption
                    fields["trailingCaption"] = rendered.trailingCaption
                    fields["trailingSubcaption"] = rendered.trailingSubcaption
                    fields["imageTitle"] = rendered.imageTitle
                    fields["imageSubtitle"] = rendered.imageSubtitle
                    fields["summaryText"] = rendered.summaryText
                }
                fields["text"] = entry.text
                fields["file"] = entry.file?.filename
                if entry.expiring == true { fields["expiring"] = "true" }
                if entry.kept == true { fields["kept"] = "true" }
                return fields
            }

            /// What `device` shows of `conversation`, oldest first (the newest 50).
            static func shown(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> [[String: String]] {
                try Self.page(daemon, device, conversation).map(Self.drawn)
            }

            static func page(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> [TranscriptEntryValue] {
                try daemon.control(.transcript, TranscriptRequest(device: device, conversation: conversation), as: TranscriptResult.self).entries
            }

            struct Field: Equatable {
                var text: String
                var staged: [String: String]?
            }

            /// `device`'s input field in `conversation`: its text and staged item.
            static func field(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> Field {
                let field = try daemon.control(.inputField, InputFieldRequest(device: device, conversation: conversation), as: InputFieldResult.self)
                return Field(text: field.text, staged: field.staged.map(Self.drawn))
            }

            /// `actual` is `expected`, field by field: a difference names the entry, the field and both values.
            static func expectEntries(
                _ actual: [[String: String]], _ expected: [[String: String]], _ place: String, sourceLocation: SourceLocation = #_sourceLocation
            ) {
                #expect(actual.count == expected.count, "\\(place): how many entries are shown", sourceLocation: sourceLocation)
                for (index, (shown, wanted)) in zip(actual, expected).enumerated() {
                    for key in Set(shown.keys).union(wanted.keys).sorted() {
                        #expect(shown[key] == wanted[key], "\\(place), entry \\(index + 1) of \\(expected.count): \\(key)", sourceLocation: sourceLocation)
                    }
                }
            }

            /// The input field holds `text` and `staged`, field by field.
            static func expectField(
                _ actual: Field, text: String, staged: [String: String]?, _ place: String, sourceLocation: SourceLocation = #_sourceLocation
            ) {
                #expect(actual.text == text, "\\(place), input field: text", sourceLocation: sourceLocation)
                #expect((actual.staged == nil) == (staged == nil), "\\(place), input field: staged item \\(actual.staged.map { "\\($0)" } ?? "none")", sourceLocation: sourceLocation)
                if let shown = actual.staged, let staged {
                    for key in Set(shown.keys).union(staged.keys).sorted() {
                        #expect(shown[key] == staged[key], "\\(place), staged item: \\(key)", sourceLocation: sourceLocation)
                    }
                }
            }

            /// Every send or request refused so far: Apple's code and name.
            static func refusals(_ daemon: TestDaemon) throws -> [String] {
                try daemon.events().filter { ($0.kind == "sendRefused" || $0.kind == "requestRefused") && $0.code != nil }
                    .map { "\\($0.code ?? 0) \\($0.name ?? "")" }
            }

            /// The id of the entry at `index` of `device`'s view of `conversation` (ids differ between daemons).
            static func entry(_ daemon: TestDaemon, _ device: String, _ conversation: String, at index: Int) throws -> Int {
                try Self.page(daemon, device, conversation)[index].entry
            }

            static func message(_ daemon: TestDaemon, _ device: String, _ conversation: String, at index: Int) throws -> String {
                try Self.page(daemon, device, conversation)[index].messageID
            }

            /// The identifier `person` has as `device`'s install of `app` sees them.
            static func identifier(_ daemon: TestDaemon, _ person: String, device: String, app: String) throws -> String {
                try #require(try daemon.participants(device, app: app).participants.first { $0.person == person }).identifier
            }

        """
}
