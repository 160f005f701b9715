import Foundation
import MsgHostControl
import MsgHostProtocol

/// Playing the user and reading the outcome, through the test daemon's control endpoint.
extension TestDaemon {
    // MARK: Playing the user

    @discardableResult
    public func open(_ app: String = "com.example.python-raw", on device: String) throws -> OpenResult {
        try self.control.request(
            .open, OpenRequest(device: device, conversation: self.conversation, app: app), as: OpenResult.self)
    }

    /// Sends a control request in this test's conversation and returns the decoded reply.
    @discardableResult
    public func control<Result: Decodable>(
        _ command: ControlCommand, _ body: some Encodable, as type: Result.Type = Empty.self
    ) throws -> Result {
        try self.control.request(command, body, as: type)
    }

    /// Every record the fixture processes of `app` logged, process by process in start order.
    public func fixtureLog(_ app: String) throws -> [[String: JSONValue]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: self.directory).filter {
            $0.hasPrefix("calls.\(app).")
        }
        let files = names.map { self.directory + "/" + $0 }.sorted {
            ((try? FileManager.default.attributesOfItem(atPath: $0)[.creationDate] as? Date) ?? .distantPast, $0)
                < ((try? FileManager.default.attributesOfItem(atPath: $1)[.creationDate] as? Date) ?? .distantPast, $1)
        }
        return try files.flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
                guard case .object(let record) = try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) else {
                    return [:]
                }
                return record
            }
        }
    }

    /// The callbacks `app`'s fixture got for `instance`, in order.
    public func callbacks(_ app: String, instance: String) throws -> [String] {
        try self.fixtureLog(app).compactMap { record in
            guard case .string(let callback) = record["callback"], case .object(let body) = record["body"] else {
                return nil
            }
            if callback == "terminate" { return nil }
            return body["instance"] == .string(instance) ? callback : nil
        }
    }

    /// Replies the fixture of `app` got to its requests, in order.
    public func requestReplies(_ app: String) throws -> [(request: String, code: Int?, domain: String?)] {
        try self.fixtureLog(app).compactMap { record in
            guard case .string(let request) = record["request"] else { return nil }
            var code: Int?
            if case .number(let number) = record["code"] { code = Int(number) }
            var domain: String?
            if case .string(let value) = record["domain"] { domain = value }
            return (request, code, domain)
        }
    }

    public func touch(_ device: String, payload: JSONValue? = nil) throws {
        _ = try self.control.request(.touch, TouchRequest(device: device, payload: payload), as: Empty.self)
    }

    public func close(_ device: String) throws {
        _ = try self.control.request(.close, DeviceRequest(device: device), as: Empty.self)
    }

    /// The entries of one page of `device`'s transcript, oldest first: by default the newest
    /// 50, which is the whole transcript of any test that sends fewer.
    public func transcript(_ device: String, limit: Int? = nil, before: Int? = nil) throws -> [TranscriptEntryValue] {
        try self.transcriptPage(device, limit: limit, before: before).entries
    }

    /// One page of `device`'s transcript with `more` and `olderCount`, to page back with `before`.
    public func transcriptPage(_ device: String, limit: Int? = nil, before: Int? = nil) throws -> TranscriptResult {
        let request = TranscriptRequest(device: device, conversation: self.conversation, limit: limit, before: before)
        return try self.control.request(.transcript, request, as: TranscriptResult.self)
    }

    public func participants(_ device: String, app: String = "com.example.python-raw") throws -> ParticipantsResult {
        try self.control.request(.participants, DeviceAppRequest(device: device, app: app), as: ParticipantsResult.self)
    }

    public func events(kind: String? = nil) throws -> [EventRecord] {
        let all = try self.control.request(.events, EventsRequest(), as: EventsResult.self).events
        return kind.map { kind in all.filter { $0.kind == kind } } ?? all
    }

    public func status() throws -> StatusResult {
        try self.control.request(.status, as: StatusResult.self)
    }

    /// Runs a control request on its own thread with its own client (a ZeroMQ socket serves
    /// one thread), for a request that returns only after the test has done something else.
    public func detached<T: Sendable>(_ body: @escaping @Sendable (ControlClient) throws -> T) -> DetachedResult<T> {
        let endpoint = self.control.endpoint
        let curve = self.controlCurve
        return Thread.detachedResult { try body(try ControlClient(endpoint: endpoint, curve: curve)) }
    }

    /// Waits until nothing is in flight in the daemon (no sleeping).
    public func settle() throws {
        _ = try self.control.request(.settle, as: ClockResult.self)
    }

    /// Moves the manual clock (the daemon must run with `clock: manual`).
    public func advance(_ milliseconds: Int64) throws {
        _ = try self.control.request(
            .advanceClock, AdvanceClockRequest(milliseconds: milliseconds), as: ClockResult.self)
    }

    /// Polls `condition` over the control API until it holds (for what happens after a reply,
    /// such as a process exit), failing after `timeout` seconds.
    public func eventually(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        throw TestDaemonError(description: "timed out waiting until \(what)")
    }
}

/// What an extension shows (PROTOCOL.md §4.9): `view` and `activate`.
extension TestDaemon {
    public func view(_ device: String) throws -> ViewResult {
        try self.control.request(.view, ViewRequest(device: device), as: ViewResult.self)
    }

    public func activate(_ device: String, button: String, fields: [String: String]? = nil) throws {
        _ = try self.control.request(
            .activate, ActivateRequest(device: device, button: button, fields: fields), as: Empty.self)
    }

    /// What is on the open app's own screen (its view's `screen` element), empty when it has none.
    public func screenItems(_ device: String) throws -> [ScreenItem] {
        try self.view(device).screenItems
    }

    /// Taps the open app's own screen at a point (control `tapScreen`), then types `text`.
    public func tapScreen(_ device: String, x: Double, y: Double, long: Bool? = nil, text: String? = nil) throws {
        _ = try self.control.request(
            .tapScreen, TapScreenRequest(device: device, x: x, y: y, long: long, text: text), as: Empty.self)
    }

    /// Taps the centre of the screen item labelled `label` (a button's title, a label's text, a
    /// field's placeholder), as a person finds "the button titled Send".
    public func tapScreen(_ device: String, label: String, text: String? = nil) throws {
        let centre = try self.centre(of: label, on: device)
        try self.tapScreen(device, x: centre.x, y: centre.y, text: text)
    }

    /// Drags on the open app's own screen from `start` to `end` (control `tapScreen` with `to`)
    /// through `steps` moves (1–100; the daemon's default, 10, when nil): one user touch.
    public func dragScreen(_ device: String, from start: ScreenPoint, to end: ScreenPoint, steps: Int? = nil) throws {
        _ = try self.control.request(
            .tapScreen, TapScreenRequest(device: device, x: start.x, y: start.y, to: end, steps: steps), as: Empty.self)
    }

    /// Drags the screen item labelled `label` by its centre and drops it at `end`.
    public func dragScreen(_ device: String, from label: String, to end: ScreenPoint, steps: Int? = nil) throws {
        try self.dragScreen(device, from: try self.centre(of: label, on: device), to: end, steps: steps)
    }

    /// Drags the item labelled `label` onto the centre of the one labelled `target`, as a
    /// person drags a piece onto a square.
    public func dragScreen(_ device: String, from label: String, to target: String, steps: Int? = nil) throws {
        let items = try self.view(device)
        try self.dragScreen(
            device, from: try Self.centre(of: label, in: items, on: device),
            to: try Self.centre(of: target, in: items, on: device), steps: steps)
    }

    /// The centre of the screen item labelled `label` on `device`'s app, read from control `view`.
    private func centre(of label: String, on device: String) throws -> ScreenPoint {
        try Self.centre(of: label, in: try self.view(device), on: device)
    }

    private static func centre(of label: String, in view: ViewResult, on device: String) throws -> ScreenPoint {
        switch view.screenItem(labelled: label) {
        case .success(let item): return ScreenPoint(x: item.center.x, y: item.center.y)
        case .failure(let missing): throw TestDaemonError(description: "\(device): \(missing)")
        }
    }
}
