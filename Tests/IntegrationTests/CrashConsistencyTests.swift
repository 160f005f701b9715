import Foundation
import MsgHostTesting
import Testing

/// The fast version of `scripts/crash-trials` (RELIABILITY.md, "Crash consistency"): a few
/// trials of SIGKILL while four devices send, stage and install, each followed by a restart
/// on the same state directory that must lose nothing acknowledged, pass `PRAGMA
/// integrity_check` and reach READY. The 100-trial run is manual.
@Suite(.serialized) struct CrashConsistencyTests {
    @Test func killNineLosesNothingAcknowledged() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", TestPaths.repository + "/scripts/crash-trials", "--trials", "3", "--msghostd",
            TestPaths.msghostd,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "crash-trials failed:\n\(text)")
        #expect(text.contains("crash-trials: 3 trials ("), "\(text)")
        // The trials acknowledged something to check, or they proved nothing.
        let checked = text.firstMatch(of: /changes checked after restarts: (\d+)/).flatMap { Int($0.1) } ?? 0
        #expect(checked > 0, "\(text)")
    }
}
