import Foundation
import MCP
import MsgHostMCP
import Testing

/// A tool's arguments are checked before anything reaches the daemon, each fault named: the
/// argument, and what was wrong with it (PROTOCOL.md §7's rules, and unknown keys refused).
@Suite struct ArgumentCheckTests {
    let open = ToolCatalog.named("open")!
    let delivery = ToolCatalog.named("delivery")!
    let activate = ToolCatalog.named("activate")!

    func problem(_ spec: ToolSpec, _ arguments: [String: Value]?) -> ArgumentError? {
        do {
            _ = try ArgumentCheck.check(arguments, tool: spec.name, parameters: spec.parameters)
            return nil
        } catch {
            return error
        }
    }

    @Test func goodArgumentsPassAsGiven() throws {
        let checked = try ArgumentCheck.check(
            ["device": "kate-iphone", "conversation": "kate-john", "app": "com.example.icecream"], tool: "open",
            parameters: self.open.parameters)
        #expect(checked == ["device": "kate-iphone", "conversation": "kate-john", "app": "com.example.icecream"])
    }

    @Test func aMissingArgumentIsNamed() {
        let error = self.problem(self.open, ["device": "kate-iphone", "app": "x"])
        #expect(error?.argument == "conversation")
        #expect(error?.description == "open: conversation: missing: this argument is required")
        #expect(self.problem(self.open, nil)?.argument == "device")
    }

    @Test func aPointIsAnObjectOfExactlyItsKeysEachNamedByItsPath() throws {
        let tap = ToolCatalog.named("tapScreen")!
        let drag: [String: Value] = [
            "device": "kate-iphone", "x": 10, "y": 20, "to": ["x": 30, "y": 40.5], "steps": 5,
        ]
        #expect(
            try ArgumentCheck.check(drag, tool: "tapScreen", parameters: tap.parameters)["to"] == [
                "x": 30.0, "y": 40.5,
            ])
        let cases: [(Value, String, String)] = [
            (["x": 30], "to.y", "missing: this argument is required"),
            (["x": -1, "y": 1], "to.x", "-1.0 is out of range (at least 0.0)"),
            (["x": 1, "y": "two"], "to.y", "expected a number, got the string \"two\""),
            (["x": 1, "y": 2, "z": 3], "to.z", "unknown argument (it takes x, y)"),
            ([1, 2], "to", "expected an object, got an array of 2"),
        ]
        for (to, argument, problem) in cases {
            var bad = drag
            bad["to"] = to
            let error = self.problem(tap, bad)
            #expect(error?.argument == argument && error?.problem == problem, "\(to): \(String(describing: error))")
        }
        var slow = drag
        slow["steps"] = 101
        #expect(self.problem(tap, slow)?.description == "tapScreen: steps: 101 is out of range (1 to 100)")
    }

    @Test func anUnknownKeyIsAnError() {
        let error = self.problem(
            self.open, ["device": "kate-iphone", "conversation": "c", "app": "x", "colour": "red"])
        #expect(error?.argument == "colour")
        #expect(error?.problem.contains("unknown argument (it takes device, conversation, app)") == true)
        #expect(self.problem(ToolCatalog.named("settle")!, ["x": 1])?.problem.contains("it takes no arguments") == true)
    }

    @Test func aWrongTypeIsNamedWithWhatCame() {
        #expect(
            self.problem(self.open, ["device": 5, "conversation": "c", "app": "x"])?.description
                == "open: device: expected a string, got the number 5")
        #expect(
            self.problem(self.open, ["device": "", "conversation": "c", "app": "x"])?.problem == "must not be empty")
        #expect(
            self.problem(self.delivery, ["device": "d", "hold": "yes"])?.problem
                == "expected true or false, got the string \"yes\"")
    }

    @Test func numbersAreIntegersWithinTheirRange() throws {
        #expect(
            self.problem(self.delivery, ["device": "d", "latencyMs": 2.5])?.problem == "expected an integer, got 2.5")
        #expect(
            self.problem(self.delivery, ["device": "d", "latencyMs": 1e20])?.problem == "expected an integer, got 1e+20"
        )
        #expect(
            self.problem(self.delivery, ["device": "d", "latencyMs": -1])?.problem
                == "-1 is out of range (0 to 86400000)")
        #expect(self.problem(self.delivery, ["device": "d", "latencyMs": 86_400_001])?.argument == "latencyMs")
        let clock = ToolCatalog.named("advanceClock")!
        #expect(
            self.problem(clock, ["milliseconds": .int(Int.max)])?.problem
                == "\(Int.max) is out of range (0 to 3155760000000)")
        // An integral number written with a fraction is that integer, as JSON does not tell them apart.
        #expect(
            try ArgumentCheck.check(
                ["device": "d", "latencyMs": 250.0], tool: "delivery", parameters: self.delivery.parameters)[
                    "latencyMs"] == .int(250))
    }

    @Test func nullIsLeftOutWhereTheSchemaAllowsIt() throws {
        let checked = try ArgumentCheck.check(
            ["device": "d", "latencyMs": nil, "hold": true], tool: "delivery", parameters: self.delivery.parameters)
        #expect(checked == ["device": "d", "hold": true])
        #expect(
            self.problem(self.open, ["device": nil, "conversation": "c", "app": "x"])?.problem
                == "expected a string, got null")
    }

    @Test func nestedValuesAreNamedByTheirPath() {
        let error = self.problem(
            self.activate,
            ["device": "d", "button": "b", "fields": ["note": .string(String(repeating: "x", count: 4097))]])
        #expect(error?.argument == "fields.note")
        #expect(error?.problem == "must be at most 4096 characters, got 4097")
        let members = self.problem(ToolCatalog.named("createConversation")!, ["members": ["a@x", 3]])
        #expect(members?.argument == "members[1]")
        #expect(
            self.problem(ToolCatalog.named("createConversation")!, ["members": ["a@x"]])?.problem
                == "needs at least 2 items, got 1")
        #expect(
            self.problem(ToolCatalog.named("release")!, ["device": "d", "order": "sideways"])?.problem
                == "expected one of \"sent\", \"reverse\", got the string \"sideways\"")
    }

    @Test func aPayloadMayBeAnyJSON() throws {
        let touch = ToolCatalog.named("touch")!
        for payload: Value in [["sends": 2], "tap", 3, [1, nil, ["deep": [true]]], nil] {
            #expect(
                try ArgumentCheck.check(
                    ["device": "d", "payload": payload], tool: "touch", parameters: touch.parameters)["payload"]
                    == payload)
        }
    }

    @Test func aDataURLStringStaysAString() throws {
        let typeText = ToolCatalog.named("typeText")!
        let text = "data:text/plain;base64,aGk="
        let decoded = try JSONDecoder().decode(Value.self, from: Data("\"\(text)\"".utf8))
        let checked = try ArgumentCheck.check(
            ["device": "d", "conversation": "c", "text": decoded], tool: "typeText", parameters: typeText.parameters)
        #expect(checked["text"]?.stringValue?.hasPrefix("data:text/plain") == true)
    }
}
