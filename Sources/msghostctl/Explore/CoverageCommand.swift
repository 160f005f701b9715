import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

/// `msghostctl coverage SESSION…`: the host's situations recorded sessions reached — a test
/// suite's (`pytest --msghost-coverage`, MsgHostTesting with `MSGHOST_COVERAGE`), an
/// explorer's — as one table (docs/EXPLORE.md, "Coverage").
struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Which of the host's situations recorded sessions reached: callbacks by presentation style and cause, direct sends by code, terminations, relaunches, reinstalls.",
        discussion: """
            Reads every session file given, and every *.jsonl in a folder given, and prints one table: \
            each situation and how often it was seen, the ones the user's actions can bring about listed \
            even when never reached (—). Exit status 2 when a file cannot be read (named).
            """)

    @Argument(help: "Session files, or folders of them.") var paths: [String]

    func run() throws {
        var files: [String] = []
        for path in self.paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Self.cannot("\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".jsonl") }.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        var coverage = SituationCoverage()
        for file in files {
            do {
                coverage.add(try SessionFile.read(file))
            } catch {
                throw Self.cannot("\(file): \(error.description)")
            }
        }
        print("\(files.count) session\(files.count == 1 ? "" : "s")")
        print(coverage.table())
    }

    static func cannot(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("msghostctl: coverage: \(message)\n".utf8))
        return ExitCode(2)
    }
}
