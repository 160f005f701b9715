import ArgumentParser
import Foundation
import MsgHostPort

/// `msghost-port PATH`: an iOS Messages extension made into a package that builds against
/// MessagesSDK and runs under msghostd (Sources/MsgHostPort/Port/ExtensionPort.swift).
@main
struct MsghostPort: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghost-port",
        abstract:
            "Turn an iOS Messages extension into a Swift package that builds against MessagesSDK and runs under msghostd.",
        discussion: """
            PATH is the extension's folder (where its Info.plist is) or an .xcodeproj. The original is only read: \
            the package is written beside it (NAME-msghost) or to --output, with a manifest and a world for msghostd, \
            a first test, and PORT-REPORT.md, which lists every rewrite and everything left to port by hand.
            """)

    @Argument(help: "The extension's folder, or an .xcodeproj.")
    var path: String

    @Option(help: "The extension target of an .xcodeproj (default: its one iMessage extension).")
    var target: String?

    @Option(help: "Where to write the package (default: beside PATH, NAME-msghost).")
    var output: String?

    @Option(help: "The msghost checkout the package depends on (default: the one this program was built from).")
    var msghost: String?

    @Option(name: .customLong("setting"), help: "A build setting for Info.plist's $(NAME)s, NAME=VALUE (repeatable).")
    var settings: [String] = []

    @Flag(help: "Write over an existing output folder.")
    var overwrite = false

    mutating func validate() throws {
        for setting in self.settings where !setting.contains("=") || setting.hasPrefix("=") {
            throw ValidationError("--setting \(setting): give NAME=VALUE")
        }
    }

    func run() throws {
        var settings: [String: String] = [:]
        for setting in self.settings {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            settings[String(parts[0])] = String(parts[1])
        }
        let options = ExtensionPort.Options(
            input: URL(fileURLWithPath: self.path), target: self.target,
            output: self.output.map { URL(fileURLWithPath: $0) },
            msghost: self.msghost.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? Self.builtFrom,
            settings: settings, overwrite: self.overwrite)
        do {
            let result = try ExtensionPort.run(options)
            if !result.report.isEmpty { print(PortReport.text(of: result.report)) }
            let left = result.report.filter { $0.kind == .couldNotPort }.count
            print(
                "msghost-port: wrote \(result.output.path) (\(result.module), \(result.info.bundleID)); \(left) left to port by hand: see PORT-REPORT.md there"
            )
        } catch {
            FileHandle.standardError.write(Data("msghost-port: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The checkout this program's sources are in (Sources/msghost-port/ is two folders down).
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
