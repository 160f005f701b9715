import Foundation
import MsgHostControl
import MsgHostProtocol

/// `--recording`: a direct-send daemon like the plain one, recording a session (control
/// `startRecording`) from before its first send, so that the send figures with a recording
/// under way are taken in the same run, the same repetitions, as those without
/// (docs/PERFORMANCE.md, "Recording and replay").
struct RecordingSends {
    let daemon: BenchDaemon
    let sends: [DirectSendSuite]
    let throughput: ThroughputSuite

    init(run: BenchRun, senders: Int) throws {
        let daemon = try BenchDaemon(
            binary: run.binary, directory: run.directory + "/send-recording",
            world: BenchWorld(pairs: senders, apps: run.apps("send-recording")))
        try daemon.start()
        do {
            _ = try daemon.control.request(.startRecording, Empty(), as: RecordingResult.self)
            let sends = (1...senders).map { i in
                DirectSendSuite(
                    daemon: daemon, device: BenchWorld.senderDevice(i), conversation: BenchWorld.conversation(i),
                    app: BenchRun.cApp,
                    samplesPrefix: "\(run.directory)/send-recording.samples.c")
            }
            for suite in sends { try suite.open() }
            self.daemon = daemon
            self.sends = sends
            self.throughput = ThroughputSuite(daemon: daemon, senders: sends)
        } catch {
            daemon.stop()
            throw error
        }
    }

    /// Stops the recording; the steps it holds.
    func stop() throws -> Int {
        try self.daemon.control.request(.stopRecording, Empty(), as: RecordingResult.self).steps
    }
}
