import MessagesSDK

/// On a touch with payload `{"caption": C, "url": U, "sends": N}`, sends N messages one after
/// the other and prints `{"send": n, "status": …, "code": …, "name": …}` after each reply; with
/// payload `{"view": V}`, sets view V with `setView(_:)` instead.
///
/// The touch is acknowledged only once the sends are done (the kit expects the requests
/// before the ack), so the handler waits for each completion. That is safe on the main thread
/// because completion handlers run on a background queue, as in Messages.
final class ConformanceViewController: MSMessagesAppViewController {
    /// Numbered across the whole process, like python-raw's counter.
    private static var sends = 0

    override func didReceiveTouch(payload: JSONValue) {
        guard case .object(let fields) = payload else { return self.sendMessages(caption: nil, url: nil, count: 1) }
        if case .object(let view) = fields["view"] {
            // Set this view (PROTOCOL.md §4.9) through the SDK's builders, instead of sending.
            guard case .array(let elements) = view["elements"] else { return }
            let error = Self.wait { done in self.setView(elements.compactMap(Self.element), completionHandler: done) }
            if let error {
                FileHandle.standardError.write(Data("setView refused: \(error.localizedDescription)\n".utf8))
            }
            return
        }
        var caption: String?
        var url: String?
        var count = 1
        if case .string(let value) = fields["caption"] { caption = value }
        if case .string(let value) = fields["url"] { url = value }
        if case .number(let value) = fields["sends"] { count = Int(value) }
        self.sendMessages(caption: caption, url: url, count: count)
    }

    private func sendMessages(caption: String?, url: String?, count: Int) {
        guard let conversation = self.activeConversation, count > 0 else { return }
        for _ in 0..<count {
            let layout = MSMessageTemplateLayout()
            layout.caption = caption ?? "Hello from the Swift SDK"
            let message = MSMessage()
            message.layout = layout
            message.summaryText = layout.caption
            message.url = url.flatMap(URL.init(string:))
            let error = Self.wait { done in conversation.send(message, completionHandler: done) }
            Self.sends += 1
            Self.report(send: Self.sends, error: error)
        }
    }

    /// A view element of the wire, rebuilt with `MSViewElement` (so the kit checks the builders).
    private static func element(_ value: JSONValue) -> MSViewElement? {
        guard case .object(let spec) = value, case .string(let type) = spec["type"] else { return nil }
        func string(_ key: String) -> String? { if case .string(let text) = spec[key] { text } else { nil } }
        switch type {
        case "text":
            return .text(string("text") ?? "", style: string("style").flatMap(MSViewElement.TextStyle.init(rawValue:)))
        case "button":
            let enabled = if case .bool(let flag) = spec["enabled"] { flag } else { true }
            return .button(
                id: string("id") ?? "", title: string("title") ?? "", payload: spec["payload"], isEnabled: enabled)
        case "textField":
            return .textField(id: string("id") ?? "", placeholder: string("placeholder"), text: string("text"))
        case "row":
            guard case .array(let children) = spec["elements"] else { return .row([]) }
            return .row(children.compactMap(Self.element))
        default:
            return nil
        }
    }

    /// Blocks until the completion handler ran, and returns its error.
    private static func wait(_ start: (@escaping @Sendable ((any Error)?) -> Void) -> Void) -> NSError? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: NSError?
        start { error in
            result = error.map { $0 as NSError }
            done.signal()
        }
        done.wait()
        return result
    }

    private static func report(send: Int, error: NSError?) {
        let line: [String: Any] = [
            "send": send,
            "status": error == nil ? "ok" : "error",
            "code": error.map { $0.code as Any } ?? NSNull(),
            "name": (error?.userInfo[MSMessagesErrorNameKey] as? String).map { $0 as Any } ?? NSNull(),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])) ?? Data("{}".utf8)
        print(String(decoding: data, as: UTF8.self))
    }
}
