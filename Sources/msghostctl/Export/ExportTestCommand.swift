import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct ExportTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-test",
        abstract: "Write a recorded session as a test: a pytest module (--python) or a Swift Testing file (--swift).",
        discussion: """
            The test starts a daemon on the session's world, apps and settings (manual clock), performs each \
            step at its recorded time, and asserts what each device showed after it: entries as drawn, the \
            input field, and refusals by Apple's code and name. Exit status 2 when the file cannot be read.
            """)

    @Argument(help: "The session file (msghostctl record stop --output FILE).") var file: String
    @Flag(help: "A pytest module using the msghost_daemon fixture (pip install msghost).") var python = false
    @Flag(help: "A Swift Testing file using MsgHostTesting's TestDaemon.") var swift = false
    @Option(name: .shortAndLong, help: "Where to write the test (default: standard output).") var output: String?
    @Option(help: "The test's name (default: from the file's name).") var name: String?
    @Option(
        help: "With --swift: paths under this folder are written relative to TestPaths.repository (the package's root)."
    ) var repository: String?

    func validate() throws {
        guard self.python != self.swift else { throw ValidationError("choose one of --python and --swift") }
    }

    func run() throws {
        let session: Session
        do {
            session = try SessionFile.read(self.file)
        } catch {
            FileHandle.standardError.write(Data("msghostctl: export-test: \(self.file): \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        let stem = URL(fileURLWithPath: self.file).deletingPathExtension().lastPathComponent
        let plan = TestPlan(session, name: self.name ?? stem, source: URL(fileURLWithPath: self.file).lastPathComponent)
        if session.end.findings?.isEmpty == false && !self.python {
            FileHandle.standardError.write(
                Data(
                    "msghostctl: export-test: \(self.file): the session of an explorer's finding is written as a pytest test (--python); --swift writes only recordings\n"
                        .utf8))
            throw ExitCode(2)
        }
        let text: String
        do {
            if let findings = session.end.findings, !findings.isEmpty {
                // An explorer's finding: a test that it does not happen (docs/EXPLORE.md).
                text = PythonFindingTestWriter.write(plan, findings: findings, directory: self.output.map(Self.folder))
            } else {
                text =
                    self.python
                    ? PythonTestWriter.write(plan, directory: self.output.map(Self.folder))
                    : try SwiftTestWriter(
                        repository: self.repository.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                    ).write(plan)
            }
        } catch {
            FileHandle.standardError.write(Data("msghostctl: export-test: \(self.file): \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        guard let output = self.output else { return print(text, terminator: "") }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(output): \(error.localizedDescription)")
        }
    }

    /// The absolute folder a file is written to, for the paths a test finds relative to itself.
    static func folder(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }
}
