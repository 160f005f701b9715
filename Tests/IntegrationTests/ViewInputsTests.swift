import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// A view's inputs that are not text (PROTOCOL.md §4.9) through a real daemon, a real
/// extension process (Tests/Fixtures/viewer.py, which sets the view a touch's payload gives)
/// and msghostctl: `view` prints each input, `activate --field` sets their values, which reach
/// the extension's `touch` as strings, and a value that does not suit its input is refused.
@Suite(.serialized) struct ViewInputsTests {
    static let view: JSONValue = .object([
        "elements": .array([
            .object([
                "type": .string("choice"), "id": .string("size"), "selected": .string("s"),
                "options": .array([
                    .object(["id": .string("s"), "title": .string("Small")]),
                    .object(["id": .string("l"), "title": .string("Large")]),
                ]),
            ]),
            .object(["type": .string("toggle"), "id": .string("gift"), "title": .string("Gift wrap")]),
            .object([
                "type": .string("date"), "id": .string("day"), "title": .string("Day"),
                "minimum": .string("2026-12-01"), "maximum": .string("2026-12-31"),
            ]),
            .object([
                "type": .string("button"), "id": .string("go"), "title": .string("Go"),
                "payload": .object(["ops": .array([])]),
            ]),
        ])
    ])

    @Test func msghostctlPrintsTheInputsAndActivatesWithTheirValues() throws {
        try TestDaemon.with(apps: [ExtensionViewTests.viewer]) { daemon in
            try daemon.open(ExtensionViewTests.app, on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("setView"),
                            "body": .object(["instance": .string("$instance"), "view": Self.view]),
                        ])
                    ])
                ]))
            try daemon.settle()
            let endpoint = ["--endpoint", daemon.control.endpoint]
            let shown = try CommandRun(TestPaths.msghostctl, ["view", "kate-iphone"] + endpoint)
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("  choice size: (•) Small [s]  ( ) Large [l]"), "\(shown.stdout) \(shown.stderr)")
            #expect(lines.contains("  toggle gift: Gift wrap [off]"))
            #expect(lines.contains("  date day (Day): unset as YYYY-MM-DD from 2026-12-01 to 2026-12-31"))

            let activated = try CommandRun(
                TestPaths.msghostctl,
                [
                    "activate", "kate-iphone", "go", "--field", "size=l", "--field", "gift=true", "--field",
                    "day=2026-12-24",
                ] + endpoint)
            #expect(activated.status == 0, "\(activated.stderr)")
            let touch = try #require(
                try daemon.fixtureLog(ExtensionViewTests.app).last { $0["callback"] == .string("touch") })
            guard case .object(let body) = touch["body"] else {
                throw TestDaemonError(description: "touch without a body")
            }
            #expect(
                body["fields"]
                    == .object(["size": .string("l"), "gift": .string("true"), "day": .string("2026-12-24")]))

            let refused = try CommandRun(
                TestPaths.msghostctl, ["activate", "kate-iphone", "go", "--field", "day=2027-01-01"] + endpoint)
            #expect(
                refused.status != 0 && refused.stderr.contains("fields.day") && refused.stderr.contains("maximum"),
                "\(refused.stderr)")
        }
    }
}
