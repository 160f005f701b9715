import ArgumentParser
import Foundation

/// `msghost-bench`: measures msghostd against the physical floor of this machine, in one run,
/// with warm-up and interleaved repetitions (docs/PERFORMANCE.md).
@main
struct MsghostBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghost-bench",
        abstract: "Benchmarks msghostd against bare libzmq, process spawn and its own targets.",
        discussion:
            "Run from the repository's root (scripts/bench builds in release mode and runs this). Prints a Markdown table; a real run also keeps its record in benchmarks/results/DATE-COMMIT.json."
    )

    @Flag(help: "A few seconds in all: every figure measured once with small counts (CI), no targets judged.")
    var smoke = false

    @Option(help: "Repetitions of every measurement, interleaved.")
    var repetitions: Int?

    @Option(help: "The msghostd to measure (default: the one beside this program).")
    var msghostd: String?

    @Option(help: "The repository (benchmarks/, python/src).")
    var repository = FileManager.default.currentDirectoryPath

    @Option(help: "Stored messages for the large-store figures.")
    var storedMessages: Int?

    @Option(
        help:
            "Only these figures' blocks, comma-separated (e.g. \"floor,direct send,throughput,cycle floor\"), and no memory figures: for profiling one path. The table is not a real run."
    )
    var only: String?

    @Flag(
        help:
            "Also measure the direct send and sustained sends on a daemon that records a session (control startRecording) beside the one that does not, in the same run, with their ratios."
    )
    var recording = false

    @Option(help: "Also write the table, in Markdown, to this file.")
    var output: String?

    @Option(help: "Also write the run's record (JSON, as benchmarks/results/ keeps it) to this file.")
    var json: String?

    @Option(help: "Where a real run (not --smoke, not --only) keeps its record, as DATE-COMMIT.json.")
    var resultsDirectory: String?

    @Option(
        help:
            "The commit the record names (default: the repository's HEAD, \"-dirty\" when its sources have uncommitted changes)."
    )
    var commit: String?

    @Option(help: "Working directory (removed afterwards unless --keep).")
    var workDirectory = "/tmp/msghost-bench-\(getpid())"

    @Flag(help: "Keep the working directory (daemon logs, samples).")
    var keep = false

    @Option(
        help:
            "Instead of the benchmark: a soak of this many seconds (60 to 86400) at half the sustained send rate, judged on RSS growth, open descriptors and faults; exits 1 if a check fails."
    )
    var soak: Double?

    @Option(help: "With --soak: sends per second instead of half the sustained rate measured first.")
    var soakRate: Double?

    func validate() throws {
        if let repetitions, repetitions < 1 {
            throw ValidationError("--repetitions must be at least 1, got \(repetitions)")
        }
        if let soak, !(60...86_400).contains(soak) {
            throw ValidationError("--soak must be 60 to 86400 seconds, got \(soak)")
        }
        if let soakRate, !(1...1_000_000).contains(soakRate) {
            throw ValidationError("--soak-rate must be 1 to 1000000 sends a second, got \(soakRate)")
        }
        if soakRate != nil && soak == nil { throw ValidationError("--soak-rate needs --soak") }
        if let storedMessages, storedMessages < 1_000 {
            throw ValidationError("--stored-messages must be at least 1000 (the baseline), got \(storedMessages)")
        }
    }

    func run() throws {
        let sizes = self.smoke ? Sizes.smoke : Sizes.full
        let binary =
            self.msghostd
            ?? (URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/msghostd")
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no msghostd at \(binary): build it (swift build -c release) or pass --msghostd")
        }
        try? FileManager.default.removeItem(atPath: self.workDirectory)
        try FileManager.default.createDirectory(atPath: self.workDirectory, withIntermediateDirectories: true)
        defer { if !self.keep { try? FileManager.default.removeItem(atPath: self.workDirectory) } }
        if let soak {
            let extensionProgram = try Programs.buildCExtension(repository: self.repository, into: self.workDirectory)
            let outcome = try SoakRun(
                binary: binary, directory: self.workDirectory, extensionProgram: extensionProgram, seconds: soak,
                rate: self.soakRate
            ).run()
            print(outcome.report)
            if let output { try outcome.report.write(toFile: output, atomically: true, encoding: .utf8) }
            if !outcome.passed { throw ExitCode.failure }
            return
        }
        var run = BenchRun(
            binary: binary, directory: self.workDirectory,
            programs: try Programs.build(repository: self.repository, into: self.workDirectory),
            sizes: sizes, repetitions: self.repetitions ?? sizes.repetitions,
            storedMessages: self.storedMessages ?? sizes.storedMessages,
            judged: !self.smoke && self.only == nil, recording: self.recording,
            only: self.only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) })
        run.commit = self.commit ?? Self.commit(of: self.repository)
        let report = try run.measure()
        print(report.markdown)
        if let output { try report.markdown.write(toFile: output, atomically: true, encoding: .utf8) }
        if let json { try report.json.write(to: URL(fileURLWithPath: json)) }
        if report.facts.judged {
            let directory = self.resultsDirectory ?? self.repository + "/benchmarks/results"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var path = "\(directory)/\(report.facts.date)-\(report.facts.commit).json"
            var second = 2
            while FileManager.default.fileExists(atPath: path) {  // a second run of the commit that day keeps the first
                path = "\(directory)/\(report.facts.date)-\(report.facts.commit)-\(second).json"
                second += 1
            }
            try report.json.write(to: URL(fileURLWithPath: path))
            FileHandle.standardError.write(
                Data("msghost-bench: the run's record is \(path) (scripts/bench-table renders it)\n".utf8))
        }
    }

    /// The repository's HEAD, abbreviated as the records name it, "-dirty" when what the
    /// daemon is built from (Sources, the package's manifest and lock, benchmarks) has
    /// uncommitted changes; "unknown" outside a git checkout.
    static func commit(of repository: String) -> String {
        func git(_ arguments: [String]) -> (status: Int32, output: String)? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus,
                String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
        guard let head = git(["rev-parse", "--short=8", "HEAD"]), head.status == 0, !head.output.isEmpty else {
            return "unknown"
        }
        let changed = git(["status", "--porcelain", "--", "Sources", "Package.swift", "Package.resolved", "benchmarks"])
        return changed.map { $0.status == 0 && $0.output.isEmpty } == true ? head.output : head.output + "-dirty"
    }
}

/// How much of everything one run measures.
struct Sizes {
    var repetitions: Int
    var warmup: Int
    var roundTrips: Int
    var throughputSeconds: Double
    var launches: Int
    var starts: Int
    var conversations: Int
    var storedMessages: Int
    /// Timed control `transcript` pages per repetition and store, and the time after which
    /// fewer are enough (a daemon answering whole transcripts takes seconds each).
    var pages: Int
    var pageSeconds: Double
    /// The large world of the machine's own unit cost (`UnitCostSuite`), against 10.
    var worldConversations: Int

    static let full = Sizes(
        repetitions: 5, warmup: 500, roundTrips: 5_000, throughputSeconds: 3, launches: 10, starts: 10,
        conversations: 1_000,
        storedMessages: 1_000_000, pages: 200, pageSeconds: 20, worldConversations: 100_000)
    static let smoke = Sizes(
        repetitions: 1, warmup: 20, roundTrips: 100, throughputSeconds: 0.3, launches: 2, starts: 2, conversations: 20,
        storedMessages: 2_000, pages: 5, pageSeconds: 2, worldConversations: 1_000)
}
