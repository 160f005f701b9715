import Foundation
import MsgHostTesting
import Testing

/// The real msghostd given a bad file: a misspelled key (in msghostd.yaml, a manifest or the
/// seed) or a number out of its range (in the file or a `MSGHOSTD_` variable) stops it at start
/// with exit code 78 (EX_CONFIG) and a message on stderr naming the file or variable, the key and
/// the fix, as the README promises.
@Suite struct ConfigurationExitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Files under the test's config folder, by relative path.
        var files: [String: String]
        var environment: [String: String] = [:]
        /// What stderr must say; `$CONFIG` stands for the config folder.
        var says: [String]
        var testDescription: String { self.name }
    }

    static let manifest = "bundleID: com.example.exit\ndisplayName: Exit\ncommand: /bin/true\n"

    /// A good msghostd.yaml, for the cases whose fault is elsewhere.
    static let config = "log: {level: info}\n"

    static let cases = [
        Case(
            name: "misspelled daemon key", files: ["msghostd.yaml": "extensions:\n  idleGraseMs: 5\n"],
            says: ["$CONFIG/msghostd.yaml:2: unknown key extensions.idleGraseMs; did you mean extensions.idleGraceMs?"]),
        Case(
            name: "daemon number out of range",
            files: ["msghostd.yaml": "extensions:\n  launchTimeoutMs: 9223372036854775807\n"],
            says: [
                "$CONFIG/msghostd.yaml: extensions.launchTimeoutMs must be from 1 to 86400000 ms, got 9223372036854775807"
            ]),
        Case(
            name: "variable out of range", files: ["msghostd.yaml": config],
            environment: ["MSGHOSTD_MESSAGES_EXPIRY_MS": "-1"],
            says: ["MSGHOSTD_MESSAGES_EXPIRY_MS: messages.expiryMs must be from 0 to 31536000000 ms, got -1"]),
        Case(
            name: "misspelled manifest key",
            files: ["msghostd.yaml": config, "apps/exit.yaml": manifest + "memoryLimitMb: 64\n"],
            says: ["$CONFIG/apps/exit.yaml:4: unknown key memoryLimitMb; did you mean memoryLimitMB?"]),
        Case(
            name: "manifest number out of range",
            files: ["msghostd.yaml": config, "apps/exit.yaml": manifest + "memoryLimitMB: 0\n"],
            says: ["$CONFIG/apps/exit.yaml: memoryLimitMB must be from 1 to 1048576 MiB, got 0"]),
        Case(
            name: "misspelled seed key",
            files: ["msghostd.yaml": config, "world.yaml": "people:\n  - {handle: a@example.com, nmae: A}\n"],
            says: ["$CONFIG/world.yaml:2: unknown key people[0].nmae; did you mean people[0].name?"]),
        Case(
            name: "a device model there is not",
            files: [
                "msghostd.yaml": config,
                "world.yaml":
                    "people:\n  - {handle: a@example.com, name: A}\ndevices:\n  - {id: a-phone, owner: a@example.com, model: iPhone3G}\n",
            ],
            says: ["$CONFIG/world.yaml", "iPhone3G"]),
    ]

    @Test(arguments: cases)
    func aBadFileOrVariableExits78NamingIt(_ testCase: Case) throws {
        let directory = "/tmp/msghost-exit-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, text) in testCase.files {
            let path = directory + "/config/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        // timeout(1): a daemon that wrongly starts is stopped (status 124) instead of hanging the test.
        let run = try CommandRun(
            "/usr/bin/timeout",
            [
                "20", TestPaths.msghostd, "--config", directory + "/config/msghostd.yaml",
                "--state-directory", directory + "/state", "--runtime-directory", directory + "/run",
            ], environment: testCase.environment)
        #expect(run.status == 78, "stderr: \(run.stderr)")
        for fragment in testCase.says {
            let expected = fragment.replacingOccurrences(of: "$CONFIG", with: directory + "/config")
            #expect(run.stderr.contains(expected), "expected \(expected) in stderr: \(run.stderr)")
        }
    }
}
