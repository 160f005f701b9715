import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// `msghostctl replay` (docs/RECORDING.md): a session recorded on a real daemon, played on a
/// fresh one with today's extensions; exit 0 with none, 1 naming the first divergence, 2 for
/// a file that cannot be played.
@Suite(.serialized) struct ReplayTests {
    /// Records Kate opening the raw app and touching it for two sends (the second refused, 9)
    /// whose caption names John by Kate's install's identifier; John shows the conversation.
    static func record(_ daemon: TestDaemon) throws -> String {
        _ = try daemon.control(.startRecording, Empty(), as: RecordingResult.self)
        try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
        try daemon.advance(40)
        try daemon.open(on: "kate-iphone")
        try daemon.advance(1200)
        let john = try RecordingTests.identifier(daemon)
        try daemon.touch(
            "kate-iphone", payload: .object(["sends": .number(2), "caption": .string("A cone for $\(john)")]))
        try daemon.control(
            .typeText, TypeTextRequest(device: "john-iphone", conversation: daemon.conversation, text: "thanks"))
        try daemon.close("kate-iphone")
        try daemon.advance(600)
        _ = try daemon.control(.stopRecording, Empty(), as: RecordingResult.self)
        let file = daemon.directory + "/session.jsonl"
        try Data(try daemon.control.recordedSession().map { $0 + "\n" }.joined().utf8).write(
            to: URL(fileURLWithPath: file))
        return file
    }

    static func replay(_ arguments: [String]) throws -> CommandRun {
        try CommandRun(TestPaths.msghostctl, ["replay"] + arguments + ["--msghostd", TestPaths.msghostd])
    }

    @Test func aSessionReplaysWithoutDivergenceAndDivergesWhenTheAppChanges() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let file = try Self.record(daemon)
            let clean = try Self.replay([file])
            #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
            #expect(clean.stdout == "replayed 8 of 8 steps of \(file): no divergence\n")

            // Today's raw app also tries a send as it appears: refused (9) at step 3, on Kate's phone.
            let apps = daemon.directory + "/changed-apps"
            try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
            try """
            bundleID: com.example.python-raw
            displayName: Python Raw Example
            command: python3
            args: [app.py, --send-on, viewDidAppear]
            workingDirectory: \(TestPaths.repository)/examples/python-raw
            """.write(toFile: apps + "/python-raw.yaml", atomically: true, encoding: .utf8)
            let changed = try Self.replay([file, "--apps", apps])
            #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
            #expect(
                changed.stdout.hasPrefix("divergence at step 3 (open on kate-iphone, 40 ms): kate-iphone: event "),
                "\(changed.stdout)")
            #expect(
                changed.stdout.contains("now:      sendRefused of com.example.python-raw")
                    && changed.stdout.contains("9 sendWithoutRecentInteraction"),
                "\(changed.stdout)")
        }
    }

    @Test func replayUntilAStepLeavesTheDaemonRunning() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let file = try Self.record(daemon)
            let run = try Self.replay([file, "--until", "5"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stdout.hasPrefix("replayed 5 of 8 steps of \(file): no divergence\nthe daemon keeps running (pid "))
            let pid = try #require(run.stdout.split(separator: "pid ").last?.prefix { $0.isNumber }).description
            let endpoint = try #require(
                run.stdout.split(separator: "--endpoint ").dropFirst().first?.split(separator: " ").first
            ).description
            let files = try #require(run.stdout.split(separator: "(its files: ").last?.prefix { $0 != ")" }).description
            defer {
                kill(pid_t(pid) ?? 0, SIGTERM)
                try? FileManager.default.removeItem(atPath: files)
            }
            // The replay's daemon, as step 5 left it: Kate's touch sent one message to John.
            let client = try ControlClient(endpoint: endpoint)
            let john = try client.request(
                .transcript, TranscriptRequest(device: "john-iphone", conversation: daemon.conversation),
                as: TranscriptResult.self)
            #expect(john.entries.map { $0.rendered?.caption } == ["A cone for John Appleseed"])
            let status = try client.request(.status, as: StatusResult.self)
            #expect(status.daemon.clock == "manual" && status.extensions.map(\.device) == ["kate-iphone"])
        }
    }

    /// A recording begun with the app already open on Kate's phone and John showing the
    /// conversation starts its replay from the same screens; John's app, installed again
    /// during the recording, has new identifiers, which the replay renames as it does those
    /// of the start (Kate's caption names John by the new install's identifier).
    @Test func aRecordingBegunWithAnAppOpenAndAnInstallMadeDuringItReplays() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let (file, session) = try Self.recordWithAnInstall(daemon)
            #expect(
                session.start.screens == [
                    SessionScreen(
                        device: "john-iphone", showing: daemon.conversation, app: nil, conversation: nil,
                        presentationStyle: nil),
                    SessionScreen(
                        device: "kate-iphone", showing: daemon.conversation, app: Self.rawApp,
                        conversation: daemon.conversation, presentationStyle: .compact),
                ])
            #expect(
                session.steps[1].participants?.map(\.device) == ["john-iphone"],
                "the install's identifiers, in the step that made it")

            let run = try Self.replay([file])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stdout
                    == "replayed \(session.steps.count) of \(session.steps.count) steps of \(file): no divergence\n")
        }
    }

    static let rawApp = "com.example.python-raw"

    /// The session of the test above: begun with the app open on Kate's phone and John showing
    /// the conversation; John's app installed again during it, and Kate named in a caption by
    /// the new install's identifier.
    static func recordWithAnInstall(_ daemon: TestDaemon) throws -> (file: String, session: Session) {
        try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
        try daemon.open(on: "kate-iphone")
        try daemon.advance(1200)
        _ = try daemon.control(.startRecording, Empty(), as: RecordingResult.self)
        try daemon.control(.uninstallApp, DeviceAppRequest(device: "john-iphone", app: Self.rawApp))
        try daemon.control(.installApp, DeviceAppRequest(device: "john-iphone", app: Self.rawApp))
        try daemon.open(on: "john-iphone")
        try daemon.advance(100)
        let kate = try #require(
            try daemon.participants("john-iphone").participants.first { $0.person == TestDaemon.kate }
        ).identifier
        try daemon.touch("john-iphone", payload: .object(["caption": .string("A cone for $\(kate)")]))
        try daemon.touch("kate-iphone", payload: .object(["caption": .string("Thanks")]))
        _ = try daemon.control(.stopRecording, Empty(), as: RecordingResult.self)
        let lines = try daemon.control.recordedSession()
        let file = daemon.directory + "/open.jsonl"
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        return (file, try SessionReader.read(Array(lines.map { $0 + "\n" }.joined().utf8)))
    }

    @Test func filesThatCannotBePlayedAreRefusedWithTheReason() throws {
        let directory =
            FileManager.default.temporaryDirectory.path + "/msghost-replay-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let start = SessionReaderLines.start
        let cases: [(name: String, text: String, message: String)] = [
            (
                "truncated", start + "\n" + SessionReaderLines.step(1) + "\n",
                "truncated: no end line after line 2 (the last step is 1)"
            ),
            (
                "cut", start + "\n" + SessionReaderLines.step(1).prefix(30),
                "line 2: cut short (not whole JSON, and no newline after it): the file is truncated"
            ),
            (
                "version",
                start.replacingOccurrences(of: #""version":1"#, with: #""version":7"#) + "\n"
                    + SessionReaderLines.end(0) + "\n",
                "line 1: session format version 7; this build reads version 1 only"
            ),
            (
                "action",
                start + "\n" + SessionReaderLines.step(1, command: "teleport") + "\n" + SessionReaderLines.end(1)
                    + "\n",
                "line 2: step 1: unknown action \"teleport\""
            ),
            (
                "device",
                start + "\n" + SessionReaderLines.step(1, body: #"{"device":"ghost-phone"}"#) + "\n"
                    + SessionReaderLines.end(1) + "\n",
                "line 2: step 1 (close): device \"ghost-phone\" is not in the session's world (devices: kate-iphone)"
            ),
            ("not-a-session", "PK\u{3}\u{4} a zip file", "line 1: not JSON: this is not a msghost session"),
        ]
        for (name, text, message) in cases {
            let file = "\(directory)/\(name).jsonl"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let run = try Self.replay([file])
            #expect(run.status == 2, "\(name): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix("msghostctl: replay: \(file): \(message)"), "\(name): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let missing = try Self.replay([directory + "/none.jsonl"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read \(directory)/none.jsonl"))
    }
}

/// Lines of a small session by hand, for files that cannot be played.
enum SessionReaderLines {
    static let start =
        #"{"type":"session","format":"msghost-session","version":1,"startedAt":1000,"clock":"manual","settings":{},"apps":[],"world":{"people":[{"handle":"kate@example.com","name":"Kate Bell"}],"devices":[{"id":"kate-iphone","owner":"kate@example.com","platform":"ios17"}],"conversations":[],"installs":[]},"participants":[],"contacts":[],"delivery":[],"transcripts":[]}"#

    static func step(_ number: Int, command: String = "close", body: String = #"{"device":"kate-iphone"}"#) -> String {
        #"{"type":"step","step":\#(number),"time":0,"command":"\#(command)","body":\#(body),"reply":{"status":"ok"},"events":[],"callbacks":[],"transcripts":[],"frames":[]}"#
    }

    static func end(_ steps: Int) -> String { #"{"type":"end","steps":\#(steps),"time":0}"# }
}
