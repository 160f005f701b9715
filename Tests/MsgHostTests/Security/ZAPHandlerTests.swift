import Testing
import ZeroMQ

@testable import MsgHost

/// The ZAP handler answers as RFC 27 says, from the configured keys and the live launches'
/// keys, per domain; what it refuses it reports. Driven over its real inproc socket, as libzmq
/// drives it.
@Suite struct ZAPHandlerTests {
    let context = ZMQContext()
    let control = try! ZMQCurve.keyPair()
    let attached = try! ZMQCurve.keyPair()

    /// Sends one ZAP request (a DEALER speaks to REP with an empty delimiter) and returns the
    /// reply's status code, after the handler answered.
    func ask(_ handler: ZAPHandler, domain: String, key: String?, mechanism: String = "CURVE", short: Bool = false)
        throws -> (String, [ZAPHandler.Refusal])
    {
        let client = try ZMQSocket(self.context, type: .dealer)
        try client.connect(ZAPHandler.endpoint)
        var frames: [[UInt8]] = [
            [], Array("1.0".utf8), Array("r1".utf8), Array(domain.utf8), Array("192.0.2.7".utf8), [],
            Array(mechanism.utf8),
        ]
        if let key { frames.append(ZMQCurve.bytes(key) ?? []) }
        if short { frames = Array(frames.prefix(3)) }
        try client.send(frames)
        var refusals: [ZAPHandler.Refusal] = []
        try client.setReceiveTimeout(milliseconds: 10)
        for _ in 0..<200 {
            refusals += handler.answer()
            if let reply = try client.receive() {
                #expect(reply.count == 7 && reply[1] == Array("1.0".utf8) && reply[2] == Array("r1".utf8) || short)
                return (String(decoding: reply[3], as: UTF8.self), refusals)
            }
        }
        Issue.record("no ZAP reply")
        return ("", refusals)
    }

    @Test func eachDomainAdmitsItsOwnKeysAndLaunchKeysLiveWithTheirLaunch() throws {
        let handler = try ZAPHandler(
            context: self.context,
            clients: CurveClients(controlKeys: [self.control.publicKey], extensionKeys: [self.attached.publicKey]))
        defer { handler.socket.close() }
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: self.control.publicKey).0 == "200")
        #expect(try self.ask(handler, domain: ZAPHandler.extensionDomain, key: self.attached.publicKey).0 == "200")
        // A control key does not open the extension endpoint, nor the reverse.
        let (status, refusals) = try self.ask(handler, domain: ZAPHandler.extensionDomain, key: self.control.publicKey)
        #expect(status == "400")
        #expect(
            refusals == [ZAPHandler.Refusal(domain: "extensions", key: self.control.publicKey, address: "192.0.2.7")])
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: self.attached.publicKey).0 == "400")

        let launch = try ZMQCurve.keyPair()
        #expect(try self.ask(handler, domain: ZAPHandler.extensionDomain, key: launch.publicKey).0 == "400")
        handler.admit(launch: "L1", publicKey: launch.publicKey)
        #expect(try self.ask(handler, domain: ZAPHandler.extensionDomain, key: launch.publicKey).0 == "200")
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: launch.publicKey).0 == "400")
        handler.forget(launch: "L1")
        #expect(try self.ask(handler, domain: ZAPHandler.extensionDomain, key: launch.publicKey).0 == "400")
    }

    @Test func otherMechanismsAndMalformedRequestsAreRefusedAndTheHandlerKeepsAnswering() throws {
        let handler = try ZAPHandler(
            context: self.context, clients: CurveClients(controlKeys: [self.control.publicKey]))
        defer { handler.socket.close() }
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: nil, mechanism: "NULL").0 == "400")
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: nil, short: true).0 == "400")
        #expect(try self.ask(handler, domain: ZAPHandler.controlDomain, key: self.control.publicKey).0 == "200")
    }
}
