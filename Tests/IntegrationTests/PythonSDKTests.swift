import Foundation
import MsgHostTesting
import Testing

/// The Python SDK's own tests and the corrections example's integration tests (each test with
/// its own daemon, through the SDK's pytest plugin), run from the one test command CI runs.
@Suite struct PythonSDKTests {
    @Test func pytestPassesForTheSDKAndTheCorrectionsExample() throws {
        // The plugin is loaded from the source tree, so nothing needs installing; `no:msghost`
        // keeps an installed copy (registered by its entry point) from loading twice.
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p",
                "msghost.pytest_plugin",
                TestPaths.repository + "/python/tests", TestPaths.repository + "/examples/python-corrections/tests",
            ], environment: ["PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd])
        print(run.stdout.split(separator: "\n").suffix(3).joined(separator: "\n"))
        #expect(run.status == 0, "pytest failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed"))
    }

    /// `pytest --msghost-coverage=DIR`: every fixture daemon recorded, its session kept in DIR,
    /// and the table of the host's situations the suite reached printed after the run.
    @Test func pytestWithCoverageReportsTheSituationsTheSuiteReached() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/coverage-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p",
                "msghost.pytest_plugin",
                "--msghost-coverage=\(directory)", TestPaths.repository + "/examples/python-corrections/tests",
            ], environment: ["PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd])
        #expect(run.status == 0, "pytest failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(
            run.stdout.contains("msghost coverage")
                && run.stdout.contains("situations the user's actions can bring about were reached"), "\(run.stdout)")
        #expect(run.stdout.contains("cold launch from the drawer (compact)"), "\(run.stdout)")
        let sessions = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        #expect(!sessions.isEmpty && run.stdout.contains("\(sessions.count) sessions"), "\(sessions) \(run.stdout)")
    }
}
