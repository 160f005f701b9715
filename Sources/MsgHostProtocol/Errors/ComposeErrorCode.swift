/// `msghost.compose`: a parent app's `presentMessageCompose` that the host refuses
/// (PROTOCOL.md §3.6). UIKit only logs a second presentation or one from the background;
/// the daemon answers it, so that the app learns why no sheet appeared.
public enum ComposeErrorCode: Int, Sendable, CaseIterable {
    /// A compose sheet is already up on the device: it must be sent or cancelled first.
    case composeAlreadyPresented = 1
    /// The parent app is not in the foreground of its device (the user closed it).
    case notInForeground = 2

    public static let domain = "msghost.compose"
}

extension WireError {
    public static func compose(_ code: ComposeErrorCode, _ detail: String) -> WireError {
        WireError(domain: ComposeErrorCode.domain, code: code.rawValue, name: "\(code)", description: detail)
    }

    public func isCompose(_ code: ComposeErrorCode) -> Bool {
        self.domain == ComposeErrorCode.domain && self.code == code.rawValue
    }
}
