import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// docs/PROTOCOL.md and docs/schema cover every message the daemon accepts or sends.
@Suite struct SchemaCoverageTests {
    static let schemaDirectory = TestPaths.repository + "/docs/schema"

    @Test func everyMessageTypeInTheCodeHasASchema() {
        let names =
            CallbackType.allCases.map(\.rawValue) + RequestType.allCases.map(\.rawValue) + [ReplyType.name]
            + ControlCommand.allCases.map { "control.\($0.rawValue)" } + ["control.reply"]
        for name in names {
            #expect(
                FileManager.default.fileExists(atPath: "\(Self.schemaDirectory)/\(name).schema.json"),
                "no schema for \(name)")
        }
    }

    @Test func everyMessageTypeInTheCodeIsInTheProtocolDocument() throws {
        let document = try String(contentsOfFile: TestPaths.repository + "/docs/PROTOCOL.md", encoding: .utf8)
        let names =
            CallbackType.allCases.map(\.rawValue) + RequestType.allCases.map(\.rawValue)
            + ControlCommand.allCases.map(\.rawValue)
        for name in names {
            #expect(document.contains("| `\(name)` |"), "PROTOCOL.md has no table row for \(name)")
        }
    }

    @Test func schemasAreValidAndMatchTheDocument() throws {
        let run = try CommandRun("/usr/bin/env", ["python3", TestPaths.repository + "/scripts/check-schemas.py"])
        #expect(run.status == 0, "check-schemas.py failed:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed, 0 failed"))
    }
}
