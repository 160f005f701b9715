import CZeroMQ

/// CurveZMQ (RFC 26) as libzmq implements it: key pairs in Z85 text and the socket options
/// that make a socket a CURVE server or client.
///
/// Keys are kept as their 40-character Z85 text everywhere (config files, the environment,
/// flags): libzmq accepts that form for every CURVE option, and people can copy it.
public enum ZMQCurve {
    /// Whether this libzmq was built with CURVE (libsodium or its own tweetnacl).
    public static var isAvailable: Bool { zmq_has("curve") == 1 }

    /// A new key pair from libzmq's random source.
    public static func keyPair() throws(ZMQError) -> (publicKey: String, secretKey: String) {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else { throw ZMQError.last("zmq_curve_keypair") }
        return (Self.text(publicKey), Self.text(secretKey))
    }

    /// The public key that belongs to `secretKey`; nil if `secretKey` is not a Z85 key.
    public static func publicKey(secretKey: String) -> String? {
        guard Self.isKey(secretKey) else { return nil }
        var publicKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_public(&publicKey, secretKey) == 0 else { return nil }
        return Self.text(publicKey)
    }

    /// Whether `key` is a CURVE key in Z85: 40 characters that decode to 32 bytes.
    public static func isKey(_ key: String) -> Bool { Self.bytes(key) != nil }

    /// The Z85 text of a 32-byte key as it arrives in a ZAP request's credentials frame; nil
    /// for any other length.
    public static func z85(_ key: [UInt8]) -> String? {
        guard key.count == 32 else { return nil }
        var text = [CChar](repeating: 0, count: 41)
        guard zmq_z85_encode(&text, key, key.count) != nil else { return nil }
        return Self.text(text)
    }

    /// The 32 bytes of a Z85 key; nil if `key` is not one.
    public static func bytes(_ key: String) -> [UInt8]? {
        guard key.utf8.count == 40 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        return zmq_z85_decode(&bytes, key) == nil ? nil : bytes
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ZMQSocket {
    /// Makes this socket a CURVE server with `secretKey` (before `bind`). Each handshake is
    /// then put to the ZAP handler of the socket's context with `zapDomain`, which says
    /// which socket asks.
    public func makeCurveServer(secretKey: String, zapDomain: String) throws(ZMQError) {
        try self.setOption(ZMQ_CURVE_SERVER, Int32(1))
        try self.setOption(ZMQ_CURVE_SECRETKEY, string: secretKey)
        try self.setOption(ZMQ_ZAP_DOMAIN, string: zapDomain)
    }

    /// Makes this socket a CURVE client (before `connect`) of the server with public key
    /// `serverKey`, as the key pair whose secret half is `secretKey`.
    public func makeCurveClient(serverKey: String, secretKey: String) throws(ZMQError) {
        guard let publicKey = ZMQCurve.publicKey(secretKey: secretKey) else {
            throw ZMQError(errno: EINVAL, operation: "CURVE secret key (not 40 characters of Z85)")
        }
        try self.setOption(ZMQ_CURVE_SERVERKEY, string: serverKey)
        try self.setOption(ZMQ_CURVE_PUBLICKEY, string: publicKey)
        try self.setOption(ZMQ_CURVE_SECRETKEY, string: secretKey)
    }

    /// Sets a string option (libzmq copies it; no terminating NUL is passed).
    public func setOption(_ option: Int32, string: String) throws(ZMQError) {
        let bytes = Array(string.utf8)
        _ = try retryingEINTR("zmq_setsockopt \(option)") {
            bytes.withUnsafeBytes { zmq_setsockopt(self.raw, option, $0.baseAddress, $0.count) }
        }
    }
}
