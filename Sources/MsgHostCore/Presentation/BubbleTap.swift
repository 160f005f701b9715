import MsgHostProtocol

/// What tapping a bubble does on a device (SPEC §3, and §5's fallbacks for systems that
/// cannot run the app), decided from the entry, its message, the device and the app before
/// anything happens: the machine then carries it out.
enum BubbleTap {
    /// Nothing opens it; the reply's `reason` says why.
    case nothing(reason: String)
    /// macOS opens an http(s) URL in the browser.
    case openURL(String)
    /// The app's manifest opens messages in its parent app (`parentApp.opensMessages`).
    case parentApp(AppDescriptor, Install)
    /// The app opens expanded with the message selected (or selects it, if it is open).
    case app(AppDescriptor, Install)

    static func decide(
        _ entry: TranscriptEntry, message: StoredMessage?, on device: Device, install: Install?, app: AppDescriptor?
    ) -> BubbleTap {
        guard entry.kind == .bubble, let message, let appID = message.app, let value = message.message else {
            return .nothing(
                reason: entry.kind == .bubble ? "not an app message" : "a \(entry.kind.rawValue) entry cannot be opened"
            )
        }
        switch device.platform {
        case .macos:
            if let url = value.url, ["http", "https"].contains(MessageValidation.scheme(of: url)?.lowercased() ?? "") {
                return .openURL(url)
            }
            return .nothing(reason: "macOS opens only http(s) URLs")
        case .watchos, .legacy:
            return .nothing(reason: "\(device.platform.rawValue) runs no iMessage apps")
        case .ios10, .ios11, .ios17:
            guard let install, let app, install.app == appID, app.bundleID == appID else {
                return .nothing(reason: "\(appID) is not installed on \(device.id)")
            }
            return app.opensMessagesInParentApp && app.hasParentApp ? .parentApp(app, install) : .app(app, install)
        }
    }
}
