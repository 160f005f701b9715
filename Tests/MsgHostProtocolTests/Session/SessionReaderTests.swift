import Foundation
import MsgHostProtocol
import Testing

/// A session file is read strictly (docs/RECORDING.md): whatever is not a whole session of this
/// version, with known keys, steps in order and actions naming what the world has, is refused
/// with its line and what is wrong.
@Suite struct SessionReaderTests {
    static let start =
        #"{"type":"session","format":"msghost-session","version":1,"startedAt":1000,"clock":"manual","settings":{"interaction.windowMs":5000},"apps":[],"world":{"people":[{"handle":"kate@example.com","name":"Kate Bell"}],"devices":[{"id":"kate-iphone","owner":"kate@example.com","platform":"ios17"}],"conversations":[{"id":"kate-john","members":["kate@example.com","john@example.com"]}],"installs":[{"device":"kate-iphone","app":"com.example.python-raw"}]},"participants":[],"contacts":[],"delivery":[],"transcripts":[]}"#

    static func step(
        _ number: Int, time: Int = 0, command: String = "close", body: String = #"{"device":"kate-iphone"}"#
    ) -> String {
        #"{"type":"step","step":\#(number),"time":\#(time),"command":"\#(command)","body":\#(body),"reply":{"status":"ok"},"events":[],"callbacks":[],"transcripts":[],"frames":[]}"#
    }

    static func end(_ steps: Int, time: Int = 0) -> String { #"{"type":"end","steps":\#(steps),"time":\#(time)}"# }

    static func read(_ lines: [String], newline: Bool = true) throws(SessionError) -> Session {
        try SessionReader.read(Array((lines.joined(separator: "\n") + (newline ? "\n" : "")).utf8))
    }

    static func refusal(_ lines: [String], newline: Bool = true) -> String {
        do {
            _ = try Self.read(lines, newline: newline)
            return "read"
        } catch {
            return error.description
        }
    }

    @Test func aWholeSessionIsRead() throws {
        let session = try Self.read([
            Self.start, Self.step(1, time: 5),
            Self.step(2, time: 5, command: "createDevice", body: #"{"id":"ipad","owner":"kate@example.com"}"#),
            Self.step(
                3, time: 9, command: "open",
                body: #"{"device":"ipad","conversation":"kate-john","app":"com.example.python-raw"}"#),
            Self.end(3, time: 10),
        ])
        #expect(session.steps.map(\.command) == ["close", "createDevice", "open"])
        #expect(session.start.world.devices.map(\.id) == ["kate-iphone"] && session.end.time == 10)
    }

    /// The explorer's end line names what it found (docs/EXPLORE.md); a key a finding does not
    /// have, or a kind that is none, is refused.
    @Test func anExplorersFindingsAreReadFromTheEndLine() throws {
        let end =
            #"{"type":"end","steps":1,"time":3,"findings":[{"kind":"stateLost","step":6,"device":"kate-iphone","app":"com.example.python-raw","detail":"it shows another screen","before":"text: a","after":"text: b"}]}"#
        let session = try Self.read([Self.start, Self.step(1), end])
        #expect(
            session.end.findings == [
                SessionFinding(
                    kind: .stateLost, step: 6, device: "kate-iphone", app: "com.example.python-raw",
                    detail: "it shows another screen", before: "text: a", after: "text: b")
            ])
        #expect(try Self.read([Self.start, Self.step(1), Self.end(1)]).end.findings == nil)
        let unknown = end.replacingOccurrences(of: #""before""#, with: #""screen""#)
        #expect(Self.refusal([Self.start, Self.step(1), unknown]).contains("unknown key \"screen\""))
        let kind = end.replacingOccurrences(of: "stateLost", with: "lostState")
        #expect(Self.refusal([Self.start, Self.step(1), kind]) != "read")
    }

    @Test func aTruncatedFileIsRefused() {
        let cut = String(Self.step(1).prefix(40))
        #expect(
            Self.refusal([Self.start, cut], newline: false)
                == "line 2: cut short (not whole JSON, and no newline after it): the file is truncated")
        #expect(Self.refusal([Self.start, Self.step(1)]) == "truncated: no end line after line 2 (the last step is 1)")
        #expect(
            Self.refusal([Self.start, Self.end(2)]).hasPrefix("line 2: the end line counts 2 steps, the file has 0"))
    }

    @Test func anotherVersionOrFormatIsRefused() {
        let v2 = Self.start.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
        #expect(Self.refusal([v2, Self.end(0)]) == "line 1: session format version 2; this build reads version 1 only")
        let other = Self.start.replacingOccurrences(of: "msghost-session", with: "har")
        #expect(
            Self.refusal([other, Self.end(0)])
                == "line 1: format is \"har\", not \"msghost-session\": not a msghost session")
        #expect(Self.refusal(["hello world"]).hasPrefix("line 1: not JSON: this is not a msghost session"))
        #expect(
            Self.refusal([])
                == "line 1: not JSON: this is not a msghost session (its first line is a JSON object of type \"session\")"
        )
    }

    @Test func aKeyWrittenTwiceIsRefused() {
        // JSONSerialization (the values) keeps the last "reply", JSONDecoder (the typed fields)
        // the first: the line would be read two ways. Found by the `session` fuzz target.
        let twice = Self.step(1).replacingOccurrences(
            of: #""reply":{"status":"ok"}"#, with: #""reply":{"status":"error"},"reply":{"status":"ok"}"#)
        #expect(
            Self.refusal([Self.start, twice, Self.end(1)])
                == "line 2: the key \"reply\" is written twice in one object (each key once: the line would read two ways)"
        )
        let nested = Self.step(1, body: #"{"device":"kate-iphone","dev\u0069ce":"x"}"#)
        #expect(
            Self.refusal([Self.start, nested, Self.end(1)]).hasPrefix("line 2: the key \"device\" is written twice"))
        let apart = Self.step(
            1, body: #"{"device":"kate-iphone","payload":[{"device":"a"},{"device":"b"}],"text":"\"device\":"}"#)
        #expect(
            Self.refusal([Self.start, apart, Self.end(1)]) == "read",
            "the same key in two objects, or in a string, is no repeat")
    }

    @Test func numbersAreReadAsTheRecorderWroteThem() throws {
        // The recorder writes a double in its shortest form; JSONSerialization (Swift 6.3, Linux)
        // reads this one a unit in the last place off. Found by the `session` fuzz target.
        let payload =
            #"{"device":"kate-iphone","payload":{"big":1.2345678450617285e+19,"n":0.1,"i":12345678450617283945,"t":true,"e":"1e5"}}"#
        let session = try Self.read([Self.start, Self.step(1, command: "touch", body: payload), Self.end(1)])
        guard case .object(let body) = session.steps[0].body, case .object(let values)? = body["payload"] else {
            Issue.record("no payload")
            return
        }
        #expect(values["big"] == .number(1.2345678450617285e+19) && values["n"] == .number(0.1))
        #expect(
            values["i"] == .number(12_345_678_450_617_283_945) && values["t"] == .bool(true)
                && values["e"] == .string("1e5"))
    }

    @Test func anUnknownActionIsRefused() {
        let refusal = Self.refusal([Self.start, Self.step(1, command: "frobnicate"), Self.end(1)])
        #expect(
            refusal.hasPrefix(
                "line 2: step 1: unknown action \"frobnicate\" (actions a session holds: activate, addMember,"))
        #expect(
            Self.refusal([Self.start, Self.step(1, command: "transcript"), Self.end(1)]).contains(
                "unknown action \"transcript\""))
    }

    @Test func anActionNamingWhatTheWorldLacksIsRefused() {
        let refusal = Self.refusal([Self.start, Self.step(1, body: #"{"device":"ghost-phone"}"#), Self.end(1)])
        #expect(
            refusal
                == "line 2: step 1 (close): device \"ghost-phone\" is not in the session's world (devices: kate-iphone)"
        )
        let conversation = Self.refusal([
            Self.start, Self.step(1, command: "send", body: #"{"device":"kate-iphone","conversation":"nope"}"#),
            Self.end(1),
        ])
        #expect(conversation.contains("conversation \"nope\" is not in the session's world (conversations: kate-john)"))
    }

    @Test func screensAtTheStartNameWhatTheWorldHas() throws {
        func start(_ screens: String) -> String {
            Self.start.replacingOccurrences(
                of: #""transcripts":[]}"#, with: #""transcripts":[],"screens":\#(screens)}"#)
        }
        let open =
            #"[{"device":"kate-iphone","showing":"kate-john","app":"com.example.python-raw","conversation":"kate-john","presentationStyle":"expanded"}]"#
        let session = try Self.read([start(open), Self.end(0)])
        #expect(
            session.start.screens?.first?.presentationStyle == .expanded
                && session.start.screens?.first?.app == "com.example.python-raw")
        #expect(
            Self.refusal([start(#"[{"device":"ghost-phone","showing":"kate-john"}]"#), Self.end(0)])
                == #"line 1: screens: device "ghost-phone" on ghost-phone is not in the session's world"#)
        #expect(
            Self.refusal([start(#"[{"device":"kate-iphone","app":"com.example.python-raw"}]"#), Self.end(0)])
                == "line 1: screens: kate-iphone: an app presented needs its conversation and presentationStyle, and they need an app"
        )
        #expect(
            Self.refusal([start(#"[{"device":"kate-iphone","zoom":2}]"#), Self.end(0)]).hasPrefix(
                #"line 1: session.screens[0]: unknown key "zoom""#))
    }

    @Test func unknownKeysAndBadNumbersAreRefused() {
        let extra = Self.step(1).replacingOccurrences(of: #""type":"step""#, with: #""type":"step","colour":"blue""#)
        #expect(
            Self.refusal([Self.start, extra, Self.end(1)]).hasPrefix(
                #"line 2: step: unknown key "colour"; known keys: body, callbacks,"#))
        let setting = Self.start.replacingOccurrences(of: "interaction.windowMs", with: "interaction.windowSeconds")
        #expect(
            Self.refusal([setting, Self.end(0)]).hasPrefix(
                #"line 1: settings: unknown key "interaction.windowSeconds""#))
        #expect(Self.refusal([Self.start, Self.step(2), Self.end(1)]) == "line 2: step 2 where step 1 was due")
        #expect(
            Self.refusal([Self.start, Self.step(1, time: 9), Self.step(2, time: 3), Self.end(2)]).contains(
                "time 3 is before the step before it"))
        #expect(
            Self.refusal([Self.start, Self.step(1, time: -1), Self.end(1)]).contains(
                "time -1 is before the step before it or over 100 years"))
        let big = Self.step(1).replacingOccurrences(of: #""step":1"#, with: #""step":1e30"#)
        #expect(Self.refusal([Self.start, big, Self.end(1)]).hasPrefix("line 2: step:"))
        #expect(Self.refusal([Self.start, Self.end(0), Self.end(0)]) == "line 3: a line after the end line")
    }
}
