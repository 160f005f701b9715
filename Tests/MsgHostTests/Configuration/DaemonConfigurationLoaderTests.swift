import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down how msghostd.yaml is read (read once: its keys checked, then the same bytes given
/// to swift-configuration): the file's values arrive, under variables and flags; a missing file
/// is an error only when it was named; a file that is not a map is an error naming it.
@Suite struct DaemonConfigurationLoaderTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    @Test func theFilesValuesArriveUnderVariablesAndFlags() async throws {
        let path = try self.directory.write(
            "msghostd.yaml",
            """
            log: {level: debug}
            extensions:
              idleGraceMs: 7
              crashLimit: 9
            sessions: {nilSummaryText: "from the file"}
            """)
        let fromFile = try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        #expect(fromFile.logLevel == "debug")
        #expect(fromFile.host.idleGraceMs == 7)
        #expect(fromFile.host.crashLimit == 9)
        #expect(fromFile.host.nilSummaryText == "from the file")
        let overridden = try await DaemonConfiguration.load(
            path: path, allowMissing: false,
            environment: ["MSGHOSTD_LOG_LEVEL": "warning", "MSGHOSTD_EXTENSIONS_IDLE_GRACE_MS": "8"],
            flags: ["log.level": "error"])
        #expect(overridden.logLevel == "error")
        #expect(overridden.host.idleGraceMs == 8)
        #expect(overridden.host.crashLimit == 9)
    }

    @Test func aMissingFileIsAnErrorOnlyWhenItWasNamed() async throws {
        let path = self.directory.path + "/absent.yaml"
        let defaults = try await DaemonConfiguration.load(path: path, allowMissing: true, environment: [:], flags: [:])
        #expect(defaults.logLevel == "info")
        let error = await #expect(throws: ConfigurationError.self) {
            try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        }
        #expect(error?.description.hasPrefix("cannot read \(path): ") == true, "\(error?.description ?? "")")
    }

    @Test func aFileThatIsNotAMapIsAnErrorNamingIt() async throws {
        let path = try self.directory.write("msghostd.yaml", "- log\n- clock\n")
        let error = await #expect(throws: ConfigurationError.self) {
            try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        }
        #expect(error?.description.hasPrefix("\(path): ") == true, "\(error?.description ?? "")")
    }

    @Test func textAlreadyReadIsLoadedAsTheFileIs() async throws {
        let text = "log: {level: debug}\nextensions: {crashLimit: 4}\nstate: {directory: /srv/msghost-test}\n"
        let path = try self.directory.write("msghostd.yaml", text)
        let fromFile = try await DaemonConfiguration.load(path: path, allowMissing: false, environment: [:], flags: [:])
        let fromText = try DaemonConfiguration.load(
            yaml: text, path: path, environment: ["MSGHOSTD_LOG_LEVEL": "error"], flags: [:])
        #expect(fromText.logLevel == "error" && fromFile.logLevel == "debug")
        #expect(fromText.host.crashLimit == 4 && fromText.host.crashLimit == fromFile.host.crashLimit)
        #expect(fromText.stateDirectory == "/srv/msghost-test" && fromText.stateDirectory == fromFile.stateDirectory)
        #expect(fromText.worldSeed == fromFile.worldSeed && fromText.appsDirectory == fromFile.appsDirectory)
        let noFile = try DaemonConfiguration.load(yaml: nil, path: path, environment: [:], flags: [:])
        #expect(noFile.host.crashLimit != 4)
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration.load(
                yaml: "extensions: {crashLimt: 4}\n", path: "/etc/msghost/msghostd.yaml", environment: [:], flags: [:])
        }
        #expect(error?.description.hasPrefix("/etc/msghost/msghostd.yaml:1: ") == true, "\(error?.description ?? "")")
    }
}
