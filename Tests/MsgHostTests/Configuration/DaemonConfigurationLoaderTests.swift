import Foundation
@testable import MsgHost
import MsgHostCore
import Testing

/// Pins down how msghostd.yaml is read (read once: its keys checked, then the same bytes given
/// to swift-configuration): the file's values arrive, under variables and flags; a missing file
/// is an error only when it was named; a file that is not a map is an error naming it.
@Suite struct DaemonConfigurationLoaderTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    @Test func theFilesValuesArriveUnderVariablesAndFlags() async throws {
        let path = try self.directory.write("msghostd.yaml", """
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
            path: path, allowMissing: false, environment: ["MSGHOSTD_LOG_LEVEL": "warning", "MSGHOSTD_EXTENSIONS_IDLE_GRACE_MS": "8"],
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
}
