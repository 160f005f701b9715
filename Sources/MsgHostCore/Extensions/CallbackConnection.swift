import MsgHostProtocol

/// What an instance's callbacks need of the process that serves it: its connection and key,
/// and how long it has to acknowledge each one. The supervisor gives it while the process is
/// connected; the screens send over it (`Screens.pump`) without reading the process table.
struct CallbackConnection: Sendable {
    let launchID: String
    let route: [UInt8]
    let key: SigningKey
    let responseTimeoutMs: Int64
}

extension Supervisor {
    /// The connection of `launchID`, if it has said hello and is not on its way out.
    func connection(_ launchID: String) -> CallbackConnection? {
        guard let process = self.processes[launchID], case .connected(let route) = process.state else { return nil }
        return CallbackConnection(
            launchID: launchID, route: route, key: process.token, responseTimeoutMs: self.responseTimeout(process.app))
    }
}
