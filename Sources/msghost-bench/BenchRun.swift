import ArgumentParser
import Foundation
import MsgHostProtocol
import ZeroMQ

/// One benchmark run: sets up the daemons, measures every figure once per repetition
/// (interleaved, the order rotating each repetition so drift hits every figure evenly), and
/// builds the report.
struct BenchRun {
    let binary: String
    let directory: String
    let programs: Programs
    let sizes: Sizes
    let repetitions: Int
    let storedMessages: Int
    /// False in smoke mode: figures from tiny counts say nothing about the targets.
    let judged: Bool
    /// `--recording`: a second direct-send daemon records a session all along, and the send
    /// figures are taken on both.
    var recording = false
    /// `--only`: the blocks to run (all when nil); with it, no memory figures are taken.
    var only: Set<String>? = nil
    /// The commit the record names (`MsghostBench.commit`).
    var commit = "unknown"

    static let cApp = "com.msghost.bench-c"
    static let pythonApp = "com.msghost.bench-python"
    /// The smaller store the large one is compared with.
    static let baselineMessages = 1_000
    /// Entries a control `transcript` page asks for.
    static let pageLimit = 50

    func apps(_ tag: String) -> [BenchWorld.App] {
        let samples = "\(self.directory)/\(tag).samples"
        return [
            .init(bundleID: Self.cApp, command: self.programs.cExtension, args: [samples + ".c"]),
            .init(
                bundleID: Self.pythonApp, command: self.programs.python,
                args: [self.programs.pythonExtension, samples + ".py"],
                env: ["PYTHONPATH": self.programs.pythonPath]),
        ]
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data("msghost-bench: \(text)\n".utf8))
    }

    func measure() throws -> Report {
        let senders = 8
        // The direct-send daemon: 8 sender/receiver pairs, the C extension open on every sender.
        self.log("starting daemons")
        let send = try BenchDaemon(
            binary: self.binary, directory: self.directory + "/send",
            world: BenchWorld(pairs: senders, apps: self.apps("send")))
        defer { send.stop() }
        try send.start()
        let build = Self.build(of: send)
        let sendSuites = (1...senders).map { i in
            DirectSendSuite(
                daemon: send, device: BenchWorld.senderDevice(i), conversation: BenchWorld.conversation(i),
                app: Self.cApp,
                samplesPrefix: "\(self.directory)/send.samples.c")
        }
        for suite in sendSuites { try suite.open() }
        let recording = try self.recording ? RecordingSends(run: self, senders: senders) : nil
        defer { recording?.daemon.stop() }

        // Two daemons whose store already holds many messages (StoreShape), for send latency
        // and transcript pages with a large store against a small one, and their memory.
        let small = try self.storeDaemon("store-1k", messages: Self.baselineMessages)
        defer { small.daemon.stop() }
        let large = try self.storeDaemon("store-large", messages: self.storedMessages)
        defer { large.daemon.stop() }

        // Cold launches: a daemon that ends idle extensions almost at once.
        let launchWorld = BenchWorld(
            pairs: 1, apps: self.apps("launch"),
            settings: ["extensions.idleGraceMs": 1, "extensions.terminateGraceMs": 200])
        let launchDaemon = try BenchDaemon(
            binary: self.binary, directory: self.directory + "/launch", world: launchWorld)
        defer { launchDaemon.stop() }
        try launchDaemon.start()
        let launches = launchWorld.apps.map { app in
            ColdLaunchSuite(
                daemon: launchDaemon, device: BenchWorld.senderDevice(1), conversation: BenchWorld.conversation(1),
                app: app.bundleID,
                command: app.command, arguments: app.args, environment: app.env, directory: launchDaemon.directory)
        }
        let floor = FloorSuite(programs: self.programs, directory: self.directory)
        let throughput = ThroughputSuite(daemon: send, senders: sendSuites)
        let cycleFloor = CycleFloorSuite(programs: self.programs, directory: self.directory, users: sendSuites.count)
        let startup = StartupSuite(
            binary: self.binary, directory: self.directory, world: BenchWorld(pairs: 1, apps: self.apps("start")))
        let harness = try HarnessSuite(binary: self.binary, directory: self.directory, programs: self.programs)

        var units = try (
            small: UnitCostSuite(conversations: 10), large: UnitCostSuite(conversations: self.sizes.worldConversations)
        )
        var figures: [String: [Double]] = [:]
        func record(_ name: String, _ value: Double) { figures[name, default: []].append(value) }
        func latencies(_ name: String, _ samples: [Double]) {
            record(name + ".p50", Stats.percentile(samples, 50))
            record(name + ".p99", Stats.percentile(samples, 99))
        }
        let (warmup, count) = (self.sizes.warmup, self.sizes.roundTrips)
        var blocks: [(String, () throws -> Void)] = [
            ("floor", { latencies("floor", try floor.run(warmup: warmup, count: count)) }),
            ("direct send", { latencies("send", try sendSuites[0].run(warmup: warmup, count: count)) }),
            ("send, 1k stored", { latencies("send1k", try small.sends.run(warmup: warmup, count: count)) }),
            ("send, large store", { latencies("sendLarge", try large.sends.run(warmup: warmup, count: count)) }),
            (
                "transcript, 1k stored",
                {
                    latencies(
                        "page1k",
                        try small.pages.run(warmup: 2, count: self.sizes.pages, budget: self.sizes.pageSeconds))
                }
            ),
            (
                "transcript, large store",
                {
                    latencies(
                        "pageLarge",
                        try large.pages.run(warmup: 2, count: self.sizes.pages, budget: self.sizes.pageSeconds))
                }
            ),
            ("throughput", { record("throughput", try throughput.run(seconds: self.sizes.throughputSeconds)) }),
            (
                "unit cost",
                {
                    for (name, runs) in [
                        ("unit10", units.small.run(warmup: warmup, count: count)),
                        ("unitLarge", units.large.run(warmup: warmup, count: count)),
                    ] {
                        record(name + ".kept", Stats.median(runs.kept) / 1_000)
                        record(name + ".undone", Stats.median(runs.undone) / 1_000)
                    }
                }
            ),
            ("cycle floor", { record("cycleFloor", try cycleFloor.run(seconds: self.sizes.throughputSeconds)) }),
            ("start", { record("ready", Stats.median(try startup.run(self.sizes.starts).ready)) }),
            (
                "harness",
                {
                    record("harness.own", Stats.median(try harness.own(self.sizes.starts)))
                    record("harness.python", Stats.median(try harness.python(self.sizes.starts)))
                    record("harness.swift", Stats.median(try harness.swift(self.sizes.starts)))
                }
            ),
        ]
        if let recording {
            blocks.append(
                (
                    "direct send while recording",
                    { latencies("sendRec", try recording.sends[0].run(warmup: warmup, count: count)) }
                ))
            blocks.append(
                (
                    "throughput while recording",
                    { record("throughputRec", try recording.throughput.run(seconds: self.sizes.throughputSeconds)) }
                ))
        }
        for (launch, name) in zip(launches, ["c", "python"]) {
            blocks.append(
                (
                    "cold launch \(name)",
                    {
                        let bare = Stats.median(try launch.bare(self.sizes.launches))
                        let hosted = Stats.median(try launch.daemonLaunches(self.sizes.launches))
                        record("bare.\(name)", bare)
                        record("launch.\(name)", hosted)
                        record("launchRatio.\(name)", hosted / bare)
                    }
                ))
        }
        if let only = self.only {
            let unknown = only.subtracting(blocks.map(\.0))
            guard unknown.isEmpty else {
                throw ValidationError("--only: no block named \(unknown.sorted()); the blocks are \(blocks.map(\.0))")
            }
            blocks = blocks.filter { only.contains($0.0) }
        }
        for repetition in 0..<self.repetitions {
            // Rotate: each figure takes every position in the order across repetitions.
            let rotated = Array(blocks[(repetition % blocks.count)...] + blocks[..<(repetition % blocks.count)])
            for (name, block) in rotated {
                self.log("repetition \(repetition + 1)/\(self.repetitions): \(name)")
                try block()
            }
        }

        let answered = (small: try small.pages.entriesReturned(), large: try large.pages.entriesReturned())
        // Memory (not with --only, which profiles one path).
        var idle: Int?
        var floorRSS: Int?
        var manyRSS: Int?
        if self.only == nil {
            self.log("memory")
            idle = try startup.run(1).idleRSS
            let swiftIdle = try Processes.spawn(
                self.programs.swiftIdle, [], environment: ProcessInfo.processInfo.environment)
            usleep(500_000)
            floorRSS = Processes.residentBytes(swiftIdle)
            Processes.stop(swiftIdle)
            let many = try BenchDaemon(
                binary: self.binary, directory: self.directory + "/many",
                world: BenchWorld(pairs: 1, apps: self.apps("many")))
            defer { many.stop() }
            try many.start()
            try MemorySuite.addConversations(many, count: self.sizes.conversations)
            manyRSS = many.residentBytes
        }
        let megabytes = { (bytes: Int?) in Across(bytes.map { [Double($0) / 1_048_576] } ?? []) }

        let now = Date()
        var report = Report(
            facts: Report.Facts(
                machine: Self.machine(), commit: self.commit,
                date: String(ISO8601DateFormatter().string(from: now).prefix(10)),
                recorded: ISO8601DateFormatter().string(from: now), repetitions: self.repetitions, judged: self.judged,
                notes: [
                    build,
                    "\(self.repetitions) repetitions, interleaved; each cell is the median across repetitions (min–max).",
                    "Round trips: \(warmup) warm-up + \(count) measured per repetition; throughput \(self.sizes.throughputSeconds) s from \(senders) extensions; "
                        + "\(self.sizes.launches) cold launches and \(self.sizes.starts) daemon starts per repetition and kind.",
                    "Large store: \(self.storedMessages) messages (baseline: \(Self.baselineMessages), the same mix) \(StoreShape.summary). "
                        + "Sends at both sizes go into c\(StoreShape.busyPair), in its stored session \(StoreShape.sendSession).",
                    "Transcript pages: control transcript of c\(StoreShape.busyPair) on \(BenchWorld.senderDevice(StoreShape.busyPair)) asking for the newest "
                        + "\(Self.pageLimit) entries, \(self.sizes.pages) per repetition (fewer, at least 3, once \(self.sizes.pageSeconds) s have passed); "
                        + "the daemon answered \(answered.large) entries (large) and \(answered.small) (baseline) after the run.",
                ]))
        let judged = self.judged
        func target(_ target: Report.Target) -> Report.Target? { judged ? target : nil }
        let across = { (name: String) in Across(figures[name] ?? []) }
        report.add("floor: bare libzmq ipc round trip p50 (µs)", across("floor.p50"))
        report.add("floor: bare libzmq ipc round trip p99 (µs)", across("floor.p99"))
        report.add("direct send round trip p50 (µs)", across("send.p50"))
        report.add("direct send round trip p99 (µs)", across("send.p99"))
        report.add(
            "direct send p50 ÷ floor p50", pairedRatios(across("send.p50"), across("floor.p50")), digits: 2,
            target: target(.atMost(1.5)))
        report.add(
            "direct send p99 ÷ floor p99", pairedRatios(across("send.p99"), across("floor.p99")), digits: 2,
            target: target(.atMost(2)))
        report.add(
            "floor: bare libzmq user cycles (8 messages) per second, \(senders) users", across("cycleFloor"), digits: 0)
        report.add("acknowledged direct sends per second, \(senders) extensions", across("throughput"), digits: 0)
        report.add(
            "sends per second ÷ cycle floor", pairedRatios(across("throughput"), across("cycleFloor")), digits: 2,
            target: target(.atLeast(0.5)))
        if let recording {
            report.add("direct send round trip p50 while recording (µs)", across("sendRec.p50"))
            report.add("direct send round trip p99 while recording (µs)", across("sendRec.p99"))
            report.add(
                "direct send p50 recording ÷ not", pairedRatios(across("sendRec.p50"), across("send.p50")), digits: 2)
            report.add(
                "direct send p99 recording ÷ not", pairedRatios(across("sendRec.p99"), across("send.p99")), digits: 2)
            report.add(
                "acknowledged direct sends per second while recording, \(senders) extensions", across("throughputRec"),
                digits: 0)
            report.add(
                "sends per second recording ÷ not", pairedRatios(across("throughputRec"), across("throughput")),
                digits: 2)
            report.facts.notes.append(
                "Recording: a second daemon like the direct-send one records a session from before its first send to the end (\(try recording.stop()) steps); its figures are taken in the same repetitions."
            )
        }
        let world = self.sizes.worldConversations
        for (kind, label) in [("kept", "kept"), ("undone", "undone")] {
            report.add(
                "machine: a user's send, its unit \(label), 10 conversations (µs)", across("unit10.\(kind)"), digits: 1)
            report.add(
                "machine: a user's send, its unit \(label), \(world) conversations (µs)", across("unitLarge.\(kind)"),
                digits: 1)
            report.add(
                "machine: unit \(label), \(world) conversations ÷ 10",
                pairedRatios(across("unitLarge.\(kind)"), across("unit10.\(kind)")),
                digits: 2, target: target(.atMost(1.2)))
        }
        report.add("daemon start → READY, fresh state (ms)", across("ready"), digits: 2, target: target(.atMost(15)))
        report.add("daemon's own start → READY + SIGTERM → exit, a test's world (ms)", across("harness.own"), digits: 2)
        for (name, label) in [("python", "Python fixture (msghost_daemon)"), ("swift", "Swift TestDaemon.with")] {
            report.add("\(label): start + stop (ms)", across("harness.\(name)"), digits: 2)
            report.add(
                "\(label) start + stop ÷ the daemon's own",
                pairedRatios(across("harness.\(name)"), across("harness.own")), digits: 2, target: target(.atMost(1.2)))
        }
        for (name, label) in [("c", "C"), ("python", "Python")] {
            report.add("\(label) extension: bare spawn → hello (ms)", across("bare.\(name)"), digits: 2)
            report.add("\(label) extension: open → active, cold (ms)", across("launch.\(name)"), digits: 2)
            report.add(
                "\(label) cold launch ÷ bare spawn → hello", across("launchRatio.\(name)"), digits: 2,
                target: target(.atMost(1.15)))
        }
        report.add("floor: idle Swift program linking Foundation, RSS (MB)", megabytes(floorRSS))
        report.add("daemon RSS idle (MB)", megabytes(idle), target: target(.atMost(24)))
        report.add("daemon RSS, \(self.sizes.conversations) conversations (MB)", megabytes(manyRSS))
        report.add("daemon RSS, \(Self.baselineMessages) stored messages (MB)", megabytes(small.daemon.residentBytes))
        report.add(
            "daemon RSS, \(self.storedMessages) stored messages (MB)", megabytes(large.daemon.residentBytes),
            target: target(.atMost(64)))
        report.add(
            "daemon RSS with \(self.storedMessages) stored ÷ idle",
            pairedRatios(megabytes(large.daemon.residentBytes), megabytes(idle)), digits: 2,
            target: target(.atMost(1.5)))
        report.add(
            "daemon start → READY with \(self.storedMessages) stored messages (ms)", Across([large.ready]), digits: 0)
        report.add(
            "start → READY with \(self.storedMessages) stored ÷ fresh state",
            Across([large.ready / across("ready").median]), digits: 2, target: target(.atMost(2)))
        report.add("direct send p50, \(Self.baselineMessages) stored (µs)", across("send1k.p50"))
        report.add("direct send p50, \(self.storedMessages) stored (µs)", across("sendLarge.p50"))
        report.add(
            "send p50 at \(self.storedMessages) ÷ at \(Self.baselineMessages)",
            pairedRatios(across("sendLarge.p50"), across("send1k.p50")), digits: 2, target: target(.atMost(1.1)))
        for (name, stored) in [("page1k", Self.baselineMessages), ("pageLarge", self.storedMessages)] {
            let goal = stored == self.storedMessages ? target(.atMost(5)) : nil
            report.add(
                "control transcript, newest \(Self.pageLimit), \(stored) stored, p50 (ms)", across("\(name).p50"),
                digits: 2, target: goal)
            report.add(
                "control transcript, newest \(Self.pageLimit), \(stored) stored, p99 (ms)", across("\(name).p99"),
                digits: 2)
        }
        return report
    }

    /// A daemon started once (world seeded), stopped, given `messages` stored messages shaped
    /// as `StoreShape` says, started again (timed) and its C extension opened in the busy
    /// conversation, sending in a session the store holds.
    private func storeDaemon(_ name: String, messages: Int) throws -> (
        daemon: BenchDaemon, sends: DirectSendSuite, pages: TranscriptPageSuite, ready: Double
    ) {
        let world = BenchWorld(pairs: StoreShape.conversations, apps: self.apps(name))
        let daemon = try BenchDaemon(binary: self.binary, directory: "\(self.directory)/\(name)", world: world)
        try daemon.start()
        daemon.stop()
        self.log("\(name): storing \(messages) messages")
        try MemorySuite.seedMessages(daemon, count: messages, app: Self.cApp)
        let ready = try daemon.start()
        let (device, conversation) = (
            BenchWorld.senderDevice(StoreShape.busyPair), BenchWorld.conversation(StoreShape.busyPair)
        )
        let sends = DirectSendSuite(
            daemon: daemon, device: device, conversation: conversation, app: Self.cApp, session: StoreShape.sendSession,
            samplesPrefix: "\(self.directory)/\(name).samples.c")
        try sends.open()
        let pages = TranscriptPageSuite(
            daemon: daemon, device: device, conversation: conversation, limit: Self.pageLimit)
        return (daemon, sends, pages, ready)
    }

    /// Which msghostd was measured: its path, and whether its Swift runtime is linked in
    /// (`scripts/bench` builds it with `--static-swift-stdlib`) or loaded from shared objects,
    /// as read from the running daemon's mappings.
    static func build(of daemon: BenchDaemon) -> String {
        guard daemon.pid > 0, let objects = Processes.sharedObjects(daemon.pid), !objects.isEmpty else {
            return "msghostd: \(daemon.binary)"
        }
        let runtime =
            objects.contains("libswiftCore.so")
            ? "the Swift runtime and Foundation as shared objects"
            : "the Swift runtime and Foundation linked in (--static-swift-stdlib)"
        return "msghostd: \(daemon.binary), with \(runtime); \(objects.count) shared objects mapped."
    }

    /// "Linux 6.1 x86_64, 2 CPUs, libzmq 4.3.4".
    static func machine() -> String {
        var name = utsname()
        uname(&name)
        let field = { (value: Any) in
            Mirror(reflecting: value).children.compactMap { $0.value as? CChar }.prefix { $0 != 0 }.map {
                Character(UnicodeScalar(UInt8(bitPattern: $0)))
            }
        }
        return "\(String(field(name.sysname))) \(String(field(name.release))) \(String(field(name.machine))), "
            + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs, libzmq \(ZMQContext.version)"
    }
}
