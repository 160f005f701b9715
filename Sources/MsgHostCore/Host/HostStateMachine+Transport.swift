import MsgHostProtocol

/// What the transport reports before any message: a CURVE handshake the daemon's ZAP handler
/// refused (docs/SECURITY.md). The connection never reaches the machine, but the refusal is
/// an event like a refused hello, so an operator sees who knocked.
extension HostStateMachine {
    /// The event name of a handshake refused for its client key.
    public static let unknownClientKey = "unknownClientKey"

    /// A client whose CURVE key is not authorised on `socket` (`control` or `extensions`)
    /// tried to connect from `address`.
    public mutating func clientKeyRefused(socket: String, key: String, address: String, now: Instant) -> [HostAction] {
        self.outbox.count(.refusedConnections)
        return [
            self.outbox.record(
                .connectionRefused, now: now, name: Self.unknownClientKey,
                detail: "\(socket) endpoint refused CURVE client key \(key) from \(address)")
        ]
    }
}

/// What the codec asks before it reads a message (`ConnectionKeys`): the machine owns the
/// launches and their tokens; the codec owns framing, signatures and the replay windows.
extension HostStateMachine: ConnectionKeys {
    public func connectionKey(route: [UInt8]) -> SigningKey? { self.processes.process(route: route)?.token }

    public func isIgnored(route: [UInt8]) -> Bool { self.processes.ignoredRoutes.contains(route) }

    public func helloKeys(app: String) -> [(launchID: String, key: SigningKey)] { self.processes.helloKeys(app: app) }

    public func attachKey(app: String) -> SigningKey? {
        self.apps[app]?.attachKey.map { SigningKey(Array($0.utf8)) }
    }
}
