import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// `msghostctl export-test` (docs/RECORDING.md): a recorded session as a pytest module that
/// passes as written, and as a Swift Testing file — the one of `ReplayTests.record`'s session
/// is checked in as `Generated/RawSessionTests.swift`, so it compiles and passes with the suite,
/// and this test says when the writer no longer writes exactly it.
@Suite(.serialized) struct ExportTests {
    static let generated = TestPaths.repository + "/Tests/IntegrationTests/Generated/RawSessionTests.swift"

    @Test func aSessionBecomesAPytestThatPassesAndTheSwiftTestCheckedIn() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let module = daemon.directory + "/test_raw.py"
            let (file, text) = try Self.exportRaw(daemon, to: module)
            #expect(text.contains("# Step 5 (1240 ms): Kate Bell touches the app on kate-iphone.\n"))
            #expect(
                text.contains(
                    #"control.touch(device="kate-iphone", payload={"caption": "A cone for $" + john_for_kate_iphone_python_raw, "sends": 2})"#
                ))
            #expect(text.contains(#"assert refusals(control) == ["9 sendWithoutRecentInteraction"]"#))
            let pytest = try Self.pytest(module)
            #expect(pytest.status == 0 && pytest.stdout.contains("1 passed"), "\(pytest.stdout)\(pytest.stderr)")

            let swift = daemon.directory + "/RawSessionTests.swift"
            let written = try CommandRun(
                TestPaths.msghostctl,
                [
                    "export-test", file, "--swift", "--name", "raw", "--repository", TestPaths.repository, "--output",
                    swift,
                ])
            #expect(written.status == 0, "\(written.stderr)")
            // The checked-in file is held to the repository's format as every file is; what the
            // writer writes is compared once formatted the same way.
            let formatted = try CommandRun(
                "/usr/bin/env",
                ["swift", "format", "-i", "--configuration", TestPaths.repository + "/.swift-format", swift])
            #expect(formatted.status == 0, "\(formatted.stderr)")
            let checkedIn = try String(contentsOfFile: Self.generated, encoding: .utf8)
            let now = try String(contentsOfFile: swift, encoding: .utf8)
            if now != checkedIn {
                let kept = FileManager.default.temporaryDirectory.path + "/RawSessionTests.swift"
                try now.write(toFile: kept, atomically: true, encoding: .utf8)
                Issue.record(
                    "export-test --swift writes another test now (\(kept)): if it is right, copy it over \(Self.generated)"
                )
            }
        }
    }

    /// An install made during the recording has identifiers of its own: the test looks them
    /// up once the step that made it is done, under a name of their own.
    @Test func identifiersOfAnInstallMadeDuringTheRecordingAreLookedUpAfterIt() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let (file, _) = try ReplayTests.recordWithAnInstall(daemon)
            let module = daemon.directory + "/test_install.py"
            let python = try CommandRun(
                TestPaths.msghostctl, ["export-test", file, "--python", "--name", "install", "--output", module])
            #expect(python.status == 0, "\(python.stderr)")
            let text = try String(contentsOfFile: module, encoding: .utf8)
            let lookUp =
                #"    kate_for_john_iphone_python_raw_2 = control.identifier("john-iphone", "com.example.python-raw", "\#(TestDaemon.kate)")"#
            let install = try #require(
                text.range(of: #"    control.install_app(device="john-iphone", app="com.example.python-raw")"#),
                "\(text)")
            let named = try #require(text.range(of: lookUp), "\(text)")
            #expect(install.upperBound <= named.lowerBound, "looked up after the install")
            #expect(text.contains(#""A cone for $" + kate_for_john_iphone_python_raw_2"#), "\(text)")
            let pytest = try Self.pytest(module)
            #expect(pytest.status == 0 && pytest.stdout.contains("1 passed"), "\(pytest.stdout)\(pytest.stderr)")
        }
    }

    /// The module names the apps' folder once, at its top, and finds it relative to itself or
    /// through MSGHOST_APP_ROOT: moved to another folder, it runs with that variable set.
    @Test func theModuleFindsItsAppsRelativeToItselfOrThroughOneVariable() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let module = daemon.directory + "/written/test_raw.py"
            try FileManager.default.createDirectory(
                atPath: daemon.directory + "/written", withIntermediateDirectories: true)
            let (_, text) = try Self.exportRaw(daemon, to: module)
            let root = TestPaths.repository + "/examples/python-raw"
            #expect(
                text.contains(
                    "APP_ROOT = Path(os.environ.get(\"MSGHOST_APP_ROOT\") or Path(__file__).resolve().parent / \""),
                "\(text)")
            #expect(text.contains("working_directory=str(APP_ROOT)"), "\(text)")
            #expect(!text.contains("\"\(root)"), "no string of the module is an absolute path of the apps")
            #expect(
                text.contains("PYTHONPATH=python/src python3 -m pytest -p msghost.pytest_plugin THIS_FILE"),
                "it says how to load the fixture")
            #expect(try Self.pytest(module).stdout.contains("1 passed"))

            let moved = daemon.directory + "/elsewhere/deeper/test_raw.py"
            try FileManager.default.createDirectory(
                atPath: daemon.directory + "/elsewhere/deeper", withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: module, toPath: moved)
            let lost = try Self.pytest(moved)
            #expect(lost.status != 0, "moved, it no longer finds the app by the way it was written")
            let found = try Self.pytest(moved, environment: ["MSGHOST_APP_ROOT": root])
            #expect(found.status == 0 && found.stdout.contains("1 passed"), "\(found.stdout)\(found.stderr)")
        }
    }

    /// When the app shows something else, the failure names the entry, the field and both
    /// values in pytest's default output (no -vv).
    @Test func aFailingModuleNamesTheFieldThatDiffers() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let module = daemon.directory + "/test_raw.py"
            let (_, text) = try Self.exportRaw(daemon, to: module)
            // The session as it would be had the app captioned its bubble otherwise.
            #expect(text.contains("\"caption\": \"A cone for John Appleseed\""), "\(text)")
            try text.replacingOccurrences(
                of: "\"caption\": \"A cone for John Appleseed\"", with: "\"caption\": \"A cone for John\""
            )
            .write(toFile: module, atomically: true, encoding: .utf8)
            let run = try Self.pytest(module)
            #expect(run.status == 1 && run.stdout.contains("1 failed"), "\(run.stdout)\(run.stderr)")
            #expect(
                run.stdout.contains(
                    "john-iphone in kate-john, entry 1 of 1: 'caption' is 'A cone for John Appleseed', expected 'A cone for John'"
                ), "\(run.stdout)")
        }
    }

    /// Records `ReplayTests.record`'s session on `daemon` and exports it as the pytest module
    /// `module` (`--python --name raw`): the session file and the module's text.
    static func exportRaw(_ daemon: TestDaemon, to module: String) throws -> (session: String, text: String) {
        let session = try ReplayTests.record(daemon)
        let python = try CommandRun(
            TestPaths.msghostctl, ["export-test", session, "--python", "--name", "raw", "--output", module])
        #expect(python.status == 0, "\(python.stderr)")
        return (session, try String(contentsOfFile: module, encoding: .utf8))
    }

    /// Runs a generated module with the repository's SDK and the daemon under test.
    static func pytest(_ module: String, environment: [String: String] = [:]) throws -> CommandRun {
        try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p",
                "msghost.pytest_plugin", module,
            ],
            environment: ["PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd].merging(
                environment
            ) { _, given in given })
    }

    /// The Swift type is named from the session without saying "session" twice, and checks
    /// what each device shows field by field.
    @Test func theSwiftTypeIsNamedFromTheSession() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            let session = try ReplayTests.record(daemon)
            #expect(session.hasSuffix("/session.jsonl"))
            let swift = try CommandRun(TestPaths.msghostctl, ["export-test", session, "--swift"])
            #expect(swift.status == 0, "\(swift.stderr)")
            #expect(swift.stdout.contains("@Suite struct SessionTests {"), "\(swift.stdout.prefix(1200))")
            #expect(
                swift.stdout.contains("Self.expectEntries(try Self.shown(daemon, \"john-iphone\", \"kate-john\"), ["))
            let named = try CommandRun(
                TestPaths.msghostctl, ["export-test", session, "--swift", "--name", "ice-cream"])
            #expect(named.stdout.contains("@Suite struct IceCreamSessionTests {"))
        }
    }

    @Test func aFileThatIsNoSessionIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.path + "/msghost-export-\(UUID().uuidString.prefix(8)).jsonl"
        try "{\"type\":\"step\"}\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try CommandRun(TestPaths.msghostctl, ["export-test", file, "--python"])
        #expect(
            run.status == 2 && run.stderr.hasPrefix("msghostctl: export-test: \(file): line 1: session: "),
            "\(run.stderr)")
        let both = try CommandRun(TestPaths.msghostctl, ["export-test", file, "--python", "--swift"])
        #expect(both.status != 0 && both.stderr.contains("choose one of --python and --swift"))
    }
}
