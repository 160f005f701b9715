import Foundation
import ZeroMQ

/// The CURVE clients a `tcp://` endpoint admits, from `curve.controlKeys` and
/// `curve.extensionKeys`, and the rule that keeps the daemon off the network without them.
///
/// Every tcp socket of the daemon is a CURVE server: on tcp, unlike ipc, no file permission
/// stands between the socket and any user of the machine (or, off loopback, of the network),
/// so the handshake is what says who may talk. An ipc socket stays plain: its runtime
/// directory (0700) already admits only the daemon's own user.
public struct CurveClients: Sendable, Equatable {
    /// Public keys (Z85) admitted on the control endpoint: the people and tools that drive
    /// the daemon.
    public var controlKeys: [String]
    /// Public keys (Z85) admitted on the extension endpoint besides the key pair the daemon
    /// makes for each launch: extensions started by hand (attach mode) or on other machines.
    public var extensionKeys: [String]

    public init(controlKeys: [String] = [], extensionKeys: [String] = []) {
        self.controlKeys = controlKeys
        self.extensionKeys = extensionKeys
    }

    static func isKey(_ key: String) -> Bool { ZMQCurve.isKey(key) }

    /// Refuses a tcp endpoint that CURVE cannot protect: libzmq without CURVE, or an address
    /// other than loopback with no client key configured for it (binding to the network with
    /// nobody allowed in is a mistake, and the port would still be open to every handshake).
    func check(endpoint: String, key: String, keysKey: String, keys: [String]) throws(ConfigurationError) {
        guard endpoint.hasPrefix("tcp://") else { return }
        guard ZMQCurve.isAvailable else {
            throw ConfigurationError(
                "\(key) \(endpoint) is tcp, which needs CURVE, but this libzmq was built without it (zmq_has(\"curve\") is false)"
            )
        }
        if keys.isEmpty && !Self.isLoopback(endpoint) {
            throw ConfigurationError(
                "\(key) \(endpoint) is not a loopback address, and \(keysKey) lists no CURVE client key: msghostd does not bind the network without CURVE clients configured (docs/SECURITY.md)"
            )
        }
    }

    /// Whether a `tcp://` bind endpoint only listens on loopback: 127.0.0.0/8, `[::1]`, the
    /// interface `lo` or `localhost`. A wildcard (`*`), any other address or interface name is
    /// not.
    static func isLoopback(_ endpoint: String) -> Bool {
        var address = endpoint.dropFirst("tcp://".count)
        guard let colon = address.lastIndex(of: ":") else { return false }
        address = address[..<colon]
        if address.hasPrefix("[") && address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        let host = String(address)
        if host == "lo" || host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return false
    }
}
