/// How to run an app's parent app (the containing app of WWDC 2017, which presents
/// `MFMessageComposeViewController`): the `parentApp` section of an app manifest.
///
/// It is started by the same launcher as the extension, as a process of its own for the same
/// install: the same `MSGHOST_*` variables (with `MSGHOST_ROLE=parentApp`), the manifest's
/// `env` and then this `env`, and the install's container (ours: the app and its extension
/// share it, as an app and its extension sharing an app group do on iOS).
public struct ParentAppManifest: Codable, Hashable, Sendable {
    public var command: String
    public var args: [String]?
    public var env: [String: String]?
    /// Relative to the manifest's folder; default: the extension's working directory.
    public var workingDirectory: String?
    /// (ours) Whether a tapped bubble of the app opens the parent app (`openURL`) instead of
    /// the extension; default false: in the iMessage app, as the extension has always done.
    public var opensMessages: Bool?

    /// The keys `parentApp` may hold, for `AppManifest.knownKeys`.
    static let keys = ["command", "args", "env.*", "workingDirectory", "opensMessages"]
}

extension AppManifest {
    /// The manifest the launcher runs for the parent app: its command, arguments and working
    /// directory; the extension's `env` and then its own, with `MSGHOST_ROLE=parentApp` so
    /// that an SDK knows which entry point to run.
    public func forParentApp() -> AppManifest? {
        guard let parent = self.parentApp else { return nil }
        var manifest = self
        manifest.command = parent.command
        manifest.args = parent.args
        manifest.workingDirectory = parent.workingDirectory ?? self.workingDirectory
        manifest.env = (self.env ?? [:]).merging(parent.env ?? [:]) { $1 }.merging(["MSGHOST_ROLE": "parentApp"]) { $1 }
        return manifest
    }
}
