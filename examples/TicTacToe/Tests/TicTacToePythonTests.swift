import Foundation
import MsgHostTesting
import Testing

/// The Python tests of the example (examples/TicTacToe/tests), run from the one test command
/// CI runs: pytest with msghost's plugin, each test with its own daemon, driving the game
/// binary of this build through the control API.
@Suite struct TicTacToePythonTests {
    @Test func pytestDrivesTheSwiftGameThroughTheControlAPI() throws {
        // The plugin from the source tree, so nothing needs installing; `no:msghost` keeps an
        // installed copy (registered by its entry point) from loading twice.
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p",
                "msghost.pytest_plugin",
                TestPaths.repository + "/examples/TicTacToe/tests",
            ],
            environment: [
                "PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd,
                "TICTACTOE_BINARY": TicTacToe.app.command,
            ])
        print(run.stdout.split(separator: "\n").suffix(3).joined(separator: "\n"))
        #expect(run.status == 0, "pytest failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("3 passed"))
    }
}
