import Configuration
import Foundation
import Testing
import ZeroMQ

@testable import MsgHost

/// Which tcp endpoints count as loopback, how client keys are read and checked, and the
/// daemon's key pair file (docs/SECURITY.md).
@Suite struct CurveClientsTests {
    @Test(arguments: [
        ("tcp://127.0.0.1:5555", true), ("tcp://127.8.9.10:1", true), ("tcp://[::1]:5555", true),
        ("tcp://lo:5555", true),
        ("tcp://localhost:5555", true), ("tcp://0.0.0.0:5555", false), ("tcp://*:5555", false),
        ("tcp://[::]:5555", false),
        ("tcp://192.168.1.2:5555", false), ("tcp://eth0:5555", false), ("tcp://128.0.0.1:5555", false),
        ("tcp://[::2]:5555", false),
    ])
    func loopbackIsOnlyTheLoopbackAddresses(_ endpoint: String, _ loopback: Bool) {
        #expect(CurveClients.isLoopback(endpoint) == loopback)
    }

    func load(_ values: [AbsoluteConfigKey: ConfigValue]) throws(ConfigurationError) -> DaemonConfiguration {
        try DaemonConfiguration(
            config: ConfigReader(provider: InMemoryProvider(values: values)), configDirectory: "/nonexistent")
    }

    @Test func keysAreReadAndEachIsChecked() throws {
        let key = try ZMQCurve.keyPair().publicKey
        let config = try self.load([
            "curve.controlKeys": .init(.stringArray([key]), isSecret: false), "endpoints.control": "tcp://0.0.0.0:5556",
        ])
        #expect(config.curve.controlKeys == [key])
        #expect(config.curve.extensionKeys == [])
        #expect(throws: ConfigurationError.self) {
            try self.load(["curve.extensionKeys": .init(.stringArray([key, "short"]), isSecret: false)])
        }
        do {
            _ = try self.load(["curve.extensionKeys": .init(.stringArray([key, "short"]), isSecret: false)])
        } catch {
            #expect(error.description.contains("curve.extensionKeys [1] must be a CURVE public key"))
        }
    }

    @Test func aMisspelledCurveKeyIsNamedWithTheKnownOne() throws {
        let yaml = "curve:\n  controlKey: []\n"
        #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration.knownKeys.check(yaml: yaml, file: "msghostd.yaml")
        }
        do {
            try DaemonConfiguration.knownKeys.check(yaml: yaml, file: "msghostd.yaml")
        } catch {
            #expect(
                error.description == "msghostd.yaml:2: unknown key curve.controlKey; did you mean curve.controlKeys?")
        }
        try DaemonConfiguration.knownKeys.check(
            yaml: "curve:\n  controlKeys: [a]\n  extensionKeys: []\n", file: "msghostd.yaml")
    }

    @Test func offLoopbackAnEndpointNeedsItsOwnKeys() throws {
        let key = try ZMQCurve.keyPair().publicKey
        // Control keys do not open the extension endpoint to the network, nor the reverse.
        do {
            _ = try self.load([
                "curve.controlKeys": .init(.stringArray([key]), isSecret: false), "endpoints.extension": "tcp://*:5555",
            ])
            Issue.record("an extension endpoint off loopback with no extension keys must be refused")
        } catch {
            #expect(
                error.description
                    == "endpoints.extension tcp://*:5555 is not a loopback address, and curve.extensionKeys lists no CURVE client key: msghostd does not bind the network without CURVE clients configured (docs/SECURITY.md)"
            )
        }
        #expect(
            try self.load(["endpoints.extension": "tcp://127.0.0.1:5555"]).extensionEndpoint == "tcp://127.0.0.1:5555")
    }

    @Test func theKeyPairIsMadeOwnerOnlyOnceAndALooseOneIsRefused() throws {
        let directory = try TemporaryDirectory()
        let made = try ServerKeyPair.loadOrCreate(in: directory.path)
        let secretPath = directory.path + "/" + ServerKeyPair.secretFile
        #expect(try FileManager.default.attributesOfItem(atPath: secretPath)[.posixPermissions] as? Int == 0o600)
        #expect(try ServerKeyPair.loadOrCreate(in: directory.path).secretKey == made.secretKey)
        #expect(
            try String(contentsOfFile: directory.path + "/" + ServerKeyPair.publicFile, encoding: .utf8) == made
                .publicKey + "\n")
        chmod(secretPath, 0o644)
        #expect(throws: ConfigurationError.self) { try ServerKeyPair.loadOrCreate(in: directory.path) }
    }
}
