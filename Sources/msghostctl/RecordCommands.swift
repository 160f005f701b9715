import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record what the user and the admin do, and what it causes, as a session file (docs/RECORDING.md).",
        subcommands: [Start.self, Stop.self, Fetch.self])

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start recording: the world as it is now, then every action from here on.")
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.call(.startRecording, Empty(), as: RecordingResult.self) {
                "recording since \(LocalTime.iso8601(milliseconds: $0.startedAt))"
            }
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop recording and write the session (JSON lines) to --output, or to standard output.")
        @Option(name: .shortAndLong, help: "The file to write the session to (default: standard output).") var output:
            String?
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.session(.stopRecording) { client, write in
                let result = try client.request(
                    .stopRecording, as: RecordingResult.self, timeout: self.connection.timeout)
                let lines = try client.recordedSession(timeout: self.connection.timeout)
                try Record.write(lines, to: self.output, write)
                if self.output != nil { write("\(self.output ?? ""): \(result.steps) steps, \(lines.count) lines") }
            }
        }
    }

    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the last recording that stopped again (to --output, or standard output).")
        @Option(name: .shortAndLong, help: "The file to write the session to (default: standard output).") var output:
            String?
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.session(.recording) { client, write in
                let lines = try client.recordedSession(timeout: self.connection.timeout)
                try Record.write(lines, to: self.output, write)
                if self.output != nil { write("\(self.output ?? ""): \(lines.count) lines") }
            }
        }
    }

    /// The lines to `path` (replaced whole, never left half written), or each to standard output.
    static func write(_ lines: [String], to path: String?, _ write: (String) -> Void) throws {
        guard let path else { return lines.forEach(write) }
        do {
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
