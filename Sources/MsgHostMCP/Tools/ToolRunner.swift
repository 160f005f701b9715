import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// Carries out tool calls: checks the arguments, sends the control request, and answers with
/// the daemon's reply and, for the user's actions, what they caused: the events since the last
/// answer (a refused send with Apple's code and name) and every screen of the conversations
/// concerned, as text.
public actor ToolRunner {
    let link: ControlLink
    let reader: ScreenReader
    let programs: Programs
    /// The first event not yet shown in an answer (`events`' `next`); nil until first read.
    private var nextEvent: Int?
    /// The conversation each device was last seen acting in (from arguments and events), for
    /// an action that names only a device (`touch`, `activate`, `chevron` …).
    private var lastConversation: [String: String] = [:]
    /// At most this many events in one answer; the rest are counted and left to `events`.
    static let eventLines = 40

    public init(link: ControlLink, screenEntries: Int = 6, programs: Programs = Programs()) {
        self.link = link
        self.reader = ScreenReader(link: link, entries: screenEntries)
        self.programs = programs
    }

    /// Answers `tools/call`. Bad arguments throw `MCPError.invalidParams` naming them; what the
    /// daemon refuses is an answer with `isError`, its domain, code and name.
    public func call(_ name: String, arguments: [String: Value]?) async throws -> CallTool.Result {
        guard let spec = ToolCatalog.named(name) else {
            throw MCPError.invalidParams("unknown tool \"\(name)\": tools/list names them")
        }
        var checked: [String: Value]
        do {
            checked = try ArgumentCheck.check(arguments, tool: name, parameters: spec.parameters)
        } catch {
            throw MCPError.invalidParams(error.description)
        }
        if spec.command == .tapScreen {
            switch try await self.placingScreenLabel(checked) {
            case .arguments(let placed): checked = placed
            case .answer(let answer): return answer
            }
        }
        guard let command = spec.command else { return try await self.own(spec, checked) }
        if spec.showsScreens && self.nextEvent == nil { await self.catchUpEvents() }
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(Value.object(checked)))
        } catch {
            throw MCPError.invalidParams("\(name): the arguments cannot be written as JSON: \(error)")
        }
        let head = Self.headline(name, checked)
        do {
            let reply = try await self.link.raw(command, body: body)
            return try await self.answer(spec, checked, head: head, reply: reply)
        } catch let error as WireError {
            var text = "\(head): refused: \(error.code) \(error.name) (\(error.domain)): \(error.description)"
            if spec.showsScreens { text += await self.consequences(of: spec, checked) }
            return .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: true)
        } catch let error as ControlClient.TransportError {
            return .init(
                content: [
                    .text(
                        text: "\(head): the daemon did not answer: \(error.description)", annotations: nil, _meta: nil)
                ], isError: true)
        }
    }

    /// `open on kate-iphone`: the tool and the device or conversation it acts on.
    static func headline(_ name: String, _ arguments: [String: Value]) -> String {
        if case .string(let device)? = arguments["device"] { return "\(name) on \(device)" }
        if case .string(let conversation)? = arguments["conversation"] { return "\(name) in \(conversation)" }
        return name
    }

    private func answer(_ spec: ToolSpec, _ arguments: [String: Value], head: String, reply: Envelope) async throws
        -> CallTool.Result
    {
        let json = Self.replyJSON(reply.body)
        switch spec.command {
        case .transcript?:
            let result = try reply.decodeBody(TranscriptResult.self)
            let older =
                result.more
                ? ["(\(result.olderCount) older: ask again with before=\(result.entries.first?.entry ?? 1))"] : []
            let images = await self.reader.images(of: result.entries)
            let options = Bubbles.Options(images: ScreenImage.headers(images))
            return Self.text(
                (["\(head): \(result.entries.count) entries"] + older + result.entries.map { Bubbles.draw($0, options) })
                    .joined(separator: "\n"))
        case .view?:
            let device = arguments["device"]?.stringValue ?? "?"
            return Self.text(ViewText.describe(try reply.decodeBody(ViewResult.self), device: device))
        case .events?:
            let result = try reply.decodeBody(EventsResult.self)
            self.note(result.events)
            let lines = result.events.map(EventText.line)
            return Self.text(
                (["\(result.events.count) events; next: \(result.next) (pass it as after)"] + lines).joined(
                    separator: "\n"))
        case .file?:
            let file = try reply.decodeBody(FileResult.self)
            if file.mimeType.hasPrefix("image/") {
                return .init(content: [
                    .image(data: file.data, mimeType: file.mimeType, annotations: nil, _meta: nil),
                    .text(text: "\(head): \(file.mimeType), \(file.size) bytes", annotations: nil, _meta: nil),
                ])
            }
            return Self.text("\(head): \(file.mimeType), \(file.size) bytes (base64):\n\(file.data)")
        case .metrics?:
            return Self.text(try reply.decodeBody(MetricsResult.self).text)
        default:
            var text = "\(head): ok" + (json.isEmpty ? "" : "\nreply: \(json)")
            if spec.showsScreens { text += await self.consequences(of: spec, arguments) }
            return Self.text(text)
        }
    }

    /// The events since the last answer, then every screen of the conversations the action
    /// concerned: the one it names, those its events name, and the one its device was last in.
    private func consequences(of spec: ToolSpec, _ arguments: [String: Value]) async -> String {
        var conversations: [String] = []
        func add(_ conversation: String?) {
            if let conversation, !conversations.contains(conversation) { conversations.append(conversation) }
        }
        let device = arguments["device"]?.stringValue
        let named = arguments["conversation"]?.stringValue
        if let device, let named { self.lastConversation[device] = named }
        add(named)
        var text = ""
        let events = await self.newEvents()
        if let events {
            let shown = events.suffix(Self.eventLines)
            text += "\nevents since the last answer:" + (events.isEmpty ? " none" : "")
            if events.count > shown.count {
                text += "\n  (\(events.count - shown.count) earlier ones: use the events tool)"
            }
            for event in shown { text += "\n  " + EventText.line(event) }
            for event in events { add(event.conversation) }
        }
        if named == nil, let device { add(self.lastConversation[device]) }
        guard let world = try? await self.link.request(.world, MsgHostProtocol.Empty(), as: WorldResult.self) else {
            return text + "\n(the world could not be read, so no screens)"
        }
        if conversations.isEmpty, let device, arguments["conversation"] == nil {
            // A device-only action with nothing seen yet: its owner's conversations.
            for conversation in ScreenReader.conversations(of: device, world: world) { add(conversation) }
        }
        for conversation in conversations {
            text += "\n\nscreens of \(conversation):"
            for screen in await self.reader.screens(of: conversation, world: world) {
                text += "\n" + ScreenText.render(screen)
            }
        }
        return text
    }

    /// Reads the event log's end, so the first answer shows only what its action caused.
    private func catchUpEvents() async {
        if let result = try? await self.link.request(.events, EventsRequest(), as: EventsResult.self) {
            self.nextEvent = result.next
            self.note(result.events)
        }
    }

    /// Events since the last answer (nil if the daemon did not give them).
    private func newEvents() async -> [EventRecord]? {
        guard
            let result = try? await self.link.request(
                .events, EventsRequest(after: self.nextEvent), as: EventsResult.self)
        else { return nil }
        self.nextEvent = result.next
        self.note(result.events)
        return result.events
    }

    /// Remembers where each device acted, from events that name both.
    private func note(_ events: [EventRecord]) {
        for event in events {
            if let device = event.device, let conversation = event.conversation {
                self.lastConversation[device] = conversation
            }
        }
    }

    /// What the daemon answered, without `status` (the answer says ok or refused), as compact JSON.
    static func replyJSON(_ body: [UInt8]) -> String {
        guard case .object(var object)? = try? JSONDecoder().decode(Value.self, from: Data(body)) else { return "" }
        object["status"] = nil
        guard !object.isEmpty else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Value.object(object))).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func text(_ text: String, isError: Bool = false) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
    }
}
