import Foundation
import MsgHostTesting
import Testing

/// The one-minute soak: `msghost-bench --soak 60` against the debug daemon,
/// at half the sustained rate it measures first. It judges RSS growth after warm-up (< 5 %),
/// open descriptors (flat), and faults (none: no refusal, no error counter moved, no relaunch,
/// no fault event), and exits 1 if any check fails. The hour-long run is manual
/// (docs/RELIABILITY.md, "Soak").
@Suite struct SoakTests {
    @Test func aMinuteAtHalfTheSustainedRateLeavesMemoryDescriptorsAndProcessesAsTheyWere() throws {
        let bench = TestPaths.binary("msghost-bench", override: "MSGHOST_BENCH_BINARY")
        let run = try CommandRun(
            bench, ["--soak", "60", "--msghostd", TestPaths.msghostd, "--repository", TestPaths.repository])
        print(run.stdout)
        #expect(run.status == 0, "the soak failed a check:\n\(run.stdout)\n\(run.stderr)")
        for check in [
            "RSS growth after warm-up < 5 %", "open descriptors held, flat", "no fault event",
            "error counters unchanged",
        ] {
            #expect(run.stdout.contains("| \(check) | pass |"), "no passing \"\(check)\" in:\n\(run.stdout)")
        }
    }
}
