/// `MSMessagesAppPresentationStyle`, sent by name.
public enum PresentationStyle: String, Codable, Hashable, Sendable, CaseIterable {
    case compact, expanded, transcript

    /// Apple's raw value.
    public var rawCode: Int {
        switch self {
        case .compact: 0
        case .expanded: 1
        case .transcript: 2
        }
    }
}

/// `MSMessagesAppPresentationContext`, sent by name.
public enum PresentationContext: String, Codable, Hashable, Sendable, CaseIterable {
    case messages, media
}
