import Foundation
import MsgHostTesting
import Testing

/// msghost-mcp as an agent drives it (Tests/MCP, pytest with the MCP Python client from PyPI,
/// `mcp`): the walk through of docs/WEB.md with tools only, refusals with Apple's names, bad
/// arguments as MCP errors, recording and replay, and the control fuzz corpus replayed through
/// the tools' arguments. Run from the one test command CI runs; `scripts/bootstrap` and
/// `.ci/run` install `mcp`, so a missing one is a failure that says what to install.
@Suite struct AgentSessionTests {
    @Test func anAgentPlaysTheUsersThroughMCP() throws {
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost",
                TestPaths.repository + "/Tests/MCP",
            ],
            environment: [
                "MSGHOST_MCP": TestPaths.binary("msghost-mcp", override: "MSGHOST_MCP_BINARY"),
                "MSGHOSTD": TestPaths.msghostd,
                "MSGHOSTCTL": TestPaths.msghostctl,
                "PYTHONPATH": TestPaths.repository + "/Tests/MCP",
            ])
        print(run.stdout.split(separator: "\n").suffix(5).joined(separator: "\n"))
        #expect(
            run.status == 0,
            "msghost-mcp's agent tests failed (python3 -m pip install mcp, if it is missing):\n\(run.stdout)\n\(run.stderr)"
        )
        #expect(run.stdout.contains(" passed"))
    }
}
