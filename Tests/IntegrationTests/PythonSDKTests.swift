import Foundation
import MsgHostTesting
import Testing

/// The Python SDK's own tests and the corrections example's integration tests (each test with
/// its own daemon, through the SDK's pytest plugin), run from the one test command CI runs.
@Suite struct PythonSDKTests {
    @Test func pytestPassesForTheSDKAndTheCorrectionsExample() throws {
        // The plugin is loaded from the source tree, so nothing needs installing; `no:msghost`
        // keeps an installed copy (registered by its entry point) from loading twice.
        let run = try CommandRun("/usr/bin/env", [
            "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p", "msghost.pytest_plugin",
            TestPaths.repository + "/python/tests", TestPaths.repository + "/examples/python-corrections/tests",
        ], environment: ["PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd])
        print(run.stdout.split(separator: "\n").suffix(3).joined(separator: "\n"))
        #expect(run.status == 0, "pytest failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed"))
    }
}
