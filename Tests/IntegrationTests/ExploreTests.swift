import Foundation
import MsgHostTesting
import Testing

/// `msghostctl explore` (docs/EXPLORE.md): random but legal users from a seed against a fresh
/// daemon, an app's bugs reported with the step that showed them, the same run for the same
/// seed, and a recorded session that `replay` plays.
@Suite(.serialized) struct ExploreTests {
    static let app = "com.example.picker"

    /// A world of Kate and John with the picker fixture (Tests/Fixtures/picker.py, with
    /// `arguments`) on both phones: the world file and the apps folder, in a fresh directory.
    static func world(_ arguments: [String] = []) throws -> (world: String, apps: String) {
        // Each phone its own model: the picker's keychain (--hang-after-reinstall) is the device's.
        let directory = FileManager.default.temporaryDirectory.path + "/explore-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory + "/apps", withIntermediateDirectories: true)
        try """
        people:
          - {handle: kate@example.com, name: Kate Bell}
          - {handle: john@example.com, name: John Appleseed}
        devices:
          - {id: kate-iphone, owner: kate@example.com}
          - {id: john-iphone, owner: john@example.com, model: iPhone15}
        conversations:
          - {id: kate-john, members: [kate@example.com, john@example.com]}
        installs:
          - {device: kate-iphone, app: \(Self.app)}
          - {device: john-iphone, app: \(Self.app)}
        """.write(toFile: directory + "/world.yaml", atomically: true, encoding: .utf8)
        try """
        bundleID: \(Self.app)
        displayName: Picker
        command: python3
        args: [picker.py\(arguments.map { ", " + $0 }.joined())]
        workingDirectory: \(TestPaths.repository)/Tests/Fixtures
        """.write(toFile: directory + "/apps/picker.yaml", atomically: true, encoding: .utf8)
        return (directory + "/world.yaml", directory + "/apps")
    }

    static func explore(_ world: (world: String, apps: String), _ arguments: [String]) throws -> CommandRun {
        try CommandRun(
            TestPaths.msghostctl,
            ["explore", "--world", world.world, "--apps", world.apps, "--msghostd", TestPaths.msghostd] + arguments)
    }

    @Test func anAppThatCrashesOnAColdLaunchFromATappedBubbleIsFound() throws {
        let world = try Self.world(["--crash-when-selected"])
        let session = world.apps + "/../found.jsonl"
        let run = try Self.explore(world, ["--seed", "3", "--steps", "300", "--output", session])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("1 finding:") && run.stdout.contains(": crashed — \(Self.app) on "), "\(run.stdout)")
        // The step that showed it is the tap of a bubble: the app launched with a selected message.
        #expect(run.stdout.contains("    after: tap the "), "\(run.stdout)")
        // Shrunk to at most 10 steps that crash the same way, the last the tap of a bubble after a send.
        let shrunk = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("shrunk to ") }, "\(run.stdout)")
        let count = try #require(Int(shrunk.dropFirst("shrunk to ".count).prefix { $0.isNumber }))
        #expect((2...10).contains(count), "\(run.stdout)")
        let steps = run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true
        }
        #expect(
            steps.count == count && steps.last?.contains(". tap the ") == true
                && steps.contains { $0.contains(". send on ") }, "\(run.stdout)")
        // The shrunk run is the session written, and replay plays it as it was.
        let replay = try CommandRun(TestPaths.msghostctl, ["replay", session, "--msghostd", TestPaths.msghostd])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        try Self.expectTheExportedTestFailsOnTheVariantOnly(session, flag: "--crash-when-selected", failure: "crashed")
    }

    /// The finding's session written as a pytest test: it fails on the variant and passes on the
    /// good picker (the same module with the bug's flag taken out of the app's arguments).
    static func expectTheExportedTestFailsOnTheVariantOnly(_ session: String, flag: String, failure: String) throws {
        let directory = URL(fileURLWithPath: session).deletingLastPathComponent().standardizedFileURL.path
        let found = directory + "/test_found.py"
        let fixed = directory + "/test_fixed.py"
        let export = try CommandRun(TestPaths.msghostctl, ["export-test", session, "--python", "--output", found])
        #expect(export.status == 0, "\(export.stderr)")
        let module = try String(contentsOfFile: found, encoding: .utf8)
        #expect(module.contains(", \"\(flag)\"]"), "the variant's flag is in APPS")
        try module.replacingOccurrences(of: ", \"\(flag)\"]", with: "]").write(
            toFile: fixed, atomically: true, encoding: .utf8)
        for (file, passes) in [(found, false), (fixed, true)] {
            let run = try CommandRun(
                "/usr/bin/env",
                ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "msghost.pytest_plugin", file],
                environment: ["MSGHOSTD": TestPaths.msghostd, "PYTHONPATH": TestPaths.repository + "/python/src"])
            #expect((run.status == 0) == passes, "\(file): \(run.stdout.suffix(1500))")
            if !passes { #expect(run.stdout.contains(failure), "\(file): \(run.stdout.suffix(1500))") }
        }
    }

    static func shrunkSteps(_ stdout: String) -> [Substring] {
        let tail = stdout.components(separatedBy: "\nshrunk to ").last ?? ""
        return tail.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true }
    }

    @Test func anAppThatLosesItsChoiceWhenTerminatedIsFoundWithBothScreens() throws {
        let world = try Self.world(["--forget-on-termination"])
        let session = world.apps + "/../found.jsonl"
        let run = try Self.explore(world, ["--seed", "1", "--steps", "300", "--output", session])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(": stateLost — \(Self.app) on "), "\(run.stdout)")
        // Both screens side by side, the line that differs marked.
        #expect(
            run.stdout.contains("before it was ended:") && run.stdout.contains("text: Chosen: lemonade")
                && run.stdout.contains("≠ text: Chosen: nothing"), "\(run.stdout)")
        let steps = Self.shrunkSteps(run.stdout)
        #expect((4...10).contains(steps.count) && steps.last?.contains("launched cold") == true, "\(run.stdout)")
        try Self.expectTheExportedTestFailsOnTheVariantOnly(
            session, flag: "--forget-on-termination", failure: "opened again after its process was ended")
    }

    /// Saved only when told it will be ended: idle terminations keep its state, but a process
    /// the device ends for memory (unwarned, as iOS does) loses it.
    @Test func anAppThatSavesOnlyWhenToldItWillBeEndedIsFoundByMemoryPressure() throws {
        let world = try Self.world(["--save-on-terminate"])
        let session = world.apps + "/../found.jsonl"
        let run = try Self.explore(
            world, ["--seed", "1", "--steps", "200", "--weights", "memory=4", "--output", session])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(": stateLost — \(Self.app) on ") && run.stdout.contains("≠ text: Chosen: nothing"),
            "\(run.stdout)")
        let steps = Self.shrunkSteps(run.stdout)
        #expect(
            (3...10).contains(steps.count) && steps.contains { $0.contains(" short of memory ends \(Self.app)") },
            "\(run.stdout)")
        try Self.expectTheExportedTestFailsOnTheVariantOnly(
            session, flag: "--save-on-terminate", failure: "opened again after its process was ended")
    }

    @Test func anAppThatHangsInDidReceiveAfterAReinstallIsFound() throws {
        let world = try Self.world(["--hang-after-reinstall"])
        let session = world.apps + "/../found.jsonl"
        let run = try Self.explore(world, ["--seed", "2", "--steps", "300", "--output", session])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(": unresponsive — \(Self.app) on ")
                && run.stdout.contains("didReceive not acknowledged"), "\(run.stdout)")
        let steps = Self.shrunkSteps(run.stdout)
        #expect((3...10).contains(steps.count) && steps.contains { $0.contains(". reinstall ") }, "\(run.stdout)")
        try Self.expectTheExportedTestFailsOnTheVariantOnly(
            session, flag: "--hang-after-reinstall", failure: "unresponsive")
    }

    @Test func twoPlayersWhoSeeDifferentBoardsAfterSendingAtOnceFailTheUsersInvariant() throws {
        let world = try Self.world(["--board-by-arrival"])
        let session = world.apps + "/../found.jsonl"
        let invariants = TestPaths.repository + "/Tests/Fixtures/picker_invariants.py"
        let run = try Self.explore(
            world,
            [
                "--seed", "1", "--steps", "400", "--weights", "reinstall=0", "--invariants", invariants, "--output",
                session,
            ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                ": invariant: picker_invariants.py: invariant_both_players_see_the_same_board failed: "),
            "\(run.stdout)")
        let steps = Self.shrunkSteps(run.stdout)
        #expect(
            (4...10).contains(steps.count) && steps.contains { $0.contains(". hold the messages to ") }, "\(run.stdout)"
        )
        try Self.expectTheExportedTestFailsOnTheVariantOnly(
            session, flag: "--board-by-arrival", failure: "shows the board")
    }

    @Test func theSameSeedMakesTheSameRunAndAGoodAppHasNoFinding() throws {
        let world = try Self.world()
        let first = try Self.explore(world, ["--seed", "11", "--steps", "250", "--verbose"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.hasSuffix("no finding (and the same again when played again)\n"), "\(first.stdout)")
        // Every kind of step the picker allows was taken.
        for kind in [
            "open", "close", "chevron", "activate", "send", "tapBubble", "advanceClock", "reinstall", "hold", "release",
        ] {
            #expect(first.stdout.contains(" \(kind)"), "no \(kind) step in:\n\(first.stdout.suffix(400))")
        }
        let sessions = (world.apps + "/../first.jsonl", world.apps + "/../second.jsonl")
        let second = try Self.explore(world, ["--seed", "11", "--steps", "250", "--verbose", "--output", sessions.0])
        #expect(
            second.stdout.replacingOccurrences(
                of: "session: \(sessions.0) (msghostctl replay \(sessions.0); msghostctl export-test \(sessions.0))\n",
                with: "") == first.stdout, "the same seed, another run")
        // Byte for byte the same session file (identifiers seeded, the clock from the same start,
        // processes numbered, what two phones did at once written phone by phone).
        _ = try Self.explore(world, ["--seed", "11", "--steps", "250", "--output", sessions.1])
        #expect(
            FileManager.default.contentsEqual(atPath: sessions.0, andPath: sessions.1),
            "the same seed wrote another session")
        let other = try Self.explore(world, ["--seed", "12", "--steps", "250", "--verbose"])
        #expect(other.stdout != first.stdout)
    }

    @Test func anAppThatSendsWithoutATouchWhenMessagesArriveOutOfOrderIsFoundAndShrunk() throws {
        let run = try Self.explore(
            try Self.world(["--resync-on-reorder"]), ["--seed", "4", "--steps", "400", "--no-replay-check"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(": refused — \(Self.app) on ")
                && run.stdout.contains("sendWithoutRecentInteraction code 9"), "\(run.stdout)")
        let steps = run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true
        }
        #expect((3...10).contains(steps.count), "\(run.stdout)")
        // Only after a reorder: the messages held for one phone, then released newest first.
        #expect(steps.contains { $0.contains(". hold the messages to ") }, "\(run.stdout)")
        #expect(steps.last?.contains("in reverse order") == true, "\(run.stdout)")
    }

    @Test func anAppThatDoesNotDoTheSameTwiceIsFoundByPlayingTheRunAgain() throws {
        let run = try Self.explore(try Self.world(["--flaky"]), ["--seed", "5", "--steps", "80"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "1 finding: the run played again on a fresh daemon did not do the same (a nondeterministic app):"),
            "\(run.stdout)")
        #expect(run.stdout.contains("  divergence at step "), "\(run.stdout)")
    }

    @Test func badInputIsNamedWithExitStatusTwo() throws {
        let world = try Self.world()
        for (arguments, said) in [
            (["--app", "com.example.nothing"], "--app com.example.nothing: the world has no such app"),
            (["--seed=-1"], "--seed -1: give a whole number"),
            (["--seed", "18446744073709551616"], "--seed 18446744073709551616: give a whole number"),
            (["--steps", "0"], "--steps 0: give 1 to 1000000"),
            (["--weights", "open=3,fly=2"], "--weights: fly=2 is not KIND=WEIGHT"),
            (["--weights", "open=-1"], "--weights: the weight of open must be a whole number from 0 to 1000"),
        ] {
            let run = try Self.explore(world, arguments)
            #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("msghostctl: explore: \(said)"), "\(arguments): \(run.stderr)")
        }
        // An invariants file that does not import, or has no invariant.
        let broken = world.apps + "/../broken.py"
        try "import nothing_of_that_name\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let raising = try Self.explore(world, ["--invariants", broken])
        #expect(
            raising.status == 2
                && raising.stderr.contains(
                    "--invariants \(broken): does not import: ModuleNotFoundError: No module named 'nothing_of_that_name' (line 1)"
                ), "\(raising.stderr)")
        try "def check(world):\n    pass\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let none = try Self.explore(world, ["--invariants", broken])
        #expect(
            none.status == 2 && none.stderr.contains("has no function whose name begins with invariant_"),
            "\(none.stderr)")
        let noWorld = try CommandRun(
            TestPaths.msghostctl,
            ["explore", "--world", "/nonexistent.yaml", "--apps", world.apps, "--msghostd", TestPaths.msghostd])
        #expect(
            noWorld.status == 2 && noWorld.stderr.contains("--world /nonexistent.yaml: no such file"),
            "\(noWorld.stderr)")
        // A world the daemon refuses: named, and no daemon left running.
        try "people: [{handle: kate@example.com}]\nunknown: 1\n".write(
            toFile: world.world, atomically: true, encoding: .utf8)
        let refused = try Self.explore(world, [])
        #expect(refused.status == 2 && refused.stderr.contains("the world could not be started"), "\(refused.stderr)")
    }
}
