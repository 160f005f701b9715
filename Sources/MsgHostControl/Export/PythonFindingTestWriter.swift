import Foundation
import MsgHostProtocol

/// A pytest module from the session of an explorer's finding (`end.findings`): the steps the
/// explorer shrank it to, taken as the explorer took them (an action the daemon refuses is
/// passed over, a callback that hangs meets its deadline on the manual clock), and after each
/// the assertion that the finding does not happen — no event of its kind from the app, the same
/// screen on a cold relaunch, the user's invariants holding. Unlike a recording's test, it does
/// not assert what the devices showed: it fails on the app as it is and passes once the bug is
/// fixed, whatever else the fix changes.
public enum PythonFindingTestWriter {
    public static func write(_ plan: TestPlan, findings: [SessionFinding], directory: String?) -> String {
        let full = PythonTestWriter.write(plan, directory: directory)
        // The recording's module up to its test function: the world, the apps, the settings.
        let head = full.range(of: "\ndef drawn(entry):").map { String(full[..<$0.lowerBound]) } ?? full
        let found = findings.map {
            "    \($0.kind.rawValue) at step \($0.step)\($0.app.map { " — \($0)" } ?? "")\($0.device.map { " on \($0)" } ?? ""): \($0.detail)"
        }
        var out = head.replacingOccurrences(
            of: "from msghost.errors import ControlError\n",
            with: "from msghost.errors import ControlError, TransportError\n"
        ).replacingOccurrences(
            of:
                "Each step is what the user or the admin did, on the manual clock at the time it was\nrecorded; the assertions after it are what each device showed then: its entries as\ndrawn (names rendered with that device's contacts), its input field, and the sends\nand requests refused, by Apple's code and name. A difference is named field by field.",
            with:
                "The steps `msghostctl explore` shrank a finding to:\n\(found.joined(separator: "\n"))\nEach is taken as the explorer took it; after each, the test asserts that the finding\ndoes not happen. It fails on the app as it was explored and passes once the bug is fixed."
        )
        let invariants = findings.compactMap(\.invariants).first
        out += """

            # The events that are findings, by kind (docs/EXPLORE.md).
            FINDINGS = \(PythonTestWriter.literal(.object(Dictionary(uniqueKeysWithValues: SessionFinding.Kind.events.map { ($0.key.rawValue, JSONValue.string($0.value.rawValue)) })), indent: 0))
            INVARIANTS = \(invariants.map { PythonTestWriter.string($0) } ?? "None")


            def attempt(action):
                \"\"\"The user's action; one Messages refuses (the app is not open, the bubble is gone) is
                passed over, as the explorer did.\"\"\"
                try:
                    return action()
                except (ControlError, TransportError, IndexError):
                    return None


            def settle(control, response_timeout_ms=10000):
                \"\"\"Waits for what the step caused; a callback that does not answer meets its deadline
                on the manual clock (the daemon then ends the app as unresponsive).\"\"\"
                advance = response_timeout_ms + 1
                for _ in range(4):
                    try:
                        return control.request("settle", {}, timeout=5)
                    except TransportError:
                        control.advance_clock(advance)
                        advance *= 2
                return control.settle(timeout=60)


            def no_finding(control, seen, step):
                \"\"\"Fails when the events since `seen` hold a finding; the next event's number.\"\"\"
                events = control.events_page(seen)
                found = [f"{event['kind']} {event.get('name') or ''} {event.get('detail') or ''}".strip() for event in events["events"]
                         if event["kind"] in FINDINGS or (event["kind"], event.get("name")) == ("terminated", "exited by itself")]
                assert not found, f"step {step}: {found}"
                return events["next"]


            def screen_lines(elements, indent=""):
                \"\"\"A view as text, one element a line (as `msghostctl view` and the explorer show it).\"\"\"
                lines = []
                for element in elements:
                    kind = element.get("type")
                    if kind == "text":
                        style = f" ({element['style']})" if element.get("style") else ""
                        lines.append(f"{indent}text{style}: {element.get('text', '')}")
                    elif kind == "button":
                        lines.append(f"{indent}[{element.get('title', '')}] button {element.get('id')}")
                    elif kind == "textField":
                        lines.append(f"{indent}text field {element.get('id')}: \\"{element.get('text') or ''}\\"")
                    elif kind == "row":
                        lines.append(f"{indent}row:")
                        lines += screen_lines(element.get("elements", []), indent + "  ")
                    elif kind == "screen":
                        lines += [f"{indent}  [{item.get('label', '')}] {item.get('role')}" for item in element.get("items", [])]
                    else:
                        lines.append(f"{indent}{kind} {element.get('id', '')}")
                return lines


            def screen(control, device, conversation):
                \"\"\"What a person sees of the app on `device`: its view and what is staged.\"\"\"
                view = (control.view(device).get("view") or {}).get("elements", [])
                staged = control.input_field(device, conversation).get("staged")
                caption = ((staged or {}).get("rendered") or {}).get("caption") or (staged or {}).get("text") or (staged or {}).get("kind")
                return "\\n".join(screen_lines(view) + [f"staged: {caption or 'nothing'}"])


            def world(control, step):
                \"\"\"The world as every device shows it, for the invariants (as the explorer gives it).\"\"\"
                devices = {}
                state = control.world()
                for device in state["devices"]:
                    view = control.view(device["id"])
                    conversations = {}
                    for conversation in state["conversations"]:
                        if device["owner"] in conversation["members"]:
                            conversations[conversation["id"]] = {
                                "transcript": control.transcript(device["id"], conversation["id"], limit=20),
                                "field": control.input_field(device["id"], conversation["id"]),
                            }
                    text = "\\n".join(screen_lines((view.get("view") or {}).get("elements", [])))
                    devices[device["id"]] = {"view": view, "screen": text, "conversations": conversations}
                return {"step": step, "devices": devices}


            def check_invariants(control, step):
                if INVARIANTS is None:
                    return
                import importlib.util
                spec = importlib.util.spec_from_file_location("msghost_invariants", INVARIANTS)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                state = world(control, step)
                for name in sorted(vars(module)):
                    if name.startswith("invariant_") and callable(getattr(module, name)):
                        assert getattr(module, name)(state) is not False, f"step {step}: {name} returned False"


            def test_\(TestPlan.variable(plan.name))(msghost_daemon):
                daemon = msghost_daemon(apps=APPS, world=WORLD, clock="manual", settings=SETTINGS)
                control = daemon.control
                seen = control.events_page()["next"]
                shown = {}\n
            """
        // A screen lost across a termination: the last open of its device compared with the
        // open before it in the same conversation.
        let lost = findings.filter { $0.kind == .stateLost }.compactMap(\.device)
        func place(_ step: TestPlan.Step) -> (device: String, conversation: String)? {
            var device: String?
            var conversation: String?
            for (key, argument) in step.arguments {
                guard case .value(.string(let value)) = argument else { continue }
                if key == "device" { device = value }
                if key == "conversation" { conversation = value }
            }
            guard step.command == .open, let device, let conversation, lost.contains(device) else { return nil }
            return (device, conversation)
        }
        let lastOpen = Dictionary(
            plan.steps.compactMap { step in place(step).map { ($0.device, step.number) } },
            uniquingKeysWith: { _, last in last })
        var opened: [String: Int] = [:]
        for step in plan.steps where step.number > 0 {
            let call = PythonTestWriter.call(step)
            out += "\n    # Step \(step.number): \(step.summary).\n"
            out += "    attempt(lambda: \(call))\n"
            out += "    settle(control)\n"
            out += "    seen = no_finding(control, seen, \(step.number))\n"
            if let place = place(step) {
                let key = "\(place.device) \(place.conversation)"
                out +=
                    "    shown[\(step.number)] = screen(control, \(PythonTestWriter.string(place.device)), \(PythonTestWriter.string(place.conversation)))\n"
                if let before = opened[key], lastOpen[place.device] == step.number {
                    out +=
                        "    assert shown[\(step.number)] == shown[\(before)], \"opened again after its process was ended, the app shows another screen\"\n"
                }
                opened[key] = step.number
            }
            out += "    check_invariants(control, \(step.number))\n"
        }
        return out
    }
}
