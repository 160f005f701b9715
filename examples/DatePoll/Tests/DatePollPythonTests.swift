import MsgHostTesting
import Testing

/// The example's Python test (examples/DatePoll/tests), run with pytest from the one test
/// command CI runs, against this build's binary.
@Suite struct DatePollPythonTests {
    @Test func pytestDrivesThePollThroughTheControlAPI() throws {
        let run = try Pytest.run(
            example: "DatePoll",
            environment: ["DATEPOLL_BINARY": TestPaths.binary("DatePollExtension", override: "DATEPOLL_BINARY")])
        #expect(run.status == 0 && run.stdout.contains("1 passed"), "pytest failed:\n\(run.stdout)\n\(run.stderr)")
    }
}
