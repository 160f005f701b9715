import Foundation
import MsgHostTesting
import Testing

/// Every figure the README states is one the benchmark measured, and it says where: each
/// "N ms" or "N MB" it cites as the benchmark's must be a median of the newest run kept in
/// `benchmarks/results/` (a promised figure the benchmark never measured fails here).
@Suite struct ReadmeFiguresTests {
    /// What this test reads of a run's record (`msghost-bench`'s `Report.Record`).
    struct Run: Decodable {
        struct Figure: Decodable {
            var figure: String
            var median: Double?
            var digits: Int
        }

        var date: String
        var recorded: String
        var figures: [Figure]
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: TestPaths.repository + "/" + path, encoding: .utf8)
    }

    /// The newest run: the greatest day, then moment of recording, then file name.
    static func newestRun() throws -> (name: String, run: Run) {
        let directory = TestPaths.repository + "/benchmarks/results"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
        let runs = try names.map { name in
            (
                name,
                try JSONDecoder().decode(Run.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            )
        }
        let newest = try #require(runs.max { ($0.1.date, $0.1.recorded, $0.0) < ($1.1.date, $1.1.recorded, $1.0) })
        return (newest.0, newest.1)
    }

    /// A median as the table shows it (the figure's own decimals).
    static func shown(_ figure: Run.Figure) throws -> String {
        String(format: "%.\(figure.digits)f", try #require(figure.median, "\(figure.figure) was not measured"))
    }

    /// 200000 as "200,000", as the README writes counts.
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    @Test func theStartAndMemoryFiguresAreTheBenchmarksOwn() throws {
        let readme = try Self.read("README.md").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
            of: "  ", with: " ")
        let (name, run) = try Self.newestRun()
        let start = try #require(
            run.figures.first { $0.figure == "daemon start → READY, fresh state (ms)" }, "no start figure in \(name)")
        let idle = try #require(run.figures.first { $0.figure == "daemon RSS idle (MB)" }, "no idle figure in \(name)")
        // The largest store the run measured: "daemon RSS, N stored messages (MB)" with the greatest N.
        let stored = run.figures.compactMap { figure -> (Int, Run.Figure)? in
            guard figure.figure.hasPrefix("daemon RSS, "), figure.figure.hasSuffix(" stored messages (MB)") else {
                return nil
            }
            return Int(figure.figure.dropFirst("daemon RSS, ".count).dropLast(" stored messages (MB)".count)).map {
                ($0, figure)
            }
        }
        let (messages, memory) = try #require(stored.max { $0.0 < $1.0 }, "no stored-messages figure in \(name)")
        // The README rounds the start to one decimal and names the source.
        let startCited = String(format: "%.1f ms in `msghost-bench`'s last run", try #require(start.median))
        #expect(readme.contains(startCited), "README should cite \(startCited) (\(name)'s start → READY median)")
        let idleCited = "\(try Self.shown(idle)) MB idle"
        #expect(readme.contains(idleCited), "README should cite \(idleCited) (\(name))")
        let memoryCited = "\(try Self.shown(memory)) MB with \(Self.grouped(messages)) stored messages, same run"
        #expect(readme.contains(memoryCited), "README should cite \(memoryCited) (\(name))")
        #expect(readme.contains("docs/PERFORMANCE.md"))
    }

    /// docs/PERFORMANCE.md shows the newest run as `scripts/bench-table` renders it.
    @Test func thePerformancePageShowsTheNewestRun() throws {
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", TestPaths.repository + "/scripts/bench-table", "--check",
                TestPaths.repository + "/docs/PERFORMANCE.md",
            ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
