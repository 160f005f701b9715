import MsgHostProtocol

/// Host-side checks and normalisation of an `MSMessage` an extension sends (SPEC §2, §4).
public enum MessageValidation {
    /// Returns the message as the host will send it, or the error to refuse it with.
    ///
    /// - A `url` longer than 5,000 characters is `urlExceedsMaxSize` (8).
    /// - A `url` whose scheme is not http, https or data is dropped silently, as Messages'
    ///   `-[MSMessage setURL:]` does; a scheme-less URL is kept.
    /// - `isPending` and `senderParticipantIdentifier` are the host's to set: cleared here.
    public static func validate(_ message: MessageValue) -> Result<MessageValue, WireError> {
        var message = message
        if let url = message.url {
            guard url.count <= WireLimits.maxURLCharacters else {
                return .failure(
                    .messages(
                        .urlExceedsMaxSize,
                        "url is \(url.count) characters; the maximum is \(WireLimits.maxURLCharacters)"))
            }
            if let scheme = Self.scheme(of: url), !["http", "https", "data"].contains(scheme.lowercased()) {
                message.url = nil
            }
        }
        message.isPending = false
        message.senderParticipantIdentifier = nil
        return .success(message)
    }

    /// The RFC 3986 scheme of `url`, or nil if it has none.
    static func scheme(of url: String) -> Substring? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate
    }
}
