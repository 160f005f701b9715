import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// I/O faults (PROTOCOL.md §3.5, RELIABILITY.md "I/O faults"): with the state directory full
/// (`DiskLimit`: RLIMIT_FSIZE on the running daemon), nothing is acknowledged that was not
/// stored, the request whose change was lost is answered `storageUnavailable`, the daemon stays
/// up and answers what needs no write, its memory agrees with its store again, and once there
/// is room it stores again — and what it then acknowledged survives `kill -9`. The same holds
/// for a state directory it may not write.
@Suite(.serialized) struct StorageFaultTests {
    static let kate = "kate-iphone"
    static let john = "john-iphone"

    @Test func anExtensionSendWithTheDiskFullIsNotStoredAndSendsOnceThereIsRoom() throws {
        try ErrorScene.run(.init()) { scene in
            try scene.touch()
            try DiskLimit.fill(scene.daemon)
            let refused = try Self.status(scene.sendText())
            #expect(refused.failure?.isHost(.storageUnavailable) == true, "got \(String(describing: refused.failure))")
            #expect(scene.daemon.isRunning)
            // Reads still answer, and show nothing of the lost send.
            #expect(try scene.daemon.transcript(Self.kate).isEmpty)
            #expect(try scene.daemon.transcript(Self.john).isEmpty)

            try DiskLimit.lift(scene.daemon)
            // The lost send consumed nothing: the same touch still allows one send.
            let sent = try Self.status(scene.sendText())
            #expect(sent.isOK, "got \(String(describing: sent.failure))")
            #expect(try scene.daemon.transcript(Self.kate).map(\.text) == ["hi"])
            #expect(try scene.daemon.transcript(Self.john).map(\.text) == ["hi"])

            kill(scene.daemon.pid, SIGKILL)
            #expect(scene.daemon.waitForExit() != nil)
            try scene.daemon.restart()
            #expect(
                try scene.daemon.transcript(Self.john).map(\.text) == ["hi"],
                "what was acknowledged after the fault survives kill -9")
        }
    }

    /// The machine had made the person in memory before the commit failed; had it kept her,
    /// the second `createPerson` would be `alreadyExists` and acknowledge nothing stored.
    @Test func aControlChangeWithTheDiskFullIsUndoneInMemoryToo() throws {
        try ErrorScene.run(.init()) { scene in
            let amy = CreatePersonRequest(handle: "amy@example.com", name: "Amy")
            try DiskLimit.fill(scene.daemon)
            let refused = try Self.status(scene.controlRequest(.createPerson, amy))
            #expect(refused.failure?.isHost(.storageUnavailable) == true, "got \(String(describing: refused.failure))")
            #expect(scene.daemon.isRunning)
            #expect(try !Self.people(scene.daemon).contains(amy.handle))

            try DiskLimit.lift(scene.daemon)
            let made = try Self.status(scene.controlRequest(.createPerson, amy))
            #expect(made.isOK, "got \(String(describing: made.failure))")
            kill(scene.daemon.pid, SIGKILL)
            #expect(scene.daemon.waitForExit() != nil)
            try scene.daemon.restart()
            #expect(try Self.people(scene.daemon).contains(amy.handle))
        }
    }

    /// Requests sent at once are read in one burst and committed together (group commit):
    /// each still gets its own answer, and a request that changes nothing (`status`) is not
    /// refused for the others' sake.
    @Test func aBurstWithTheDiskFullIsAnsweredRequestByRequest() throws {
        try ErrorScene.run(.init()) { scene in
            try DiskLimit.fill(scene.daemon)
            let refused = try Self.burst(scene, prefix: "full")
            #expect(refused.count == 21)
            #expect(refused.filter { $0.value?.isHost(.storageUnavailable) == true }.count == 20, "\(refused)")
            #expect(refused.filter { $0.value == nil }.count == 1, "status answers ok: \(refused)")
            #expect(try Self.people(scene.daemon).count == 2)

            try DiskLimit.lift(scene.daemon)
            let stored = try Self.burst(scene, prefix: "room")
            #expect(stored.values.allSatisfy { $0 == nil }, "\(stored)")
            #expect(try Self.people(scene.daemon).count == 22)
        }
    }

    /// A state directory the daemon may not write when it starts (root ignores file modes, so
    /// the daemon runs as nobody; a directory cannot become read-only under a running daemon —
    /// the kernel refuses to remount while the store is open for writing): SQLite opens the
    /// store read-only, the daemon says READY and
    /// answers reads, every change is answered `storageUnavailable` and kept nowhere, and once
    /// the directory is writable again the next change is stored — without a restart.
    @Test(.enabled(if: getuid() == 0, "runs the daemon as uid 65534, which needs root"))
    func aReadOnlyStateDirectoryServesReadsRefusesChangesAndStoresOnceWritable() throws {
        let directory = "/tmp/msghost-readonly-\(UUID().uuidString.prefix(8))"
        var daemon: Process?
        defer {
            if let daemon, daemon.isRunning {
                kill(daemon.processIdentifier, SIGKILL)
                daemon.waitUntilExit()
            }
            Self.run("/bin/chmod", ["-R", "u+w", directory])
            try? FileManager.default.removeItem(atPath: directory)
        }
        let fm = FileManager.default
        try fm.createDirectory(
            atPath: directory + "/config/apps", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try "log:\n  level: info\n".write(
            toFile: directory + "/config/msghostd.yaml", atomically: true, encoding: .utf8)
        for sub in ["state", "run"] {
            try fm.createDirectory(
                atPath: "\(directory)/\(sub)", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        }
        Self.run("/bin/chown", ["-R", "65534:65534", directory + "/state", directory + "/run"])
        let control = try ControlClient(endpoint: "ipc://\(directory)/run/control.sock")
        let amy = CreatePersonRequest(handle: "amy@example.com", name: "Amy")
        let ben = CreatePersonRequest(handle: "ben@example.com", name: "Ben")

        // First start, writable: Amy is stored; then kill -9, which leaves the WAL files (a
        // clean stop may remove them, and then SQLite cannot open the store read-only at all:
        // the daemon exits at start with status 78 naming the directory, PROTOCOL.md §3.5).
        daemon = try Self.unprivilegedDaemon(directory)
        try control.request(.createPerson, amy, as: PersonResult.self, timeout: 20)
        if let pid = daemon?.processIdentifier { kill(pid, SIGKILL) }
        daemon?.waitUntilExit()

        // Read-only for the daemon's user.
        Self.run("/bin/chmod", ["-R", "a-w", directory + "/state"])
        daemon = try Self.unprivilegedDaemon(directory)
        let people = try Self.handles(control)
        #expect(people.contains(amy.handle), "reads answer: \(people)")
        do {
            try control.request(.createPerson, ben, as: PersonResult.self)
            Issue.record("createPerson on a read-only store was acknowledged")
        } catch let error as WireError {
            #expect(error.isHost(.storageUnavailable), "got \(error)")
            #expect(error.description.contains("readonly"), "the description says why: \(error.description)")
        }
        #expect(daemon?.isRunning == true)
        #expect(try !Self.handles(control).contains(ben.handle))

        // Writable again: stored at once, and kept through kill -9.
        Self.run("/bin/chmod", ["-R", "u+w", directory + "/state"])
        try control.request(.createPerson, ben, as: PersonResult.self)
        if let pid = daemon?.processIdentifier { kill(pid, SIGKILL) }
        daemon?.waitUntilExit()
        daemon = try Self.unprivilegedDaemon(directory)
        #expect(try Self.handles(control).contains(ben.handle))
    }

    // MARK: Helpers

    static func status(_ outcome: ErrorOutcome) throws -> ReplyStatus {
        guard case .reply(let reply, _, _) = outcome else {
            throw TestDaemonError(description: "expected a reply, got \(outcome)")
        }
        return try reply.envelope.decodeBody(ReplyStatus.self)
    }

    static func people(_ daemon: TestDaemon) throws -> [String] {
        try daemon.control(.world, Empty(), as: WorldResult.self).people.map(\.handle)
    }

    /// 20 `createPerson` and a `status` sent without waiting, then every answer, by request id
    /// (nil: ok).
    static func burst(_ scene: ErrorScene, prefix: String) throws -> [String: WireError?] {
        var ids: [String] = []
        for index in 0..<20 {
            ids.append(
                try scene.postControl(
                    .createPerson, CreatePersonRequest(handle: "\(prefix)\(index)@example.com", name: "P\(index)")))
            if index == 10 { ids.append(try scene.postControl(.status)) }
        }
        var answers: [String: WireError?] = [:]
        for _ in ids {
            let reply = try ErrorScene.reply(on: try scene.control)
            answers[reply.header.replyTo ?? "?"] = try reply.envelope.decodeBody(ReplyStatus.self).failure
        }
        #expect(Set(answers.keys) == Set(ids), "every request answered once, to its own id")
        return answers
    }

    static func handles(_ control: ControlClient) throws -> [String] {
        try control.request(.world, as: WorldResult.self, timeout: 20).people.map(\.handle)
    }

    /// msghostd as uid 65534 on `directory`'s config, state and runtime directories.
    static func unprivilegedDaemon(_ directory: String) throws -> Process {
        let log = directory + "/msghostd-\(UUID().uuidString.prefix(4)).log"
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", TestPaths.msghostd,
            "--config", directory + "/config/msghostd.yaml", "--state-directory", directory + "/state",
            "--runtime-directory", directory + "/run", "--apps-directory", directory + "/config/apps",
        ]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Runs a tool to its end; -1 if it could not be started.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
