import Foundation
import Testing

@testable import MsgHost

/// What a restarted daemon kills (docs/PROTOCOL.md §4.7, "No orphans"): every group an
/// earlier daemon recorded that is still there, with what it started; and nothing that only
/// looks like it (another boot, a number since given to another process, the daemon's own
/// group).
@Suite(.serialized) struct ExtensionPIDFileTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    /// A shell leading its own group (as an extension does) with a background `sleep`.
    struct Group {
        let leader: pid_t
        let child: pid_t
        var pids: [pid_t] { [self.leader, self.child] }

        init() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["sh", "-c", "sleep 600 & echo $$ $!; wait"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let pids = line.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
            guard pids.count == 2 else { throw TestError(description: "the shell said \(line)") }
            (self.leader, self.child) = (pids[0], pids[1])
        }

        var isRunning: Bool { self.pids.contains { ProcessStat.read($0)?.isAlive == true } }
        var isGone: Bool { !self.pids.contains { ProcessStat.read($0)?.isAlive == true } }

        func end() { ProcessGroup.kill(self.leader) }
    }

    struct TestError: Error, CustomStringConvertible { var description: String }

    @Test func aRecordedGroupIsKilledWithWhatItStarted() throws {
        let group = try Group()
        defer { group.end() }
        #expect(ProcessStat.read(group.child)?.pgid == group.leader)
        let path = self.directory.file("extensions.pids")
        ExtensionPIDFile(path: path).record(group.leader)
        kill(group.leader, SIGKILL)  // as the parent-death signal does: the shell dies, its child stays
        #expect(ProcessStat.read(group.child)?.isAlive == true)

        #expect(ExtensionPIDFile(path: path).killLeftovers() == 1)
        #expect(group.isGone)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 1, "nothing left recorded"
        )
        #expect(ExtensionPIDFile(path: path).killLeftovers() == 0)
    }

    @Test func aNumberThatNowNamesAnotherProcessIsLeftAlone() throws {
        let group = try Group()
        defer { group.end() }
        let startTime = try #require(ProcessStat.read(group.leader)?.startTime)
        let path = self.directory.file("extensions.pids")
        let bootID = try #require(ExtensionPIDFile.bootID)
        try "boot \(bootID)\n\(group.leader) \(startTime + 1)\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(ExtensionPIDFile(path: path).killLeftovers() == 0)
        #expect(group.isRunning)
    }

    @Test func aFileFromAnotherBootIsNotActedOn() throws {
        let group = try Group()
        defer { group.end() }
        let startTime = try #require(ProcessStat.read(group.leader)?.startTime)
        let path = self.directory.file("extensions.pids")
        try "boot 00000000-0000-0000-0000-000000000000\n\(group.leader) \(startTime)\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(ExtensionPIDFile(path: path).killLeftovers() == 0)
        #expect(group.isRunning)
    }

    @Test func neverTheWholeMachineInitOrTheDaemonsOwnGroup() {
        for pgid in [-1, 0, 1, getpgrp(), getpid()] {
            #expect(!ProcessGroup.mayBeSignalled(pgid), "\(pgid)")
            #expect(!ProcessGroup.kill(pgid), "\(pgid)")
        }
    }

    @Test func statLinesAreReadFromTheLastParenthesis() {
        let line =
            "4242 (a) b (c) S 1 4240 4240 0 -1 4194560 96 0 0 0 0 0 0 0 20 0 1 0 987654 2322432 226 18446744073709551615"
        #expect(ProcessStat.parse(line) == ProcessStat(pid: 4242, state: "S", pgid: 4240, startTime: 987_654))
        #expect(ProcessStat.parse("4242 (sleep) Z 1") == nil)
        #expect(ProcessStat.read(getpid())?.pgid == getpgrp())
    }
}
