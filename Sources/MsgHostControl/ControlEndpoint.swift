import Foundation

/// Where a long-running control client (msghost-web, msghost-mcp) finds the daemon, from its
/// flags: `--endpoint`, else `--runtime-directory`, `$MSGHOST_RUNTIME` or `/run/msghost`
/// (`ipc://DIR/control.sock`), with the CURVE keys a `tcp://` endpoint needs.
public struct ControlEndpoint: Sendable, Equatable {
    public var address: String
    public var curve: ControlClient.CurveKeys?

    /// Why the flags name no endpoint a client can use.
    public struct Unusable: Error, CustomStringConvertible {
        public var description: String
    }

    public static func resolve(
        endpoint: String?, runtimeDirectory: String?, serverKey: String?, secretKeyFile: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Unusable) -> ControlEndpoint {
        let directory =
            runtimeDirectory ?? environment["MSGHOST_RUNTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/msghost"
        let address = endpoint ?? "ipc://\(directory)/control.sock"
        let curve: ControlClient.CurveKeys?
        do {
            curve = try ControlClient.CurveKeys.resolve(
                endpoint: address, serverKey: serverKey, secretKeyFile: secretKeyFile, environment: environment)
        } catch {
            throw Unusable(description: error.description)
        }
        if address.hasPrefix("tcp://") && curve == nil {
            throw Unusable(
                description:
                    "a tcp endpoint is a CURVE server: give --server-key and --secret-key-file (or MSGHOST_CURVE_SERVER_KEY and MSGHOST_CURVE_SECRET_KEY)"
            )
        }
        return ControlEndpoint(address: address, curve: curve)
    }
}

extension Process {
    /// Stops a daemon a tool started: SIGTERM (msghostd stops its extensions first), SIGKILL
    /// if it is still running after `grace` seconds, then waits for its exit.
    public func stop(grace: Double) {
        guard self.isRunning else { return }
        self.terminate()
        let deadline = Date().addingTimeInterval(grace)
        while self.isRunning && Date() < deadline { usleep(10_000) }
        if self.isRunning { kill(self.processIdentifier, SIGKILL) }
        self.waitUntilExit()
    }
}
