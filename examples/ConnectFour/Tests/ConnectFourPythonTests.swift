import MsgHostTesting
import Testing

/// The example's Python test (examples/ConnectFour/tests), run with pytest from the one test
/// command CI runs, against this build's binary.
@Suite struct ConnectFourPythonTests {
    @Test func pytestPlaysAGameThroughTheControlAPI() throws {
        let run = try Pytest.run(
            example: "ConnectFour",
            environment: [
                "CONNECTFOUR_BINARY": TestPaths.binary("ConnectFourExtension", override: "CONNECTFOUR_BINARY")
            ])
        #expect(run.status == 0 && run.stdout.contains("1 passed"), "pytest failed:\n\(run.stdout)\n\(run.stderr)")
    }
}
