import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Recording a session (PROTOCOL.md §7.2, docs/RECORDING.md) over a real daemon: what the
/// session file holds, what it leaves out, and the requests' errors.
@Suite(.serialized) struct RecordingTests {
    @Test func aRecordingHoldsTheWorldEachActionAndWhatItCaused() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            try daemon.control(.contact, ContactRequest(device: "john-iphone", person: TestDaemon.kate, name: "Katie"))
            let started = try daemon.control(.startRecording, Empty(), as: RecordingResult.self)
            #expect(started.recording && started.steps == 0)
            try daemon.advance(250)
            try daemon.open(on: "kate-iphone")
            _ = try daemon.transcript("kate-iphone")  // a read: no step
            try daemon.touch(
                "kate-iphone",
                payload: .object(["sends": .number(2), "caption": .string("Hi $\(try Self.identifier(daemon))")]))
            let stopped = try daemon.control(.stopRecording, Empty(), as: RecordingResult.self)
            #expect(!stopped.recording && stopped.steps == 3 && stopped.lines == 5)

            let session = try SessionReader.read(
                Array(try daemon.control.recordedSession().map { $0 + "\n" }.joined().utf8))
            let start = session.start
            #expect(start.format == "msghost-session" && start.version == 1 && start.clock == "manual")
            #expect(start.world.devices.map(\.id) == ["john-iphone", "kate-iphone"])
            #expect(start.world.installs.count == 2)
            #expect(start.contacts == [SessionContact(device: "john-iphone", person: TestDaemon.kate, name: "Katie")])
            #expect(start.participants.count == 2 && start.participants.allSatisfy { $0.participants.count == 2 })
            #expect(start.settings["interaction.windowMs"] == .number(5000))
            guard case .object(let manifest)? = start.apps.first else {
                Issue.record("no manifest")
                return
            }
            #expect(manifest["bundleID"] == .string("com.example.python-raw") && manifest["attachKey"] == nil)
            #expect(
                start.transcripts.map(\.device) == ["john-iphone", "kate-iphone"]
                    && start.transcripts.allSatisfy(\.entries.isEmpty))

            #expect(session.steps.map(\.command) == ["advanceClock", "open", "touch"])
            #expect(session.steps.map(\.time) == [0, 250, 250])
            let open = session.steps[1]
            #expect(
                open.body
                    == .object([
                        "device": .string("kate-iphone"), "conversation": .string("kate-john"),
                        "app": .string("com.example.python-raw"),
                    ]))
            guard case .object(let reply) = open.reply else {
                Issue.record("no reply")
                return
            }
            #expect(reply["status"] == .string("ok") && reply["instance"] == .string("i1"))
            #expect(
                open.callbacks.map(\.callback) == [
                    "willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear",
                ])
            #expect(open.callbacks.allSatisfy { $0.device == "kate-iphone" && $0.instance == "i1" })
            #expect(open.events.map(\.kind).contains("opened"))
            #expect(open.frames.contains { $0.direction == "in" && $0.type == "hello" })

            let touch = session.steps[2]
            #expect(touch.events.map(\.kind) == ["touch", "sent", "arrived", "arrived", "sendRefused"])
            let refusal = try #require(touch.events.last)
            #expect(refusal.code == 9 && refusal.name == "sendWithoutRecentInteraction")
            #expect(touch.callbacks.map(\.callback) == ["touch", "didStartSending"])
            // Each device's view, rendered with its owner's names: John calls Kate "Katie".
            #expect(touch.transcripts.map(\.device) == ["john-iphone", "kate-iphone"])
            let john = try #require(touch.transcripts.first?.entries.last)
            #expect(john.senderName == "Katie" && john.rendered?.caption == "Hi John Appleseed")
            #expect(session.end.steps == 3 && session.end.time == 250)
        }
    }

    @Test func theRecordingRequestsRefuseWhatDoesNotApply() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            func error(_ command: ControlCommand, _ body: some Encodable = Empty()) -> WireError? {
                do {
                    _ = try daemon.control(command, body)
                    return nil
                } catch {
                    return error as? WireError
                }
            }
            #expect(error(.recording)?.isControl(.notFound) == true)
            #expect(error(.stopRecording)?.isControl(.invalidState) == true)
            _ = try daemon.control(.startRecording, Empty(), as: RecordingResult.self)
            let twice = try #require(error(.startRecording))
            #expect(twice.isControl(.invalidState) && twice.description.contains("a recording is under way"))
            _ = try daemon.control(.stopRecording, Empty(), as: RecordingResult.self)
            #expect(error(.recording, RecordingLinesRequest(from: 3))?.isControl(.invalidRequest) == true)
            #expect(error(.recording, RecordingLinesRequest(limit: 0))?.isControl(.invalidRequest) == true)
            #expect(error(.recording, RecordingLinesRequest(limit: 10_001))?.isControl(.invalidRequest) == true)
            let page = try daemon.control(
                .recording, RecordingLinesRequest(from: 1, limit: 1), as: RecordingLinesResult.self)
            #expect(page.lines.count == 1 && page.from == 1 && page.total == 2 && !page.more)
        }
    }

    @Test func msghostctlRecordsIntoAFile() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let endpoint = ["--endpoint", daemon.control.endpoint]
            let start = try CommandRun(TestPaths.msghostctl, ["record", "start"] + endpoint)
            #expect(start.status == 0 && start.stdout.hasPrefix("recording since "), "\(start.stderr)")
            try daemon.open(on: "kate-iphone")
            try daemon.close("kate-iphone")
            let file = daemon.directory + "/session.jsonl"
            let stop = try CommandRun(TestPaths.msghostctl, ["record", "stop", "--output", file] + endpoint)
            #expect(stop.status == 0 && stop.stdout == "\(file): 2 steps, 4 lines\n", "\(stop.stderr)")
            let session = try SessionReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(session.steps.map(\.command) == ["open", "close"])
            #expect(
                session.steps[1].callbacks.map(\.callback) == [
                    "viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive",
                ])
            let again = try CommandRun(TestPaths.msghostctl, ["record", "stop"] + endpoint)
            #expect(again.status == 1 && again.stderr.contains("no recording is under way"))
        }
    }

    /// John's identifier as Kate's install sees him, for a `$<uuid>` caption.
    static func identifier(_ daemon: TestDaemon) throws -> String {
        try #require(try daemon.participants("kate-iphone").participants.first { $0.person == TestDaemon.john })
            .identifier
    }
}
