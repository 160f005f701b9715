import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Watching a real daemon (PROTOCOL.md §7.1): the wire tap, metrics, files and held messages.
@Suite(.serialized) struct ObservabilityTests {
    /// Taps the wire on a client of its own until `quiet` seconds pass with no frame; waits
    /// until the daemon counts the tap before returning.
    static func tap(_ daemon: TestDaemon, quiet: Double = 2) throws -> DetachedResult<[TapFrame]> {
        let frames = daemon.detached { client in
            var frames: [TapFrame] = []
            try client.tapFrames(timeout: quiet) {
                frames.append($0)
                return true
            }
            return frames
        }
        try daemon.eventually("the daemon counts the tap") {
            try Self.metrics(daemon).value("msghost_queue_depth", ["queue": "wiretap_subscribers"]) == 1
        }
        return frames
    }

    static func metrics(_ daemon: TestDaemon) throws -> PrometheusText {
        try PrometheusText(try daemon.control(.metrics, Empty(), as: MetricsResult.self).text)
    }

    @Test func theTapShowsEveryFrameInOrderWithRefusalsAndErrorReplies() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile), .pythonRaw(["--send-on", "viewDidAppear"])]) { daemon in
            let tapped = try Self.tap(daemon)

            // A real extension that sends before any touch: refused with Apple's code 9.
            try daemon.open(on: "john-iphone")
            // The test as an extension: hello, the cold start's callbacks, a bad signature.
            let openReply = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let probe = try ProbeExtension(environmentFile: envFile)
            let helloID = "probe-hello"
            try probe.send("hello", HelloBody(app: probe.app, pid: Int(getpid()), sdk: "probe"), id: helloID)
            #expect(try probe.receive().envelope.decodeBody(ReplyStatus.self).isOK)
            _ = try probe.acknowledge(4)
            _ = try openReply.value()
            let forged = try probe.send(
                "sendMessage", MessageRequestBody(instance: "i1", message: MessageValue()),
                key: Array("not-the-token".utf8))
            #expect(
                try probe.receive().envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.badSignature) == true)
            try daemon.settle()

            let frames = try tapped.value()
            #expect(frames.map(\.seq) == Array(1...frames.count), "every frame, numbered from 1")
            // Replies answer what came before them, the other way.
            for (index, frame) in frames.enumerated() where frame.type == ReplyType.name {
                let answered = frames[..<index].first { $0.id == frame.replyTo && $0.device == frame.device }
                #expect(
                    answered != nil && answered?.direction != frame.direction,
                    "\(frame.direction) reply to \(frame.replyTo ?? "-") answers an earlier frame the other way")
            }

            let kate = frames.filter { $0.app == "com.example.probe" }
            let hello = try #require(kate.first)
            #expect(
                hello.direction == "in" && hello.type == "hello" && hello.id == helloID && hello.device == "kate-iphone"
            )
            if case .object(let body)? = hello.body {
                #expect(body["app"] == .string("com.example.probe"))
            } else {
                Issue.record("hello's body is shown")
            }
            #expect(
                kate.dropFirst().first.map { ($0.direction, $0.type, $0.replyTo) } ?? ("", "", nil) == (
                    "out", "reply", helloID
                ))
            #expect(
                kate.filter { $0.direction == "out" && $0.type != "reply" }.prefix(4).map(\.type)
                    == ["willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear"])
            let bad = try #require(kate.first { $0.id == forged && $0.direction == "in" })
            #expect(
                bad.type == "sendMessage" && bad.error?.name == "badSignature"
                    && bad.error?.domain == "msghost.protocol")
            #expect(bad.pid != nil && bad.device == "kate-iphone", "the connection's process, once it is known")
            let badReply = try #require(kate.first { $0.replyTo == forged })
            #expect(badReply.direction == "out" && badReply.error?.name == "badSignature")

            let john = frames.filter { $0.device == "john-iphone" }
            #expect(john.first?.type == "hello" && john.first?.direction == "in")
            let send = try #require(john.first { $0.type == "sendMessage" })
            #expect(
                send.direction == "in" && send.error == nil,
                "a send refused by Messages' rules was read: its reply says why")
            let refusal = try #require(john.first { $0.replyTo == send.id })
            #expect(
                refusal.direction == "out" && refusal.error?.code == 9
                    && refusal.error?.name == "sendWithoutRecentInteraction")
            #expect(refusal.error?.domain == MessagesErrorCode.domain)

            // The same run, counted.
            let metrics = try Self.metrics(daemon)
            #expect(
                metrics.value("msghost_send_refusals_total", ["code": "9", "name": "sendWithoutRecentInteraction"]) == 1
            )
            #expect(metrics.value("msghost_sends_total") == 0)
            #expect(metrics.value("msghost_launches_total") == 2)
            #expect((metrics.value("msghost_callbacks_total", ["type": "willBecomeActive"]) ?? 0) == 2)
            #expect((metrics.value("msghost_callback_round_trip_seconds_count", ["type": "viewDidAppear"]) ?? 0) == 2)
            #expect(metrics.value("msghost_store_commit_seconds_count") == 0, "nothing here changed what is stored")
            #expect(metrics.value("msghost_queue_depth", ["queue": "callbacks_in_flight"]) == 0)
            #expect(metrics.types["msghost_callback_round_trip_seconds"] == "histogram")
            #expect(metrics.value("msghost_wiretap_frames_total") == Double(frames.count))
            #expect(daemon.isRunning)
        }
    }

    @Test func aTapThatLeftIsLetGoAndNobodyTappingCostsNoFrame() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            let first = try Self.tap(daemon, quiet: 0.5)
            try daemon.touch("kate-iphone")
            let firstFrames = try first.value()
            #expect(
                firstFrames.first.map { ($0.direction, $0.type) } ?? ("", "") == ("out", "touch"),
                "\(firstFrames.map(\.type))")
            // Its client is gone: the next message finds that out, and the tap goes.
            try daemon.eventually("the daemon lets the tap go") {
                try daemon.touch("kate-iphone")
                return try Self.metrics(daemon).value("msghost_queue_depth", ["queue": "wiretap_subscribers"]) == 0
            }
            // With nobody tapping, messages cross and not one frame is made.
            let shown = try #require(try Self.metrics(daemon).value("msghost_wiretap_frames_total"))
            try daemon.touch("kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["caption": .string("sent")]))
            #expect(try daemon.transcript("john-iphone").count >= 1)
            #expect(try Self.metrics(daemon).value("msghost_wiretap_frames_total") == shown)
            // A new tap continues the count.
            let second = try Self.tap(daemon, quiet: 0.5)
            try daemon.touch("kate-iphone")
            #expect(try second.value().first?.seq == Int(shown) + 1)
        }
    }

    @Test func metricsCountSendsCrashesAndTerminationsAndMsghostctlPrintsThem() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone")
            try daemon.close("kate-iphone")
            try daemon.control(.uninstallApp, DeviceAppRequest(device: "kate-iphone", app: "com.example.python-raw"))
            try daemon.eventually("the extension is gone") { try daemon.status().extensions.isEmpty }
            let metrics = try Self.metrics(daemon)
            #expect(metrics.value("msghost_sends_total") == 1)
            #expect(metrics.value("msghost_terminations_total", ["reason": "uninstalled"]) == 1)
            #expect(metrics.value("msghost_crashes_total") == 0)
            #expect(metrics.value("msghost_events_total", ["kind": "arrived"]) == 2)
            // The send (and the uninstall) were stored: one commit at least, timed.
            #expect((metrics.value("msghost_store_commit_seconds_count") ?? 0) >= 2)
            #expect((metrics.value("msghost_store_commit_seconds_sum") ?? 0) > 0)

            let ctl = try CommandRun(TestPaths.msghostctl, ["metrics", "--endpoint", daemon.control.endpoint])
            #expect(ctl.status == 0)
            #expect(try PrometheusText(ctl.stdout).value("msghost_sends_total") == 1)
        }
    }

    @Test func fileServesAStoredImageAndNothingElse() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: RenderingTests.app)]) { daemon in
            try RenderingTests.kateSendsLive(daemon, url: "https://example.com/topping")
            let entry = try #require(try daemon.transcript("john-iphone").first)
            let url = try #require(entry.message?.layout?.template.image?.url)
            let file = try daemon.control(.file, FileRequest(url: url), as: FileResult.self)
            let bytes = try #require(Data(base64Encoded: file.data))
            #expect(file.mimeType == "image/png" && file.size == bytes.count)
            #expect(
                Array(bytes)
                    == Array(try Data(contentsOf: URL(fileURLWithPath: String(url.dropFirst("file://".count))))))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))

            let storeDirectory = String(url.dropFirst("file://".count)).split(separator: "/").dropLast().joined(
                separator: "/")
            for outside in [
                "file:///etc/passwd", "file:///" + storeDirectory + "/../msghost.sqlite",
                "file://" + daemon.directory + "/state/msghost.sqlite", "https://example.com/x.png",
            ] {
                let refused = #expect(throws: WireError.self) {
                    try daemon.control(.file, FileRequest(url: outside), as: FileResult.self)
                }
                #expect(
                    refused?.isControl(.notFound) == true && refused?.description.contains(outside) == true,
                    "\(outside): \(String(describing: refused))")
            }

            let output = daemon.directory + "/fetched.png"
            let ctl = try CommandRun(
                TestPaths.msghostctl, ["file", url, "-o", output, "--endpoint", daemon.control.endpoint])
            #expect(ctl.status == 0, "\(ctl.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == bytes)
            #expect(daemon.isRunning)
        }
    }

    @Test func heldListsTheHeldMessagesForRelease() throws {
        try TestDaemon.with { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", hold: true))
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone")
            try daemon.touch("kate-iphone")
            let held = try daemon.control(.held, DeviceRequest(device: "john-iphone"), as: HeldResult.self).messages
            #expect(held.count == 2 && held.allSatisfy { $0.sender == TestDaemon.kate && $0.kind == "message" })
            let released = try daemon.control(
                .release, ReleaseRequest(device: "john-iphone", order: "reverse"), as: ReleaseResult.self
            ).released
            #expect(released == held.map(\.id).reversed())
            #expect(
                try daemon.control(.held, DeviceRequest(device: "john-iphone"), as: HeldResult.self).messages.isEmpty)
        }
    }
}
