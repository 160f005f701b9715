/// Callbacks: host → extension, each answered by a `reply` (PROTOCOL.md §4.3).
public enum CallbackType: String, Codable, Hashable, Sendable, CaseIterable {
    case willBecomeActive, didBecomeActive
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    case willResignActive, didResignActive
    case touch
    case didStartSending, didCancelSending, didReceive
    case willSelect, didSelect
    case willTransition, didTransition
    case contentSizeThatFits
    case terminate
    /// Resident memory crossed the app's soft line (PROTOCOL.md §4.7); about the whole process.
    case didReceiveMemoryWarning
    /// The user opened the sticker drawer: the app's stickers, all at once (PROTOCOL.md §4.11).
    case stickers
    /// The parent app (PROTOCOL.md §4.10): UIKit's `applicationDidBecomeActive(_:)` and
    /// `applicationWillResignActive(_:)`, and MessageUI's
    /// `messageComposeViewController(_:didFinishWith:)`.
    case applicationDidBecomeActive, applicationWillResignActive
    case messageComposeDidFinish
    /// A tapped bubble opens the parent app (`application(_:open:options:)`), when its
    /// manifest chose so (PROTOCOL.md §4.10).
    case openURL
}

/// Requests: extension → host, each answered by a `reply` (PROTOCOL.md §4.4).
public enum RequestType: String, Codable, Hashable, Sendable, CaseIterable {
    case hello
    case sendMessage, sendText, sendSticker, sendAttachment
    case insertMessage, insertText, insertSticker, insertAttachment
    case requestPresentationStyle, dismiss
    case setView
    /// The parent app presents an `MFMessageComposeViewController` (PROTOCOL.md §4.10).
    case presentMessageCompose
}

extension RequestType {
    /// A direct send (SPEC §4): allowed once per user touch, only while visible.
    public var isDirectSend: Bool {
        switch self {
        case .sendMessage, .sendText, .sendSticker, .sendAttachment: true
        case .hello, .insertMessage, .insertText, .insertSticker, .insertAttachment, .requestPresentationStyle,
            .dismiss, .setView, .presentMessageCompose:
            false
        }
    }
}

/// The type every answer has.
public enum ReplyType {
    public static let name = "reply"
}
