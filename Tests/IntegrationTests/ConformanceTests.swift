import Foundation
import MsgHostTesting
import Testing

/// The conformance kit (conformance/README.md): every extension client against one scenario
/// list, and a deliberately broken client that the kit must fail with clear messages.
@Suite struct ConformanceTests {
    static let kit = TestPaths.repository + "/conformance/kit.py"

    /// The SDK clients that exist in this checkout, as kit arguments, and a note for each one
    /// that does not (yet).
    static func sdkClients() -> (arguments: [String], notes: [String]) {
        var arguments: [String] = []
        var notes: [String] = []
        let python = TestPaths.repository + "/conformance/clients/python_sdk.py"
        if FileManager.default.fileExists(atPath: python) {
            arguments += ["--client", "python-sdk"]
        } else {
            notes.append("note: conformance/clients/python_sdk.py does not exist yet: the Python SDK is not checked")
        }
        // ConformanceClient is built next to msghostd (the same `swift build`).
        let swift = URL(fileURLWithPath: TestPaths.msghostd).deletingLastPathComponent().appendingPathComponent(
            "ConformanceClient"
        ).path
        if FileManager.default.isExecutableFile(atPath: swift) {
            arguments += ["--client", "swift-sdk", "--swift-client", swift]
        } else {
            notes.append("note: \(swift) does not exist yet: the Swift SDK is not checked")
        }
        return (arguments, notes)
    }

    @Test func everyClientPassesTheKit() throws {
        let (sdkArguments, notes) = Self.sdkClients()
        let bodies = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-bodies-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: bodies) }
        let run = try CommandRun(
            "/usr/bin/env", ["python3", Self.kit, "--client", "raw"] + sdkArguments + ["--dump-bodies", bodies])
        print((notes + [run.stdout, run.stderr]).filter { !$0.isEmpty }.joined(separator: "\n"))
        #expect(run.status == 0, "the conformance kit failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("msghost conformance scorecard"), "no scorecard:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("CONFORMANCE PASSED"))

        // What the kit played and what the clients said match docs/schema.
        let check = try CommandRun(
            "/usr/bin/env", ["python3", TestPaths.repository + "/scripts/check-schemas.py", "--bodies", bodies])
        #expect(
            check.status == 0,
            "bodies of the conformance run do not match their schemas:\n\(check.stdout)\n\(check.stderr)")
    }

    @Test func theKitFailsTheBrokenClientAndSaysWhy() throws {
        let broken = TestPaths.repository + "/conformance/clients/broken.py"
        let run = try CommandRun("/usr/bin/env", ["python3", Self.kit, "--command", "python3", broken])
        print(run.stdout + run.stderr)
        #expect(run.status == 1, "the kit passed a broken client:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("CONFORMANCE FAILED"))
        // One line per failure, naming what was wrong.
        let expected = [
            "broken.py · bad-signature · step 11 (silence after badSignature): bad signature: the client answered a message signed with a wrong key (not its token) (it must drop it)",
            "broken.py · wrong-token · step 11 (silence after wrongKey): wrong token: the client answered a message signed with another launch's token (it must drop it)",
            "broken.py · replay · step 11 (silence after replay): replay: the client answered a replayed message",
            "broken.py · malformed-json · step 11 (silence after badHeaderJson): malformed JSON: the client died (exit status 1) on a correctly signed message whose header is not JSON (it must drop it and carry on); stderr: json.decoder.JSONDecodeError",
            "broken.py · send-after-touch · step 11 (sendMessage request): the client acknowledged touch before its handler sent sendMessage",
        ]
        for line in expected {
            #expect(run.stdout.contains(line), "the scorecard does not say: \(line)")
        }
        // What it does right still passes: the kit blames only the defects.
        let rows = run.stdout.split(separator: "\n")
        for scenario in ["hello", "cold-start-order", "lifecycle-order", "unknown-callback", "terminate"] {
            #expect(
                rows.contains { $0.hasPrefix(scenario + " ") && $0.contains("✔") },
                "\(scenario) should pass for broken.py")
        }
    }

    @Test func eachDefectAloneIsCaught() throws {
        let broken = TestPaths.repository + "/conformance/clients/broken.py"
        // defect: the scenario that catches it, and what the scorecard says.
        let caught = [
            (
                "no-verify", "wrong-version",
                "wrong version: the client acted on a correctly signed message tagged MSGHOST/2: it sent a sendMessage request"
            ),
            ("no-replay", "replay", "replay: the client answered a replayed message"),
            ("early-ack", "send-after-touch", "the client acknowledged touch before its handler sent sendMessage"),
            (
                "fragile", "malformed-shape",
                "malformed shape: the client died (exit status 1) on a correctly signed message whose header is a JSON array"
            ),
            (
                "greedy-wait", "callback-while-waiting",
                "did it take the contentSizeThatFits sent while it waited as its reply?"
            ),
        ]
        for (defect, scenario, message) in caught {
            let run = try CommandRun(
                "/usr/bin/env",
                ["python3", Self.kit, "--scenario", scenario, "--command", "python3 \(broken) --defect \(defect)"])
            #expect(
                run.status == 1 && run.stdout.contains(message),
                "--defect \(defect) was not caught as «\(message)»:\n\(run.stdout)\n\(run.stderr)")
        }
    }
}
