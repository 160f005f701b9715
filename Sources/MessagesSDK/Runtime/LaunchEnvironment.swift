import MsgHostProtocol

/// The launch environment of PROTOCOL.md §4.1, read once at start.
struct LaunchEnvironment: Sendable, Equatable {
    var endpoint: String
    var token: String
    var app: String
    /// Attach mode (§4.7), for an extension started by hand (in a debugger, say): the device
    /// to serve, from `MSGHOST_ATTACH_DEVICE`; `MSGHOST_TOKEN` is then the manifest's `attachKey`.
    var attachDevice: String?
    /// For a tcp endpoint, a CURVE server (docs/SECURITY.md): the daemon's public key
    /// (`MSGHOST_CURVE_SERVER_KEY`) and the secret half of the key pair the daemon made for
    /// this launch (`MSGHOST_CURVE_SECRET_KEY`), or one its `curve.extensionKeys` lists.
    var curveServerKey: String?
    var curveSecretKey: String?
    /// The device's screen (`MSGHOST_SCREEN`); nil when not given (started by hand).
    var screen: ScreenGeometry?

    /// Names the variable that is missing, so a process started by hand (not by the daemon)
    /// says what it lacks.
    init(_ environment: [String: String]) throws(LaunchError) {
        func required(_ name: String) throws(LaunchError) -> String {
            guard let value = environment[name], !value.isEmpty else {
                throw LaunchError(
                    description:
                        "\(name) is not set: this program is an msghost extension, started by msghostd with MSGHOST_ENDPOINT, MSGHOST_TOKEN and MSGHOST_APP (docs/PROTOCOL.md §4.1)"
                )
            }
            return value
        }
        self.endpoint = try required("MSGHOST_ENDPOINT")
        self.token = try required("MSGHOST_TOKEN")
        self.app = try required("MSGHOST_APP")
        self.attachDevice = environment["MSGHOST_ATTACH_DEVICE"].flatMap { $0.isEmpty ? nil : $0 }
        self.curveServerKey = environment["MSGHOST_CURVE_SERVER_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        self.curveSecretKey = environment["MSGHOST_CURVE_SECRET_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        if let text = environment["MSGHOST_SCREEN"], !text.isEmpty {
            let screen: ScreenGeometry
            do {
                screen = try WireJSON.decode(ScreenGeometry.self, from: Array(text.utf8))
            } catch {
                throw LaunchError(
                    description: "MSGHOST_SCREEN is not a screen (docs/PROTOCOL.md §4.1): \(error.description)")
            }
            if let wrong = screen.check() { throw LaunchError(description: "MSGHOST_SCREEN: \(wrong)") }
            self.screen = screen
        }
        if (self.curveServerKey == nil) != (self.curveSecretKey == nil) {
            throw LaunchError(
                description:
                    "MSGHOST_CURVE_SERVER_KEY and MSGHOST_CURVE_SECRET_KEY go together: set both for a tcp endpoint (docs/PROTOCOL.md §1), or neither"
            )
        }
        // The hello always says the version this SDK speaks; a daemon that speaks another
        // refuses it (unsupportedVersion), which is the versioning rule of §6.
        if let version = environment["MSGHOST_PROTOCOL"], version != String(WireVersion.major) {
            HostConnection.log("MSGHOST_PROTOCOL is \(version); this SDK speaks protocol \(WireVersion.major)")
        }
    }
}

struct LaunchError: Error, CustomStringConvertible {
    var description: String
}
