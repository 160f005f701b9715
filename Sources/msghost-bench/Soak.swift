import Foundation
import MsgHostControl
import MsgHostProtocol
import Synchronization

/// `msghost-bench --soak SECONDS`: one daemon under a steady load for a long time, watched for
/// what only time shows — memory that creeps, descriptors that leak, a fault that happens once
/// an hour (docs/RELIABILITY.md, "Soak").
///
/// Eight C extensions, each open on its own sender's phone, send as the bench's throughput
/// figure does (touch → `sendMessage` → reply → `didStartSending`), paced together at half of
/// the sustained rate measured first in the same run (or `--soak-rate`), after
/// `primingSends` sends at full speed. Every `sample`
/// seconds the daemon's RSS and open descriptors are read from /proc. The verdict, after the
/// warm-up (a quarter of the run, at most five minutes):
/// - RSS grows less than 5 %: the mean of the last fifth of the samples against the first fifth;
/// - open descriptors are flat: the same count held at every sample (a descriptor is held
///   when it is open, to the same file, at two reads 100 ms apart: the daemon opens
///   `/proc/PID/statm` of each extension four times a second for a few microseconds, which a
///   single read catches now and then, while a leaked descriptor stays open);
/// - nothing unexpected: no send refused, the daemon's error counters still 0, no launch after
///   the first eight (no crash, no timeout, no relaunch), no error event in the log.
struct SoakRun {
    let binary: String
    let directory: String
    let extensionProgram: String
    let seconds: Double
    let rate: Double?

    static let senders = 8
    /// Sends made at full speed before the soak starts. What fills once and then stays —
    /// SQLite's page cache as the transcripts grow, malloc's arenas — fills over the first
    /// 1,400 or so sends here (RSS 51.8 → 56.4 MB, then flat, at 93 sends/s); a soak paced
    /// slowly on a loaded machine (25 sends/s) was still filling it at the end of its minute
    /// and read that as 5.5 % growth. Primed, the samples see only what keeps growing.
    static let primingSends = 2_000
    /// Seconds between samples: about 60 in a run, between 1 and 10 s apart.
    var sampleInterval: Double { max(1, min(10, self.seconds / 60)) }
    static let app = "com.msghost.bench-c"
    /// Counters that must not move: each one counts something going wrong.
    static let faultCounters = [
        "sendsRefused", "requestsRefused", "droppedFrames", "badSignatures", "badTokens", "refusedConnections",
        "protocolErrors",
        "unexpectedReplies", "controlErrors", "undeliverableMessages",
    ]
    /// Event kinds that are faults (a soak under a steady, valid load must have none).
    static let faultEvents: Set<String> = [
        "sendRefused", "requestRefused", "callbackFailed", "protocolError", "connectionRefused", "undeliverable",
        "launchTimedOut",
        "launchFailed", "unresponsive", "memoryExceeded", "crashed", "quarantined", "terminating", "terminated",
    ]

    struct Sample {
        var seconds: Double
        var rss: Int
        /// Descriptors held (open to the same file at both reads of the sample).
        var descriptors: Int
        /// Descriptors open at the first read, held or not.
        var open: Int
        /// Each held descriptor's target (`readlink`), by number: what a changed count names.
        var targets: [String: String]
    }

    struct Outcome {
        var report: String
        var passed: Bool
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data("msghost-bench soak: \(text)\n".utf8))
    }

    func run() throws -> Outcome {
        let samples = "\(self.directory)/soak.samples"
        let world = BenchWorld(
            pairs: Self.senders, apps: [.init(bundleID: Self.app, command: self.extensionProgram, args: [samples])])
        let daemon = try BenchDaemon(binary: self.binary, directory: self.directory + "/soak", world: world)
        defer { daemon.stop() }
        try daemon.start()
        let suites = (1...Self.senders).map { i in
            DirectSendSuite(
                daemon: daemon, device: BenchWorld.senderDevice(i), conversation: BenchWorld.conversation(i),
                app: Self.app, samplesPrefix: samples)
        }
        for suite in suites { try suite.open() }

        let sustained = try ThroughputSuite(daemon: daemon, senders: suites).run(seconds: 3)
        var primed = sustained * 3
        while primed < Double(Self.primingSends) {
            let round = try ThroughputSuite(daemon: daemon, senders: suites).run(seconds: 3) * 3
            guard round > 0 else {
                throw Processes.SpawnError(
                    description: "no send was acknowledged in 3 s while priming: see \(daemon.directory)/msghostd.log")
            }
            primed += round
        }
        let rate = self.rate ?? sustained / 2
        self.log(
            String(format: "sustained %.0f sends/s; soaking at %.0f sends/s for %.0f s", sustained, rate, self.seconds))
        let before = try daemon.control.request(.status, as: StatusResult.self)
        let pids = Set(before.extensions.compactMap(\.pid))

        let load = PacedLoad(
            endpoint: daemon.controlEndpoint, devices: suites.map(\.device), rate: rate, seconds: self.seconds)
        var taken: [Sample] = []
        let interval = self.sampleInterval
        let start = Date()
        while !load.isFinished {
            usleep(UInt32(interval * 1e6))
            // Only samples under the whole load: as each sender stops, its control connection
            // closes (the first hour-long run took its last sample while 6 of 8 had closed:
            // 66 descriptors instead of 72, read as a leak).
            if load.anyFinished { break }
            guard let rss = daemon.residentBytes, let first = Self.descriptors(of: daemon.pid) else {
                throw Processes.SpawnError(
                    description: "msghostd (pid \(daemon.pid)) is gone: see \(daemon.directory)/msghostd.log")
            }
            usleep(100_000)
            let second = Self.descriptors(of: daemon.pid) ?? [:]
            // A sender that stopped while the sample was read closed its connection within it
            // (seen at t = 60 s of a one-minute soak: 63 of 66 held): not a sample under load.
            if load.anyFinished { break }
            let held = first.filter { second[$0.key] == $0.value }
            taken.append(
                Sample(
                    seconds: Date().timeIntervalSince(start), rss: rss, descriptors: held.count, open: first.count,
                    targets: held))
        }
        while !load.isFinished { usleep(10_000) }
        let failures = load.failures
        var acknowledged = 0
        var refused = 0
        for suite in suites {
            let collected = try suite.collect()
            acknowledged += collected.filter { $0.code == 0 }.count
            refused += collected.filter { $0.code != 0 }.count
        }
        let after = try daemon.control.request(.status, as: StatusResult.self)
        let events = try daemon.control.request(.events, EventsRequest(), as: EventsResult.self).events
        return self.verdict(
            samples: taken, sustained: sustained, rate: rate, touches: load.touches, acknowledged: acknowledged,
            refused: refused,
            failures: failures, before: before, after: after, pids: pids, events: events)
    }

    /// The daemon's open descriptors and what each is open to, from /proc.
    static func descriptors(of pid: pid_t) -> [String: String]? {
        let directory = "/proc/\(pid)/fd"
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return Dictionary(
            uniqueKeysWithValues: fds.map {
                ($0, (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) ?? "?")
            })
    }

    private func verdict(
        samples: [Sample], sustained: Double, rate: Double, touches: Int, acknowledged: Int, refused: Int,
        failures: [String],
        before: StatusResult, after: StatusResult, pids: Set<Int>, events: [EventRecord]
    ) -> Outcome {
        let warmup = min(300, self.seconds / 4)
        let steady = samples.filter { $0.seconds >= warmup }
        let fifth = max(1, steady.count / 5)
        let mean = { (part: ArraySlice<Sample>) in Double(part.map(\.rss).reduce(0, +)) / Double(max(1, part.count)) }
        let first = mean(steady.prefix(fifth))
        let last = mean(steady.suffix(fifth))
        let growth = first > 0 ? (last / first - 1) * 100 : .infinity
        let descriptors = Set(steady.map(\.descriptors))
        // When the count moves, which descriptors came or went (against the first steady
        // sample), so a failure names what to look for.
        let changes = steady.dropFirst().filter { $0.targets != steady.first?.targets }.prefix(3).map { sample in
            let base = steady.first?.targets ?? [:]
            let came = sample.targets.filter { base[$0.key] != $0.value }.map { "+\($0.key)→\($0.value)" }
            let went = base.filter { sample.targets[$0.key] != $0.value }.map { "-\($0.key)→\($0.value)" }
            return String(format: "at %.0f s: ", sample.seconds) + (came + went).sorted().joined(separator: " ")
        }
        let moved = Self.faultCounters.filter { (after.counters[$0] ?? 0) != (before.counters[$0] ?? 0) }
        let relaunched = (after.counters["launches"] ?? 0) - (before.counters["launches"] ?? 0)
        let samePIDs = Set(after.extensions.compactMap(\.pid)) == pids
        let faults = events.filter { Self.faultEvents.contains($0.kind) }
        var checks: [(String, Bool, String)] = [
            (
                "steady samples after warm-up", steady.count >= 5,
                "\(steady.count) (warm-up \(Int(warmup)) s, a sample every \(String(format: "%.0f", self.sampleInterval)) s)"
            ),
            (
                "RSS growth after warm-up < 5 %", growth < 5,
                String(format: "%+.2f %% (%.1f → %.1f MB)", growth, first / 1e6, last / 1e6)
            ),
            (
                "open descriptors held, flat", descriptors.count == 1,
                (descriptors.sorted().map(String.init) + changes).joined(separator: "; ")
            ),
            (
                "no send refused, every touch answered", refused == 0 && failures.isEmpty && acknowledged > 0,
                "\(acknowledged) acknowledged, \(refused) refused, \(failures.count) control failures \(failures.prefix(2))"
            ),
            (
                "error counters unchanged", moved.isEmpty,
                moved.isEmpty ? "all 0" : moved.map { "\($0) \(after.counters[$0] ?? 0)" }.joined(separator: ", ")
            ),
            ("no relaunch, same processes", relaunched == 0 && samePIDs, "\(relaunched) launches during the soak"),
            (
                "no fault event", faults.isEmpty,
                faults.isEmpty
                    ? "none in the last \(events.count) events"
                    : faults.prefix(3).map { "\($0.kind) \($0.detail ?? "")" }.joined(separator: "; ")
            ),
        ]
        if rate > sustained {
            checks.append(("rate at most the sustained rate", false, "asked \(rate) > \(sustained)"))
        }
        let achieved = Double(acknowledged) / self.seconds
        var report = "#### msghost-bench --soak \(Int(self.seconds))\n\n"
        report += String(
            format:
                "Sustained rate measured first: %.0f sends/s; soak at %.0f sends/s (achieved %.0f); %d touches, %d sends acknowledged.\n\n",
            sustained, rate, achieved, touches, acknowledged)
        report += "| check | result | |\n|---|---|---|\n"
        for (name, ok, detail) in checks { report += "| \(name) | \(ok ? "pass" : "FAIL") | \(detail) |\n" }
        report += "\n| t (s) | RSS (MB) | fds held | fds open at the first read |\n|---|---|---|---|\n"
        let stride = max(1, samples.count / 12)
        for (index, sample) in samples.enumerated() where index % stride == 0 || index == samples.count - 1 {
            report += String(
                format: "| %.0f | %.1f | %d | %d |\n", sample.seconds, Double(sample.rss) / 1e6, sample.descriptors,
                sample.open)
        }
        return Outcome(report: report, passed: checks.allSatisfy(\.1))
    }
}

/// Touches every sender's phone with `{"op":"send"}` from one thread each (one control
/// connection per user), on a shared schedule of `rate` touches a second in all.
final class PacedLoad: Sendable {
    private struct State {
        var touches = 0
        var failures: [String] = []
        var finished = 0
    }

    private let state = Mutex(State())
    private let threads: Int

    init(endpoint: String, devices: [String], rate: Double, seconds: Double) {
        self.threads = devices.count
        let interval = Double(devices.count) / rate
        for (index, device) in devices.enumerated() {
            let thread = Thread { [self] in
                defer { self.state.withLock { $0.finished += 1 } }
                do {
                    let control = try ControlClient(endpoint: endpoint)
                    let body = TouchRequest(device: device, payload: DirectSendSuite.send)
                    let start = monotonicNanos()
                    // Staggered so the threads' touches interleave evenly.
                    var next = Double(index) * interval / Double(devices.count)
                    while next < seconds {
                        let now = Double(monotonicNanos() - start) / 1e9
                        if next > now { usleep(UInt32((next - now) * 1e6)) }
                        _ = try control.request(.touch, body)
                        self.state.withLock { $0.touches += 1 }
                        next += interval
                    }
                } catch {
                    self.state.withLock { $0.failures.append("\(device): \(error)") }
                }
            }
            thread.start()
        }
    }

    var isFinished: Bool { self.state.withLock { $0.finished == self.threads } }
    var anyFinished: Bool { self.state.withLock { $0.finished > 0 } }
    var touches: Int { self.state.withLock { $0.touches } }
    var failures: [String] { self.state.withLock { $0.failures } }
}
