import ZeroMQ

/// The daemon's ZAP handler (RFC 27): libzmq asks it, over `inproc://zeromq.zap.01` in the
/// daemon's context, whether each CURVE handshake's client key may connect, and it answers
/// from the keys the configuration lists and the keys the daemon made for its launches.
///
/// Its socket lives on the event loop's thread with the others and is polled with them; a
/// handshake waits for the loop's answer, so the answer is always about the loop's current
/// set of launches. It must be bound before any CURVE socket binds: libzmq admits every
/// client of a CURVE server whose context has no ZAP handler.
final class ZAPHandler {
    static let endpoint = "inproc://zeromq.zap.01"
    /// The ZAP domains the daemon's two CURVE servers announce, to tell them apart here.
    static let controlDomain = "control"
    static let extensionDomain = "extensions"

    /// A handshake refused: which socket, which key (Z85, or what arrived instead), from where.
    struct Refusal: Equatable {
        var domain: String
        var key: String
        var address: String
    }

    let socket: ZMQSocket
    private let controlKeys: Set<String>
    private let extensionKeys: Set<String>
    /// Launch id → the public key made for that launch, while the launch lives.
    private var launchKeys: [String: String] = [:]

    init(context: ZMQContext, clients: CurveClients) throws(ZMQError) {
        self.socket = try ZMQSocket(context, type: .rep)
        try self.socket.bind(Self.endpoint)
        self.controlKeys = Set(clients.controlKeys)
        self.extensionKeys = Set(clients.extensionKeys)
    }

    /// Admits `publicKey` on the extension socket for as long as the launch lives.
    func admit(launch launchID: String, publicKey: String) { self.launchKeys[launchID] = publicKey }

    /// The launch has ended: its key is no longer admitted.
    func forget(launch launchID: String) { self.launchKeys[launchID] = nil }

    /// Answers every queued request; returns the refusals, for the event log.
    func answer() -> [Refusal] {
        var refusals: [Refusal] = []
        while let request = try? self.socket.receive(dontWait: true) {
            // version, request id, domain, address, identity, mechanism, credentials…
            // Only libzmq sends here (inproc), but a REP socket must answer every request
            // before it can receive the next: a short one is answered 400 too.
            let text =
                request.map { String(decoding: $0, as: UTF8.self) }
                + Array(repeating: "", count: max(0, 6 - request.count))
            let requestID = request.count > 1 ? request[1] : []
            let (version, domain, address, mechanism) = (text[0], text[2], text[3], text[5])
            let key = request.count >= 7 ? ZMQCurve.z85(request[6]) : nil
            let admitted =
                version == "1.0" && mechanism == "CURVE" && key.map { self.admits($0, domain: domain) } == true
            if !admitted {
                refusals.append(Refusal(domain: domain, key: key ?? "(\(mechanism), no CURVE key)", address: address))
            }
            let status = admitted ? ("200", "OK") : ("400", "client key not authorised for \(domain)")
            try? self.socket.send(
                [
                    Array("1.0".utf8), requestID, Array(status.0.utf8), Array(status.1.utf8), Array((key ?? "").utf8),
                    [],
                ], dontWait: true)
        }
        return refusals
    }

    private func admits(_ key: String, domain: String) -> Bool {
        switch domain {
        case Self.controlDomain: self.controlKeys.contains(key)
        case Self.extensionDomain: self.extensionKeys.contains(key) || self.launchKeys.values.contains(key)
        default: false
        }
    }
}
