import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Play random but legal users against a fresh daemon, chosen by a seed, and report what the apps did wrong.",
        discussion: """
            Starts msghostd on the world file and the apps' manifests (manual clock, its own temporary \
            directory) and takes up to --steps steps: opening and closing apps, expanding them, activating \
            their views' buttons and tapping their screens with generated text, sending and cancelling what \
            they staged, tapping bubbles old and new, moving the clock past the idle timeout (termination, \
            then a cold launch), reinstalling (new participant identifiers). After each step the daemon \
            settles and its events are read: a crash or an exit nothing asked for, a missed deadline, a \
            launch that failed, memory over the limit, a send or request Messages refused, an error \
            answered to a callback, an app that shows another screen when launched cold after a termination \
            at the same point of the conversation, an invariant of --invariants that fails — each a finding. The same seed, build and world make the same run. \
            The run is recorded (--output): `msghostctl replay` plays it, `msghostctl export-test` makes \
            it a test. Exit status: 0 no finding, 1 findings (listed), 2 the run cannot start (the reason \
            is named). See docs/EXPLORE.md.
            """)

    @Option(help: "The world file (people, devices, conversations, installs; config/world.yaml's form).") var world:
        String
    @Option(help: "The folder of the apps' manifests (config/apps' form).") var apps: String
    @Option(help: "The seed (0 … 18446744073709551615): the same seed makes the same run.") var seed: String = "1"
    @Option(help: "The most steps to take (1 … 1000000).") var steps: Int = 200
    @Option(help: "The most seconds to run (a budget beside --steps).") var seconds: Double?
    @Option(help: "Only this app of the world (its bundle id): opened, tapped and reinstalled alone.") var app: String?
    @Option(
        help:
            "How often each kind of step is chosen, over the defaults: open=6,close=2,chevron=2,activate=8,tapScreen=8,send=5,cancel=1,tapBubble=4,advanceClock=3,reinstall=1."
    ) var weights: String?
    @Flag(help: "Go on after the first finding and report every one.") var all = false
    @Option(name: .shortAndLong, help: "Write the run's session here (JSON lines, docs/RECORDING.md).") var output:
        String?
    @Option(help: "The msghostd to run (default: $MSGHOSTD, the one beside msghostctl, else PATH's).") var msghostd:
        String?
    @Flag(help: "Print each step as it is taken.") var verbose = false
    @Flag(
        help:
            "Keep a failing run as it is (else it is cut down to a smallest run that fails the same way, and that is the session written)."
    ) var noShrink = false
    @Option(help: "The most runs the shrinking may try (1 … 10000).") var shrinkTries: Int = 300
    @Flag(help: "Do not play a run without findings again to check that the apps do the same twice.")
    var noReplayCheck = false
    @Flag(
        help:
            "Stop once every situation the user's actions can bring about was reached (the coverage table), or at the budget."
    ) var untilCovered = false
    @Flag(help: "Print the table of the host's situations the run reached.") var coverage = false
    @Option(
        help:
            "A Python file of the user's invariants: each function named invariant_… is called after every step with the world's screens and transcripts; an assert that fails is a finding."
    ) var invariants: String?

    func run() throws {
        guard let seed = UInt64(self.seed) else {
            throw Self.cannotRun("--seed \(self.seed): give a whole number from 0 to 18446744073709551615")
        }
        let weights: [ExploreKind: Int]
        do {
            weights = try ExploreKind.weights(self.weights)
        } catch {
            throw Self.cannotRun(error.description)
        }
        guard (1...1_000_000).contains(self.steps) else {
            throw Self.cannotRun("--steps \(self.steps): give 1 to 1000000")
        }
        guard (1...10_000).contains(self.shrinkTries) else {
            throw Self.cannotRun("--shrink-tries \(self.shrinkTries): give 1 to 10000")
        }
        if let seconds = self.seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
            throw Self.cannotRun("--seconds \(seconds): give more than 0 and at most 86400")
        }
        for (flag, path, directory) in [("--world", self.world, false), ("--apps", self.apps, true)] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue == directory
            else {
                throw Self.cannotRun("\(flag) \(path): no such \(directory ? "folder" : "file")")
            }
        }
        guard let msghostd = ReplayDaemon.binary(self.msghostd) else {
            throw Self.cannotRun("no msghostd found: pass --msghostd PATH or set $MSGHOSTD")
        }
        let invariants: ExploreInvariants?
        do {
            invariants = try self.invariants.map { try ExploreInvariants(path: $0) }
        } catch let error as ExploreError {
            throw Self.cannotRun(error.description)
        }
        defer { invariants?.stop() }
        let daemon: ReplayDaemon
        let client: ControlClient
        do {
            (daemon, client) = try ReplayDaemon.started {
                try ReplayDaemon(world: self.world, apps: self.apps, msghostd: msghostd, seed: seed)
            }
        } catch {
            throw Self.cannotRun("the world could not be started: \(error)")
        }
        defer { daemon.stop() }
        let outcome: Explorer.Outcome
        var shrunk: (steps: [ExploreStep], tries: Int, finding: ExploreFinding)?
        var divergence: String?
        do {
            _ = try client.request(.startRecording, as: RecordingResult.self)
            let explorer = try Explorer(
                client: client,
                options: .init(
                    seed: seed, steps: self.steps, seconds: self.seconds, app: self.app, weights: weights,
                    stopAtFirst: !self.all,
                    invariants: invariants, untilCovered: self.untilCovered))
            outcome = try explorer.run { step, number in if self.verbose { print("\(number). \(step.summary)") } }
            _ = try client.request(.stopRecording, as: RecordingResult.self)
            let lines = try client.recordedSession()
            if outcome.findings.isEmpty && !self.noReplayCheck {
                divergence = try self.replayCheck(lines, msghostd: msghostd)
            }
            if let output = self.output, outcome.findings.isEmpty || self.noShrink {
                let found =
                    divergence.map { [ExploreFinding(kind: .nondeterministic, step: outcome.steps.count, event: $0)] }
                    ?? outcome.findings
                try Record.write(
                    try ExploreSession.lines(lines, findings: found, invariants: self.invariants), to: output
                ) { _ in }
            }
            if let first = outcome.findings.first, !self.noShrink {
                shrunk = try self.shrink(
                    Array(outcome.steps.prefix(first.step)), finding: first, msghostd: msghostd, invariants: invariants)
            }
        } catch let error as ExploreError {
            throw Self.cannotRun(error.description)
        } catch let error as ControlClient.TransportError {
            throw Self.cannotRun("the daemon stopped answering: \(error.description)\n\(daemon.log)")
        } catch let error as WireError {
            throw Self.cannotRun(
                "the daemon refused the run: \(error.description) (\(error.domain) \(error.code) \(error.name))")
        }
        let counts = Dictionary(grouping: outcome.steps, by: \.kind).mapValues(\.count)
        print(
            "explored \(outcome.steps.count) steps with seed \(seed): "
                + ExploreKind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }.joined(
                    separator: ", "))
        if self.coverage || self.untilCovered {
            print(outcome.coverage.table())
            if self.untilCovered {
                print(
                    outcome.coverage.missing.isEmpty
                        ? "every one reached: stopped at step \(outcome.steps.count)"
                        : "not reached within the budget: \(outcome.coverage.missing.map(\.name).joined(separator: "; "))"
                )
            }
        }
        if let output = self.output {
            print("session: \(output) (msghostctl replay \(output); msghostctl export-test \(output))")
        }
        if let divergence {
            print("1 finding: the run played again on a fresh daemon did not do the same (a nondeterministic app):")
            print(divergence.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            throw ExitCode(1)
        }
        guard !outcome.findings.isEmpty else {
            print("no finding\(self.noReplayCheck ? "" : " (and the same again when played again)")")
            return
        }
        print("\(outcome.findings.count) finding\(outcome.findings.count == 1 ? "" : "s"):")
        for finding in outcome.findings {
            print("  \(finding)")
            print("    after: \(outcome.steps[finding.step - 1].summary)")
            if let screens = finding.screens {
                print(screens.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            }
        }
        if let shrunk {
            print(
                "shrunk to \(shrunk.steps.count) step\(shrunk.steps.count == 1 ? "" : "s") (from \(outcome.findings[0].step), in \(shrunk.tries) runs), which fail the same way (\(shrunk.finding)):"
            )
            for (index, step) in shrunk.steps.enumerated() { print("  \(index + 1). \(step.summary)") }
        }
        throw ExitCode(1)
    }

    /// The run's session played again on a fresh daemon with the same manifests (`replay`): a
    /// divergence, said as replay says it, is an app that does not do the same twice.
    private func replayCheck(_ lines: [String], msghostd: String) throws -> String? {
        let session: Session
        do {
            session = try SessionReader.read(Array(lines.map { $0 + "\n" }.joined().utf8))
        } catch {
            throw ExploreError("the run's recording could not be read back: \(error.description)")
        }
        let (daemon, client) = try ReplayDaemon.started {
            try ReplayDaemon(session: session.start, msghostd: msghostd, apps: self.apps)
        }
        defer { daemon.stop() }
        let replayer = Replayer(session: session, client: client)
        do {
            try replayer.prepare()
            try replayer.play(until: nil)
        } catch let divergence as Replayer.Divergence {
            return divergence.description
        }
        return nil
    }

    /// The run cut down (ExploreShrinker), each try on a fresh daemon; the smallest played once
    /// more with the recording on, for --output.
    private func shrink(
        _ steps: [ExploreStep], finding: ExploreFinding, msghostd: String, invariants: ExploreInvariants?
    ) throws -> (steps: [ExploreStep], tries: Int, finding: ExploreFinding) {
        func play(_ steps: [ExploreStep], recordTo output: String?) throws -> ExploreFinding? {
            let seed = UInt64(self.seed) ?? 1
            let (daemon, client) = try ReplayDaemon.started {
                try ReplayDaemon(world: self.world, apps: self.apps, msghostd: msghostd, seed: seed)
            }
            defer { daemon.stop() }
            if output != nil { _ = try client.request(.startRecording, as: RecordingResult.self) }
            let found = try ExplorePlayer(client: client, invariants: invariants).firstFinding(of: steps)
            if let output {
                _ = try client.request(.stopRecording, as: RecordingResult.self)
                try Record.write(
                    try ExploreSession.lines(
                        try client.recordedSession(), findings: found.map { [$0] } ?? [], invariants: self.invariants),
                    to: output
                ) { _ in }
            }
            return found
        }
        var shrinker = ExploreShrinker(budget: self.shrinkTries) { candidate in
            guard let found = try play(candidate, recordTo: nil), found.kind == finding.kind, found.app == finding.app
            else { return nil }
            return found.step
        }
        let smallest = try shrinker.shrink(steps)
        let again = try play(smallest, recordTo: self.output)
        guard let again, again.kind == finding.kind, again.app == finding.app else {
            throw ExploreError(
                "the shrunk run of \(smallest.count) steps did not fail again the same way: the app is not deterministic (run with --no-shrink to keep the whole run)"
            )
        }
        return (smallest, shrinker.tries, again)
    }

    static func cannotRun(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("msghostctl: explore: \(message)\n".utf8))
        return ExitCode(2)
    }
}
