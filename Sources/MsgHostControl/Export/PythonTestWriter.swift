import MsgHostProtocol

/// A pytest module from a `TestPlan`: the `msghost_daemon` fixture on the session's world,
/// its apps and settings, each step through the Python SDK's `ControlClient`, and what each
/// device showed asserted after it.
public enum PythonTestWriter {
    /// The SDK method of each command, and its parameters by body key (in order).
    static let methods: [ControlCommand: (String, [(String, String)])] = [
        .createPerson: ("create_person", [("handle", "handle"), ("name", "name")]),
        .createDevice: (
            "create_device", [("id", "id"), ("owner", "owner"), ("platform", "platform"), ("model", "model")]
        ),
        .createConversation: ("create_conversation", [("members", "members"), ("id", "id")]),
        .installApp: ("install_app", [("device", "device"), ("app", "app")]),
        .uninstallApp: ("uninstall_app", [("device", "device"), ("app", "app")]),
        .addMember: ("add_member", [("conversation", "conversation"), ("person", "person")]),
        .removeMember: ("remove_member", [("conversation", "conversation"), ("person", "person")]),
        .contact: ("contact", [("device", "device"), ("person", "person"), ("name", "name")]),
        .open: ("open", [("device", "device"), ("conversation", "conversation"), ("app", "app")]),
        .close: ("close", [("device", "device")]),
        .touch: ("touch", [("device", "device"), ("payload", "payload")]),
        .activate: ("activate", [("device", "device"), ("button", "button"), ("fields", "fields")]),
        .tap: ("tap", [("device", "device"), ("conversation", "conversation"), ("entry", "entry")]),
        .chevron: ("chevron", [("device", "device")]),
        .show: ("show", [("device", "device"), ("conversation", "conversation")]),
        .typeText: ("type_text", [("device", "device"), ("conversation", "conversation"), ("text", "text")]),
        .send: ("send", [("device", "device"), ("conversation", "conversation")]),
        .cancel: ("cancel", [("device", "device"), ("conversation", "conversation")]),
        .keep: ("keep", [("device", "device"), ("conversation", "conversation"), ("entry", "entry")]),
        .delivery: ("delivery", [("device", "device"), ("latencyMs", "latency_ms"), ("hold", "hold")]),
        .release: ("release", [("device", "device"), ("order", "order"), ("messages", "messages")]),
        .advanceClock: ("advance_clock", [("milliseconds", "milliseconds")]),
        .reset: ("reset", [("device", "device"), ("app", "app")]),
        .memoryPressure: ("memory_pressure", [("device", "device"), ("app", "app"), ("level", "level")]),
        .stickers: ("stickers", [("device", "device")]),
        .chooseSticker: ("choose_sticker", [("device", "device"), ("sticker", "sticker"), ("onto", "onto")]),
        .openParentApp: ("open_parent_app", [("device", "device"), ("app", "app")]),
        .closeParentApp: ("close_parent_app", [("device", "device")]),
        .compose: ("compose", [("device", "device"), ("action", "action")]),
    ]

    /// The module. `directory`: the absolute folder it will be written to, so that it finds
    /// the apps relative to itself (nil when unknown, for standard output or a download: it
    /// then finds them where they were recorded, unless told otherwise).
    public static func write(_ plan: TestPlan, directory: String? = nil) -> String {
        let root = AppRoot(plan.start.apps)
        var out = """
            \"\"\"\(plan.name): a test made by `msghostctl export-test --python` from \(plan.source) (\(plan.steps.count) steps).

            Each step is what the user or the admin did, on the manual clock at the time it was
            recorded; the assertions after it are what each device showed then: its entries as
            drawn (names rendered with that device's contacts), its input field, and the sends
            and requests refused, by Apple's code and name. A difference is named field by field.

            The `msghost_daemon` fixture comes from the msghost SDK's pytest plugin, which pytest
            loads by itself once the SDK is installed (`pip install msghost`). With the SDK from a
            checkout instead, name the plugin:
                PYTHONPATH=python/src python3 -m pytest -p msghost.pytest_plugin THIS_FILE
            msghostd is found through $MSGHOSTD, else on PATH (docs/getting-started-python.md).
            \"\"\"
            import os
            from pathlib import Path

            import pytest

            from msghost.assertions import assert_entries, assert_field
            from msghost.errors import ControlError
            from msghost.testing import App\n\n
            """
        if let root {
            let found =
                directory.map { "Path(__file__).resolve().parent / \(self.string(root.path(from: $0)))" }
                ?? self.string(root.path)
            out += """
                # The folder that holds the apps (recorded in \(root.path)): found relative to this
                # file; set MSGHOST_APP_ROOT to it to run this test from elsewhere.
                APP_ROOT = Path(os.environ.get("MSGHOST_APP_ROOT") or \(found)).resolve()\n\n
                """
        }
        out += """
            WORLD = \(self.literal(Self.world(plan.start.world), indent: 0))

            APPS = [\n
            """
        for manifest in plan.start.apps {
            out += "    " + Self.app(manifest, root: root) + ",\n"
        }
        out += "]\n\nSETTINGS = \(self.literal(.object(plan.start.settings), indent: 0))\n"
        out += """

            TEXTS = ("caption", "subcaption", "trailingCaption", "trailingSubcaption", "imageTitle", "imageSubtitle", "summaryText")


            def drawn(entry):
                \"\"\"An entry as its device draws it: kind, sender's name, app, texts as rendered.\"\"\"
                fields = {"kind": entry["kind"], "from": entry["senderName"]}
                for key in ("app", "rendering"):
                    if entry.get(key) is not None:
                        fields[key] = entry[key]
                rendered = entry.get("rendered") or {}
                for key in TEXTS:
                    if rendered.get(key) is not None:
                        fields[key] = rendered[key]
                if entry.get("text") is not None:
                    fields["text"] = entry["text"]
                if entry.get("file"):
                    fields["file"] = entry["file"]["filename"]
                if entry.get("expiring"):
                    fields["expiring"] = True
                if entry.get("kept"):
                    fields["kept"] = True
                return fields


            def shown(control, device, conversation):
                \"\"\"What `device` shows of `conversation`, oldest first (the newest 50).\"\"\"
                return [drawn(entry) for entry in control.transcript(device, conversation)]


            def field(control, device, conversation):
                \"\"\"`device`'s input field in `conversation`: its text and staged item.\"\"\"
                current = control.input_field(device, conversation)
                return {"text": current["text"], "staged": drawn(current["staged"]) if current.get("staged") else None}


            def refusals(control):
                \"\"\"Every send or request refused so far: Apple's code and name.\"\"\"
                return [f"{event['code']} {event['name']}" for event in control.events()
                        if event["kind"] in ("sendRefused", "requestRefused") and event.get("code") is not None]


            def test_\(TestPlan.variable(plan.name))(msghost_daemon):
                daemon = msghost_daemon(apps=APPS, world=WORLD, clock="manual", settings=SETTINGS)
                control = daemon.control\n
            """
        for contact in plan.start.contacts {
            out +=
                "    control.contact(\(self.string(contact.device)), \(self.string(contact.person)), \(self.string(contact.name)))\n"
        }
        for rule in plan.start.delivery {
            out +=
                "    control.delivery(\(self.string(rule.device)), latency_ms=\(rule.latencyMs), hold=\(rule.hold ? "True" : "False"))\n"
        }
        out += Self.lookUp(plan.identifiers)
        for step in plan.steps { out += "\n" + Self.step(step) }
        return out
    }

    /// The lines that look up identifiers the steps name, by whose they are.
    static func lookUp(_ identifiers: [TestPlan.Identifier]) -> String {
        identifiers.map { identifier in
            "    \(identifier.variable) = control.identifier(\(self.string(identifier.device)), \(self.string(identifier.app)), \(self.string(identifier.person)))\n"
        }.joined()
    }

    static func step(_ step: TestPlan.Step) -> String {
        var out =
            step.number == 0
            ? "    # Before the recording began: \(step.summary).\n"
            : "    # Step \(step.number) (\(step.time) ms): \(step.summary).\n"
        let call = Self.call(step)
        if step.command == .advanceClock && step.refusal != nil {
            // Refused on the recording's system clock; this test's clock is manual: time passes.
            if step.then > 0 { out += "    control.advance_clock(\(step.then))\n" }
            return out
        }
        if let refusal = step.refusal {
            out += "    with pytest.raises(ControlError) as refused:\n        \(call)\n"
            out +=
                "    assert (refused.value.domain, refused.value.name) == (\(self.string(refusal.domain)), \(self.string(refusal.name)))\n"
        } else if step.outcome.isEmpty {
            out += "    \(call)\n"
        } else {
            out += "    reply = \(call)\n"
            for (key, value) in step.outcome {
                out += "    assert reply[\(self.string(key))] == \(self.string(value))\n"
            }
        }
        out += Self.lookUp(step.identifiers)
        if step.then > 0 && step.command != .advanceClock
            || step.command == .advanceClock && step.then > Self.milliseconds(step)
        {
            out +=
                "    control.advance_clock(\(step.command == .advanceClock ? step.then - Self.milliseconds(step) : step.then))\n"
        }
        guard !step.views.isEmpty || step.refusals != nil else { return out }
        out += "    control.settle()\n"
        for view in step.views {
            let (device, conversation) = (self.string(view.device), self.string(view.conversation))
            let slice = view.fullPage ? "[-\(view.entries.count):]" : ""
            let place = self.string("\(view.device) in \(view.conversation)")
            out +=
                "    assert_entries(shown(control, \(device), \(conversation))\(slice), \(self.list(view.entries.map { self.ordered($0) }, indent: 4)), \(place))\n"
            let staged = view.staged.map { self.ordered($0) } ?? "None"
            out +=
                "    assert_field(field(control, \(device), \(conversation)), \(self.string(view.text)), \(staged), \(place))\n"
        }
        if let refusals = step.refusals {
            out += "    assert refusals(control) == \(self.list(refusals.map(self.string), indent: 4))\n"
        }
        return out
    }

    /// How far an `advanceClock` step itself moves the clock.
    static func milliseconds(_ step: TestPlan.Step) -> Int64 {
        for (key, argument) in step.arguments where key == "milliseconds" {
            if case .value(.number(let value)) = argument { return Int64(value) }
        }
        return 0
    }

    static func call(_ step: TestPlan.Step) -> String {
        let given = Dictionary(step.arguments, uniquingKeysWith: { first, _ in first })
        if let (method, parameters) = Self.methods[step.command], Set(given.keys).isSubset(of: Set(parameters.map(\.0)))
        {
            let arguments = parameters.compactMap { key, parameter in
                given[key].map { "\(parameter)=\(self.argument($0))" }
            }
            return "control.\(method)(\(arguments.joined(separator: ", ")))"
        }
        let body = step.arguments.map { "\(self.string($0.0)): \(self.argument($0.1))" }.joined(separator: ", ")
        return "control.request(\(self.string(step.command.rawValue)), {\(body)})"
    }

    static func argument(_ argument: TestPlan.Argument) -> String {
        switch argument {
        case .value(let value): return self.literal(value, indent: 4)
        case .renamed(let value): return self.literal(value, indent: 4)
        case .entry(let device, let conversation, let index):
            return "control.transcript(\(self.string(device)), \(self.string(conversation)))[\(index)][\"entry\"]"
        case .messages(let places):
            return "["
                + places.map {
                    "control.transcript(\(self.string($0.device)), \(self.string($0.conversation)))[\($0.index)][\"messageID\"]"
                }.joined(separator: ", ") + "]"
        }
    }

    // MARK: Python literals

    /// A string literal (JSON's escapes are Python's), or, for a string holding identifier
    /// markers (`TestPlan.rename`), the literal parts joined with the variables.
    static func string(_ text: String) -> String {
        guard text.contains("\u{0}") else { return String(decoding: WireJSON.encode(text), as: UTF8.self) }
        let parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).enumerated().compactMap {
            index, part -> String? in
            if index % 2 == 1 { return String(part) }
            return part.isEmpty ? nil : String(decoding: WireJSON.encode(String(part)), as: UTF8.self)
        }
        return parts.joined(separator: " + ")
    }

    static func literal(_ value: JSONValue, indent: Int) -> String {
        switch value {
        case .null: return "None"
        case .bool(let flag): return flag ? "True" : "False"
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .string(let text): return self.string(text)
        case .array(let items): return self.list(items.map { self.literal($0, indent: indent + 4) }, indent: indent)
        case .object(let fields): return self.ordered(fields.sorted { $0.key < $1.key }, indent: indent)
        }
    }

    static func ordered(_ fields: [(String, JSONValue)], indent: Int = 8) -> String {
        let items = fields.map { "\(self.string($0.0)): \(self.literal($0.1, indent: indent + 4))" }
        return CodeLayout.items(items, open: "{", close: "}", indent: indent, width: 100)
    }

    static func list(_ items: [String], indent: Int) -> String {
        CodeLayout.items(items, open: "[", close: "]", indent: indent, width: 100)
    }

    /// The seed the fixture writes as config/world.yaml.
    static func world(_ world: SessionWorld) -> JSONValue {
        .object([
            "people": .array(world.people.map { .object(["handle": .string($0.handle), "name": .string($0.name)]) }),
            "devices": .array(
                world.devices.map {
                    .object([
                        "id": .string($0.id), "owner": .string($0.owner), "platform": .string($0.platform.rawValue),
                        "model": .string($0.model.rawValue),
                    ])
                }),
            "conversations": .array(
                world.conversations.map {
                    .object(["id": .string($0.id), "members": .array($0.members.map(JSONValue.string))])
                }),
            "installs": .array(world.installs.map { .object(["device": .string($0.device), "app": .string($0.app)]) }),
        ])
    }

    /// An app as `msghost.testing.App`: its manifest's keys as the class names them, the
    /// rest in `manifest`; paths under `root` as paths under `APP_ROOT`.
    static func app(_ manifest: JSONValue, root: AppRoot?) -> String {
        guard case .object(var fields) = manifest else { return "None" }
        var arguments: [String] = []
        for (key, parameter) in [
            ("bundleID", "bundle_id"), ("command", "command"), ("args", "args"),
            ("workingDirectory", "working_directory"),
            ("contexts", "contexts"), ("env", "env"), ("displayName", "display_name"),
        ] {
            if let value = fields.removeValue(forKey: key) {
                arguments.append("\(parameter)=\(self.path(value, root: root))")
            }
        }
        if !fields.isEmpty { arguments.append("manifest=\(self.literal(.object(fields), indent: 8))") }
        return "App(" + arguments.joined(separator: ", ") + ")"
    }

    /// A value of a manifest: an absolute path under `root` (or a list of them) as
    /// `str(APP_ROOT / "examples/python-raw")`, anything else as it is.
    static func path(_ value: JSONValue, root: AppRoot?) -> String {
        switch value {
        case .string(let text):
            guard let root, text.hasPrefix("/"), let relative = root.relative(text) else {
                return self.literal(value, indent: 8)
            }
            return relative.isEmpty ? "str(APP_ROOT)" : "str(APP_ROOT / \(self.string(relative)))"
        case .array(let items):
            return self.list(items.map { self.path($0, root: root) }, indent: 8)
        default:
            return self.literal(value, indent: 8)
        }
    }
}
