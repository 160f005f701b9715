/// `MSMessagesAppPresentationStyle`, with Apple's raw values: how the app is on screen.
public enum MSMessagesAppPresentationStyle: UInt, Sendable, CaseIterable {
    /// In the app drawer below the transcript: no keyboard, the input field visible.
    case compact = 0
    /// Full height, over the input field.
    case expanded = 1
    /// Drawing a live-layout bubble in the transcript (iOS 11).
    case transcript = 2
}

/// `MSMessagesAppPresentationContext` (iOS 12), with Apple's raw values: where the app runs.
public enum MSMessagesAppPresentationContext: UInt, Sendable, CaseIterable {
    case messages = 0
    /// The system's stickers and media picker: inserting messages and text, and every direct
    /// send, fail there with `apiUnavailableInPresentationContext` (11).
    case media = 1
}
