import Foundation
import MsgHostTesting
import Testing

/// Every figure the README states is one the benchmark measured, and it says where: each
/// "N ms" or "N MB" it cites as the benchmark's must be a median in PERFORMANCE.md's table of
/// a real run (the README once promised a 15 ms start the benchmark never measured).
@Suite struct ReadmeFiguresTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: TestPaths.repository + "/" + path, encoding: .utf8)
    }

    /// The medians of the newest real run in PERFORMANCE.md, by row name: the first table under
    /// a "#### msghost-bench on …" heading (the report's own; the document puts the newest run
    /// first). Other tables there compare runs and are not one run's medians.
    static func medians() throws -> [String: String] {
        let lines = try Self.read("docs/PERFORMANCE.md").split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("#### msghost-bench on ") }) else { return [:] }
        var medians: [String: String] = [:]
        var inTable = false
        for line in lines[heading...].dropFirst() {
            if line.hasPrefix("|") {
                inTable = true
            } else if inTable {
                break  // the table ended
            } else {
                continue  // the notes above the table
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let median = cells[1].split(separator: " ").first else { continue }
            medians[cells[0]] = String(median)
        }
        return medians
    }

    @Test func theStartAndMemoryFiguresAreTheBenchmarksOwn() throws {
        let readme = try Self.read("README.md").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        let medians = try Self.medians()
        let start = try #require(medians["daemon start → READY, fresh state (ms)"])
        let memory = try #require(medians["daemon RSS, 1000000 stored messages (MB)"])
        // The README rounds to one decimal and names the source.
        let startCited = String(format: "%.1f ms in `msghost-bench`'s last run", Double(start) ?? -1)
        #expect(readme.contains(startCited), "README should cite \(startCited) (PERFORMANCE.md's start → READY median)")
        #expect(readme.contains("\(memory) MB, same run"), "README should cite \(memory) MB with a million stored messages")
        #expect(readme.contains("docs/PERFORMANCE.md"))
    }
}
