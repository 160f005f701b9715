/// What the transport reports before any message: a CURVE handshake the daemon's ZAP handler
/// refused (docs/SECURITY.md). The connection never reaches the machine, but the refusal is
/// an event like a refused hello, so an operator sees who knocked.
extension HostStateMachine {
    /// The event name of a handshake refused for its client key.
    public static let unknownClientKey = "unknownClientKey"

    /// A client whose CURVE key is not authorised on `socket` (`control` or `extensions`)
    /// tried to connect from `address`.
    public mutating func clientKeyRefused(socket: String, key: String, address: String, now: Instant) -> [HostAction] {
        self.count(.refusedConnections)
        return [self.record(.connectionRefused, now: now, name: Self.unknownClientKey, detail: "\(socket) endpoint refused CURVE client key \(key) from \(address)")]
    }
}
