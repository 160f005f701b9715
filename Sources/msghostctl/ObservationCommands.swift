import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Metrics: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The daemon's metrics, in Prometheus text (sends, refusals, callbacks, launches, queues …).")
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.metrics, Empty(), as: MetricsResult.self) {
            $0.text.hasSuffix("\n") ? String($0.text.dropLast()) : $0.text
        }
    }
}

struct WireTapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wiretap",
        abstract:
            "Follow every message between the daemon and its extensions, one line each (Ctrl-C to stop; --json for the raw frames)."
    )
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.session(.wireTap) { client, write in
            try client.tapFrames { frame in
                write(self.connection.json ? String(decoding: WireJSON.encode(frame), as: UTF8.self) : Self.line(frame))
                return true
            }
        }
    }

    /// `#12 → 1700000000123 kate/com.example.app didBecomeActive h7` and so on; errors after.
    static func line(_ frame: TapFrame) -> String {
        var parts = ["#\(frame.seq)", frame.direction == "in" ? "←" : "→", LocalTime.iso8601(milliseconds: frame.time)]
        parts.append(frame.device.map { "\($0)/\(frame.app ?? "?")" } ?? "(unknown peer)")
        parts.append(frame.type.isEmpty ? "(unreadable)" : frame.type)
        parts.append(frame.id)
        if let replyTo = frame.replyTo { parts.append("replyTo=\(replyTo)") }
        if !frame.binary.isEmpty { parts.append("binary=\(frame.binary.map(String.init).joined(separator: ","))") }
        if let error = frame.error { parts.append("error=\(error.name)(\(error.code)) — \(error.message)") }
        return parts.joined(separator: " ")
    }
}

struct FileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file", abstract: "Fetch a file of the daemon's store by the file:// URL a transcript gave.")
    @Argument(help: "The file:// URL.") var url: String
    @Option(name: .shortAndLong, help: "Where to write the bytes.") var output: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.session(.file) { client, write in
            let result = try client.request(
                .file, FileRequest(url: self.url), as: FileResult.self, timeout: self.connection.timeout)
            guard let bytes = Data(base64Encoded: result.data) else {
                throw ValidationError("the daemon's reply is not base64")
            }
            do {
                try bytes.write(to: URL(fileURLWithPath: self.output))
            } catch {
                throw ValidationError("cannot write \(self.output): \(error.localizedDescription)")
            }
            write("\(self.output): \(result.size) bytes, \(result.mimeType)")
        }
    }
}

struct Held: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The messages held for a device (`delivery --hold`), in arrival order, for `release`.")
    @Argument(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.held, DeviceRequest(device: self.device), as: HeldResult.self) { result in
            guard !result.messages.isEmpty else { return "nothing held for \(self.device)" }
            return result.messages.map {
                "\($0.id) \($0.kind) from \($0.sender) in \($0.conversation) at \(LocalTime.iso8601(milliseconds: $0.sentAt))\($0.text.map { ": \($0)" } ?? "")"
            }
            .joined(separator: "\n")
        }
    }
}
