import Foundation
import MsgHostTesting
import Testing

/// The benchmark harness in smoke mode (a few seconds, tiny counts, no targets judged), so it
/// never rots: every figure of docs/PERFORMANCE.md is measured once against a debug daemon.
/// The full run is manual (`scripts/bench`).
@Suite struct BenchmarkSmokeTests {
    @Test func everyFigureIsMeasured() throws {
        let bench = TestPaths.binary("msghost-bench", override: "MSGHOST_BENCH_BINARY")
        let run = try CommandRun(
            bench, ["--smoke", "--msghostd", TestPaths.msghostd, "--repository", TestPaths.repository])
        print(run.stdout)
        #expect(run.status == 0, "msghost-bench --smoke failed:\n\(run.stdout)\n\(run.stderr)")
        for figure in [
            "floor: bare libzmq ipc round trip p50", "direct send round trip p99", "direct send p50 ÷ floor p50",
            "acknowledged direct sends per second", "sends per second ÷ cycle floor", "floor: bare libzmq user cycles",
            "daemon start → READY", "C extension: bare spawn → hello",
            "Python cold launch ÷ bare spawn → hello", "daemon RSS idle", "stored messages (MB)", "send p50 at",
            "stored ÷ idle", "stored ÷ fresh state", "control transcript, newest 50",
            "daemon's own start → READY + SIGTERM → exit",
            "Python fixture (msghost_daemon) start + stop ÷ the daemon's own",
            "Swift TestDaemon.with start + stop ÷ the daemon's own",
        ] {
            #expect(run.stdout.contains(figure), "no row \"\(figure)\" in:\n\(run.stdout)")
        }
        // Every row has a measured value: "–" marks a figure that could not be taken.
        let rows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| figure") }
        #expect(rows.count >= 20)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count >= 2 && cells[1] != "–" && !cells[1].contains("nan"), "unmeasured: \(row)")
        }
    }
}
