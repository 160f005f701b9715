import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

struct Tap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tap a bubble (an entry number from `transcript`, or the last one).")
    @Argument(help: "The entry number, shown in brackets by `transcript`.") var entry: Int?
    @Flag(help: "Tap the last app message in the transcript.") var last = false
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func validate() throws {
        guard (self.entry == nil) != !self.last else {
            throw ValidationError("give an entry number or --last (one of them)")
        }
    }

    func run() throws {
        var entry = self.entry ?? 0
        if self.last {
            guard let bubble = try self.lastAppMessage() else {
                throw ValidationError("there is no app message in \(self.conversation) on \(self.device) to tap")
            }
            entry = bubble.entry
        }
        try self.connection.call(
            .tap, TapRequest(device: self.device, conversation: self.conversation, entry: entry), as: TapResult.self,
            causes: true
        ) { result in
            switch result.action {
            case "selected": "opened the message in its app (expanded, instance \(result.instance ?? "?"))"
            case "openedURL": "opened \(result.url ?? "") in a browser"
            default: "nothing opens it here: \(result.reason ?? "")"
            }
        }
    }

    /// The newest app message, paging back from the newest entries until one is found: a
    /// run of plain texts longer than a page must not hide it.
    private func lastAppMessage() throws -> TranscriptEntryValue? {
        let client = try self.connection.client()
        var before: Int?
        while true {
            let request = TranscriptRequest(device: self.device, conversation: self.conversation, before: before)
            let page = try client.request(
                .transcript, request, as: TranscriptResult.self, timeout: self.connection.timeout)
            if let bubble = page.entries.last(where: { $0.kind == "message" }) { return bubble }
            guard page.more, let oldest = page.entries.first else { return nil }
            before = oldest.entry
        }
    }
}

struct Chevron: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Toggle the open app between compact and expanded.")
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.chevron, DeviceRequest(device: self.device), as: OpenResult.self, causes: true) {
            "now \($0.presentationStyle.rawValue)"
        }
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a conversation on a device (without --conversation: the conversation list).")
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String?
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .show, ShowRequest(device: self.device, conversation: self.conversation), as: Empty.self, causes: true
        ) { _ in
            "\(self.device) shows \(self.conversation ?? "the conversation list")"
        }
    }
}

struct TypeText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type", abstract: "Type text into a device's input field.")
    @Argument(help: "The text.") var text: String
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .typeText, TypeTextRequest(device: self.device, conversation: self.conversation, text: self.text),
            as: Empty.self
        ) { _ in "" }
    }
}

struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tap Send: the staged item and the typed text leave the device.")
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .send, InputFieldRequest(device: self.device, conversation: self.conversation), as: Empty.self, causes: true
        ) { _ in "sent" }
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete the staged item from a device's input field (its ×).")
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .cancel, InputFieldRequest(device: self.device, conversation: self.conversation), as: Empty.self,
            causes: true
        ) { _ in "removed the staged item" }
    }
}

struct Field: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What a device's input field holds.")
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .inputField, InputFieldRequest(device: self.device, conversation: self.conversation),
            as: InputFieldResult.self
        ) { field in
            var lines = ["text: \(field.text.isEmpty ? "(empty)" : field.text)"]
            lines.append(field.staged.map { "staged:\n" + Bubbles.draw($0) } ?? "staged: (nothing)")
            return lines.joined(separator: "\n")
        }
    }
}

struct Delivery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "How messages reach a device: a latency, or held until `release`.")
    @Option(help: "The device.") var device: String
    @Option(help: "Milliseconds every message takes to arrive.") var latency: Int64?
    @Flag(inversion: .prefixedNo, help: "Hold messages until `release`.") var hold: Bool?
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .delivery, DeliveryRequest(device: self.device, latencyMs: self.latency, hold: self.hold), as: Empty.self
        ) { _ in
            "delivery to \(self.device) updated"
        }
    }
}

struct Release: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Let held messages arrive on a device, in sent or reverse order, or as listed.")
    @Option(help: "The device.") var device: String
    @Option(help: "sent or reverse.") var order: String?
    @Option(name: .customLong("message"), help: "A message id; repeat to give the arrival order.") var messages:
        [String] = []
    @OptionGroup var connection: Connection

    func run() throws {
        let request = ReleaseRequest(
            device: self.device, order: self.order, messages: self.messages.isEmpty ? nil : self.messages)
        try self.connection.call(.release, request, as: ReleaseResult.self, causes: true) {
            "released \($0.released.count): \($0.released.joined(separator: ", "))"
        }
    }
}

struct Contact: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set the name a device's owner has for a person (no --name: back to their display name).")
    @Argument(help: "The person's handle.") var person: String
    @Option(help: "The device whose contact book it is.") var device: String
    @Option(help: "The name.") var name: String?
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .contact, ContactRequest(device: self.device, person: self.person, name: self.name), as: Empty.self
        ) { _ in
            "\(self.device) calls \(self.person) \(self.name ?? "by their display name")"
        }
    }
}

struct Keep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep an expiring message (an entry number from `transcript`).")
    @Argument(help: "The entry number.") var entry: Int
    @Option(help: "The device.") var device: String
    @Option(help: "The conversation.") var conversation: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .keep, KeepRequest(device: self.device, conversation: self.conversation, entry: self.entry), as: Empty.self,
            causes: true
        ) { _ in "kept" }
    }
}
