import Foundation

/// The `async throws` forms Swift imports for Messages' completion-handler methods.
///
/// `nonisolated(nonsending)`: they run on the caller's actor (usually the main actor, in a
/// view controller), so the non-Sendable `MSMessage` never crosses an isolation boundary.
extension MSConversation {
    nonisolated(nonsending) public func insert(_ message: MSMessage) async throws {
        try await Self.awaiting { self.insert(message, completionHandler: $0) }
    }

    nonisolated(nonsending) public func insert(_ sticker: MSSticker) async throws {
        try await Self.awaiting { self.insert(sticker, completionHandler: $0) }
    }

    nonisolated(nonsending) public func insertText(_ text: String) async throws {
        try await Self.awaiting { self.insertText(text, completionHandler: $0) }
    }

    nonisolated(nonsending) public func insertAttachment(_ URL: URL, withAlternateFilename filename: String?)
        async throws
    {
        try await Self.awaiting { self.insertAttachment(URL, withAlternateFilename: filename, completionHandler: $0) }
    }

    nonisolated(nonsending) public func send(_ message: MSMessage) async throws {
        try await Self.awaiting { self.send(message, completionHandler: $0) }
    }

    nonisolated(nonsending) public func send(_ sticker: MSSticker) async throws {
        try await Self.awaiting { self.send(sticker, completionHandler: $0) }
    }

    nonisolated(nonsending) public func sendText(_ text: String) async throws {
        try await Self.awaiting { self.sendText(text, completionHandler: $0) }
    }

    nonisolated(nonsending) public func sendAttachment(_ URL: URL, withAlternateFilename filename: String?) async throws
    {
        try await Self.awaiting { self.sendAttachment(URL, withAlternateFilename: filename, completionHandler: $0) }
    }

    nonisolated(nonsending) private static func awaiting(_ start: (@escaping @Sendable ((any Error)?) -> Void) -> Void)
        async throws
    {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            start { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
