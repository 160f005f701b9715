import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Play a recorded session against a fresh daemon with today's extensions, and report the first step that differs.",
        discussion: """
            Starts msghostd on the session's world (manual clock, its own temporary directory), plays each \
            action at its recorded time, and compares replies, events, callbacks and every device's view with \
            the recording. Exit status: 0 no divergence, 1 a divergence (reported: step, device, instance, \
            recorded and now), 2 the file cannot be played (the reason is named).
            """)

    @Argument(help: "The session file (msghostctl record stop --output FILE).") var file: String
    @Option(help: "Stop after this step and leave the daemon running, to look at with msghostctl or msghost-web.")
    var until: Int?
    @Option(help: "A folder of app manifests to use instead of the session's (e.g. config/apps).") var apps: String?
    @Option(help: "The msghostd to run (default: $MSGHOSTD, the one beside msghostctl, else PATH's).") var msghostd:
        String?

    func run() throws {
        let session: Session
        do {
            session = try SessionFile.read(self.file)
        } catch {
            throw Self.cannotPlay("\(self.file): \(error.description)")
        }
        if let until = self.until, !(1...max(1, session.steps.count)).contains(until) {
            throw Self.cannotPlay("--until \(until): the session has steps 1…\(session.steps.count)")
        }
        guard let msghostd = ReplayDaemon.binary(self.msghostd) else {
            throw Self.cannotPlay("no msghostd found: pass --msghostd PATH or set $MSGHOSTD")
        }
        let daemon: ReplayDaemon
        let client: ControlClient
        do {
            (daemon, client) = try ReplayDaemon.started {
                try ReplayDaemon(session: session.start, msghostd: msghostd, apps: self.apps)
            }
        } catch {
            throw Self.cannotPlay("\(self.file): the session's world could not be started: \(error)")
        }
        var keepRunning = false
        defer { if !keepRunning { daemon.stop() } }
        let replayer = Replayer(session: session, client: client)
        do {
            try replayer.prepare()
            try replayer.play(until: self.until)
        } catch let divergence as Replayer.Divergence {
            print(divergence.description)
            keepRunning = self.until != nil
            if keepRunning { print(Self.stillRunning(daemon)) }
            throw ExitCode(1)
        } catch let error as ReplayRenaming.Unplayable {
            throw Self.cannotPlay("\(self.file): \(error.description)")
        } catch let error as WireError {
            throw Self.cannotPlay(
                "\(self.file): the daemon refused the session's setup: \(error.description) (\(error.domain) \(error.code) \(error.name))"
            )
        } catch let error as ControlClient.TransportError {
            throw Self.cannotPlay("the replay's daemon stopped answering: \(error.description)\n\(daemon.log)")
        }
        let played = self.until ?? session.steps.count
        print("replayed \(played) of \(session.steps.count) steps of \(self.file): no divergence")
        if self.until != nil {
            keepRunning = true
            print(Self.stillRunning(daemon))
        }
    }

    static func stillRunning(_ daemon: ReplayDaemon) -> String {
        """
        the daemon keeps running (pid \(daemon.pid)): msghostctl --endpoint \(daemon.endpoint) …, \
        msghost-web --endpoint \(daemon.endpoint); stop it with kill \(daemon.pid) (its files: \(daemon.directory))
        """
    }

    static func cannotPlay(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("msghostctl: replay: \(message)\n".utf8))
        return ExitCode(2)
    }
}
