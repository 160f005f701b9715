import Foundation
import MsgHostProtocol

/// `MSMessagesErrorDomain`: the domain of the `NSError`s that Messages hands to completion
/// handlers (the string real errors carry; no Apple header spells it).
public let MSMessagesErrorDomain = MessagesErrorCode.domain

/// `MSStickersErrorDomain`: sticker files the host could not use (missing, unreadable, not an image).
public let MSStickersErrorDomain = StickersErrorCode.domain

/// The `userInfo` key under which msghost puts the error's name (`sendWithoutRecentInteraction` …),
/// so logs and reports can print it; Apple's errors have no such key.
public let MSMessagesErrorNameKey = "MSMessagesErrorName"

/// `MSMessageErrorCode`, with Apple's raw values.
///
/// Like Apple's, it is a plain enumeration, not an error type: errors arrive as `NSError` in
/// `MSMessagesErrorDomain`, so ported code keeps comparing `(error as NSError).code` with
/// `MSMessageErrorCode.sendWithoutRecentInteraction.rawValue`.
public enum MSMessageErrorCode: Int, Sendable, CaseIterable {
    case unknown = -1
    case fileNotFound = 1
    case fileUnreadable = 2
    case improperFileType = 3
    case improperFileURL = 4
    case stickerFileImproperFileAttributes = 5
    case stickerFileImproperFileSize = 6
    case stickerFileImproperFileFormat = 7
    case urlExceedsMaxSize = 8
    case sendWithoutRecentInteraction = 9
    case sendWhileNotVisible = 10
    case apiUnavailableInPresentationContext = 11
}

extension NSError {
    /// The `NSError` a completion handler gets for an error reply: the wire's domain and code
    /// unchanged, its description as `localizedDescription`, its name under `MSMessagesErrorNameKey`.
    convenience init(wire error: WireError) {
        self.init(
            domain: error.domain, code: error.code,
            userInfo: [
                NSLocalizedDescriptionKey: error.description,
                MSMessagesErrorNameKey: error.name,
            ])
    }

    /// An error in `MSMessagesErrorDomain` found before anything reached the host.
    convenience init(messages code: MSMessageErrorCode, _ description: String) {
        let name = MessagesErrorCode(rawValue: code.rawValue).map { "\($0)" } ?? "unknown"
        self.init(
            wire: WireError(domain: MSMessagesErrorDomain, code: code.rawValue, name: name, description: description))
    }
}
