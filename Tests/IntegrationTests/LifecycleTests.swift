import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Callback order as an extension sees it, compared as whole sequences, and what happens to
/// the process around it.
@Suite(.serialized) struct LifecycleTests {
    @Test func coldStartAndCloseArriveInApplesOrderOneAtATime() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile)]) { daemon in
            let opening = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let probe = try ProbeExtension(environmentFile: envFile)
            _ = try probe.hello()
            // The next callback is sent only after the previous one is acknowledged.
            let first = try probe.receive()
            #expect(first.header.type == "willBecomeActive")
            #expect(try probe.isSilent(for: 0.2), "nothing more until willBecomeActive is acknowledged")
            try probe.send("reply", OKReply(Empty()), replyTo: first.header.id)
            let rest = try probe.acknowledge(3).map(\.type)
            #expect(
                ["willBecomeActive"] + rest == [
                    "willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear",
                ])
            let opened = try opening.value()
            #expect(opened.presentationStyle == .compact)

            let activation = try WireJSON.decode(ActivationBody.self, from: first.envelope.body)
            let katesView = try daemon.participants("kate-iphone", app: "com.example.probe")
            #expect(activation.conversation.localParticipantIdentifier == katesView.identifier(of: TestDaemon.kate))
            #expect(
                activation.conversation.remoteParticipantIdentifiers == [katesView.identifier(of: TestDaemon.john)!])
            #expect(activation.conversation.selectedMessage == nil)
            #expect(activation.presentationContext == .messages)

            let closing = Thread.detachedResult { try daemon.close("kate-iphone") }
            #expect(
                try probe.acknowledge(4).map(\.type) == [
                    "viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive",
                ])
            try closing.value()
            // Terminated aggressively once nothing is active: a notice, then signals.
            let notice = try probe.receive()
            #expect(notice.header.type == "terminate")
            #expect(try notice.envelope.decodeBody(TerminateBody.self).reason == "idle")
            try daemon.eventually("the probe process is gone") { try daemon.status().extensions.isEmpty }
            #expect(try daemon.events(kind: "terminated").count == 1)

            // Every body that crossed the wire, both ways, matches its schema.
            let validation = try probe.validateAgainstSchemas()
            #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        }
    }

    @Test func reinstallGivesAllNewIdentifiersForThatInstallOnly() throws {
        try TestDaemon.with { daemon in
            let before = try daemon.participants("kate-iphone")
            let johnBefore = try daemon.participants("john-iphone")
            _ = try daemon.control.request(
                .uninstallApp, DeviceAppRequest(device: "kate-iphone", app: "com.example.python-raw"), as: Empty.self)
            _ = try daemon.control.request(
                .installApp, DeviceAppRequest(device: "kate-iphone", app: "com.example.python-raw"),
                as: InstallResult.self)
            let after = try daemon.participants("kate-iphone")
            #expect(after.install.id != before.install.id)
            #expect(Set(after.participants.map(\.identifier)).isDisjoint(with: before.participants.map(\.identifier)))
            #expect(try daemon.participants("john-iphone") == johnBefore)
        }
    }

    @Test func acknowledgedSendsSurviveKillNine() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["caption": .string("one")]))
            try daemon.touch("kate-iphone", payload: .object(["caption": .string("two")]))
            let identifiers = try daemon.participants("john-iphone")
            let before = try daemon.transcript("john-iphone")
            #expect(before.count == 2)
            let extensionPID = try #require(try daemon.status().extensions.first?.pid)

            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()

            #expect(try daemon.transcript("john-iphone") == before)
            #expect(try daemon.participants("john-iphone") == identifiers)
            #expect(try daemon.status().extensions.isEmpty, "running processes do not survive a restart")
            _ = extensionPID
        }
    }

    @Test func daemonTellsSystemdReadyAndStopsItsExtensionsOnSIGTERM() throws {
        let listener = try NotifyListener()
        try TestDaemon.with(environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "200000"]) { daemon in
            let ready = try listener.receive(timeout: 10)
            #expect(ready.contains("READY=1"))
            #expect(ready.contains("MAINPID=\(daemon.pid)"))
            #expect(try listener.receive(timeout: 2).contains("WATCHDOG=1"), "the loop feeds the watchdog")

            try daemon.open(on: "kate-iphone")
            let extensionPID = try #require(try daemon.status().extensions.first?.pid)
            kill(daemon.pid, SIGTERM)
            #expect(daemon.waitForExit() == 0)
            #expect(kill(pid_t(extensionPID), 0) != 0, "the extension was stopped with the daemon")
            var sawStopping = false
            while let message = try? listener.receive(timeout: 0.2) {
                sawStopping = sawStopping || message.contains("STOPPING=1")
            }
            #expect(sawStopping)
        }
    }

    /// A daemon whose output nobody reads any more (the terminal or the program that started
    /// it went away, as the pipe of msghost-mcp's `--world` daemon when msghost-mcp is killed) is
    /// not killed by SIGPIPE at its next log line: it stops on SIGTERM as always, exit 0.
    @Test func aDaemonWhoseOutputIsGoneStillStopsCleanly() throws {
        let directory = "/tmp/msghost-pipe-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "log: {level: debug}\n".write(toFile: directory + "/msghostd.yaml", atomically: true, encoding: .utf8)
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.msghostd)
        process.arguments = [
            "--config", directory + "/msghostd.yaml", "--state-directory", directory + "/state", "--runtime-directory",
            directory + "/run",
        ]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: directory + "/run/control.sock") && Date() < deadline {
            usleep(10_000)
        }
        try #require(
            FileManager.default.fileExists(atPath: directory + "/run/control.sock"), "the daemon did not start")
        try output.fileHandleForWriting.close()
        try output.fileHandleForReading.close()
        kill(process.processIdentifier, SIGTERM)  // it logs that it stops, into the closed pipe
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}
