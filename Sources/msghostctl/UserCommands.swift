import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open an app from the drawer of a device, in a conversation (compact).")
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .open, OpenRequest(device: self.device, conversation: self.conversation, app: self.app),
            as: OpenResult.self, causes: true
        ) {
            "opened \(self.app) on \(self.device) (\($0.presentationStyle.rawValue), instance \($0.instance))"
        }
    }
}

struct Close: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Close the app open on a device.")
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.close, DeviceRequest(device: self.device), as: Empty.self, causes: true) { _ in
            "closed the app on \(self.device)"
        }
    }
}

struct Touch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Touch the app open on a device; the payload is forwarded to the extension.")
    @Option(help: "The device.") var device: String
    @Option(help: "A JSON payload for the extension, e.g. '{\"caption\": \"hi\"}'.") var payload: String?
    @OptionGroup var connection: Connection

    func run() throws {
        var value: JSONValue?
        if let payload {
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: Data(payload.utf8))
            } catch {
                throw ValidationError("--payload is not valid JSON: \(payload)")
            }
        }
        try self.connection.call(
            .touch, TouchRequest(device: self.device, payload: value), as: Empty.self, causes: true
        ) { _ in "touched the app on \(self.device)" }
    }
}

struct Transcript: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A device's transcript of a conversation, as its owner sees it: the newest entries, oldest first.",
        discussion:
            "Older entries come a page at a time: the first line says how many there are and the --before to pass for them."
    )
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @Option(help: "How many entries at most (1 to 1000; default \(TranscriptRequest.defaultLimit)).") var limit: Int?
    @Option(help: "Only entries older than this entry id (the first one shown), for the page before.") var before: Int?
    @Flag(
        help:
            "Show each bubble's sender identifier, as this device's install of its app sees the sender (it differs per device)."
    )
    var identifiers = false
    @OptionGroup var connection: Connection

    func run() throws {
        let options = Bubbles.Options(identifiers: self.identifiers)
        let request = TranscriptRequest(
            device: self.device, conversation: self.conversation, limit: self.limit, before: self.before)
        try self.connection.call(.transcript, request, as: TranscriptResult.self) { result in
            guard let first = result.entries.first else {
                return
                    "(no messages\(self.before.map { " before entry \($0)" } ?? "") in \(self.conversation) on \(self.device))"
            }
            // Older entries are above the page, so the way to them is its first line.
            let older =
                result.more
                ? [
                    "… \(result.olderCount) older \(result.olderCount == 1 ? "entry" : "entries"): --before \(first.entry)"
                ] : []
            return (older + result.entries.map { Bubbles.draw($0, options) }).joined(separator: "\n")
        }
    }
}

struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The daemon's events: launches, sends accepted or refused, arrivals, exits …")
    @Option(help: "Only events after this sequence number.") var after: Int?
    @Flag(help: "Keep printing events as they happen (Ctrl-C to stop).") var follow = false
    @OptionGroup var connection: Connection

    func run() throws {
        guard self.follow else {
            try self.connection.call(.events, EventsRequest(after: self.after), as: EventsResult.self) { result in
                result.events.map(Self.line).joined(separator: "\n")
            }
            return
        }
        try self.connection.session(.subscribe) { client, write in
            try client.follow(after: self.after) { event in
                write(self.connection.json ? String(decoding: WireJSON.encode(event), as: UTF8.self) : Self.line(event))
                return true
            }
        }
    }

    static func line(_ event: EventRecord) -> String {
        var parts = ["#\(event.seq)", event.kind]
        if let device = event.device { parts.append("device=\(device)") }
        if let app = event.app { parts.append("app=\(app)") }
        if let code = event.code { parts.append("code=\(code)") }
        if let name = event.name { parts.append("name=\(name)") }
        if let pid = event.pid { parts.append("pid=\(pid)") }
        if let detail = event.detail { parts.append("— \(detail)") }
        return parts.joined(separator: " ")
    }
}
