import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// msghostctl's user actions print what they caused, not only that they were done: each send
/// refused with Apple's code and name, each message sent and where it arrived; and times as
/// local ISO 8601, not milliseconds since 1970.
@Suite struct UserActionOutputTests {
    @Test func aTouchPrintsTheSendItCausedWhereItArrivedAndTheRefusal() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            let touch = try CommandRun(
                TestPaths.msghostctl,
                [
                    "touch", "--device", "kate-iphone", "--payload", #"{"sends": 2}"#, "--endpoint",
                    daemon.control.endpoint,
                ])
            #expect(touch.status == 0, "\(touch.stderr)")
            let lines = touch.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "touched the app on kate-iphone", "\(touch.stdout)")
            #expect(
                lines.contains {
                    $0.hasPrefix("  sent from kate-iphone in \(daemon.conversation): message ")
                        && $0.hasSuffix("(com.example.python-raw)")
                }, "\(touch.stdout)")
            #expect(
                lines.contains { $0.hasPrefix("  arrived on john-iphone in \(daemon.conversation): ") },
                "\(touch.stdout)")
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "  refused on kate-iphone in \(daemon.conversation): 9 sendWithoutRecentInteraction (com.example.python-raw"
                    )
                }, "\(touch.stdout)")
            #expect(
                !lines.contains { $0.contains("launching") || $0.contains("connected") },
                "lifecycle events are left out: \(touch.stdout)")

            // --json prints the daemon's reply alone, for scripts.
            let json = try CommandRun(
                TestPaths.msghostctl,
                ["touch", "--device", "kate-iphone", "--json", "--endpoint", daemon.control.endpoint])
            #expect(
                json.status == 0 && json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"status":"ok"}"#,
                "\(json.stdout)")
        }
    }

    @Test func aRecordingsStartIsALocalISO8601Time() throws {
        try TestDaemon.with { daemon in
            let start = try CommandRun(
                TestPaths.msghostctl, ["record", "start", "--endpoint", daemon.control.endpoint])
            #expect(start.status == 0, "\(start.stderr)")
            let pattern = #/^recording since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)\n$/#
            #expect(start.stdout.wholeMatch(of: pattern) != nil, "\(start.stdout)")
        }
    }
}
