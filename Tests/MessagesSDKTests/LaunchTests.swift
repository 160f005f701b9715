import Foundation
@testable import MessagesSDK
import Testing
import ZeroMQ

/// The launch environment (PROTOCOL.md §4.1) and attach mode (§4.7).
@Suite struct LaunchTests {
    static let launched = ["MSGHOST_ENDPOINT": "ipc:///run/x.sock", "MSGHOST_TOKEN": "t", "MSGHOST_APP": "com.example.a", "MSGHOST_PROTOCOL": "1"]

    @Test func aMissingVariableIsNamed() throws {
        for name in ["MSGHOST_ENDPOINT", "MSGHOST_TOKEN", "MSGHOST_APP"] {
            var environment = Self.launched
            environment[name] = nil
            #expect(throws: LaunchError.self) { try LaunchEnvironment(environment) }
            do { _ = try LaunchEnvironment(environment) } catch { #expect(error.description.hasPrefix(name)) }
        }
        #expect(try LaunchEnvironment(Self.launched).attachDevice == nil)
    }

    @Test func attachModeNamesTheDeviceInTheHello() throws {
        var environment = Self.launched
        environment["MSGHOST_ATTACH_DEVICE"] = "kate-iphone"
        #expect(try LaunchEnvironment(environment).attachDevice == "kate-iphone")

        let host = try FakeHost()
        var hosted = try host.environment
        hosted.attachDevice = "kate-iphone"
        let context = host.context
        let started = Background { [hosted] in
            try MSExtensionMain.start(environment: hosted, context: context, makeController: { MSMessagesAppViewController() },
                                      willTerminate: { _ in }, exit: {})
        }
        #expect(try host.answerHello().attachDevice == "kate-iphone")
        try started.value().shutdown(lingerMs: 0)
    }

    @Test func curveKeysComeInPairs() throws {
        var environment = Self.launched
        environment["MSGHOST_CURVE_SERVER_KEY"] = String(repeating: "a", count: 40)
        #expect(throws: LaunchError.self) { try LaunchEnvironment(environment) }
        environment["MSGHOST_CURVE_SECRET_KEY"] = String(repeating: "b", count: 40)
        #expect(try LaunchEnvironment(environment).curveSecretKey == String(repeating: "b", count: 40))
    }

    @Test func aTcpEndpointIsReachedWithTheCurveKeysOfTheLaunchEnvironment() throws {
        let host = try FakeHost(curve: true)
        var variables = host.variables
        variables["MSGHOST_CURVE_SERVER_KEY"] = host.serverKey
        variables["MSGHOST_CURVE_SECRET_KEY"] = try ZMQCurve.keyPair().secretKey
        let environment = try LaunchEnvironment(variables)
        let started = Background { [environment] in
            try MSExtensionMain.start(environment: environment, context: ZMQContext(), makeController: { MSMessagesAppViewController() },
                                      willTerminate: { _ in }, exit: {})
        }
        #expect(try host.answerHello().app == "com.example.test")
        try started.value().shutdown(lingerMs: 0)
    }

    @Test func withoutTheServersKeyTheHelloNeverArrives() throws {
        let host = try FakeHost(curve: true)
        var variables = host.variables
        variables["MSGHOST_CURVE_SERVER_KEY"] = try ZMQCurve.keyPair().publicKey  // not the host's
        variables["MSGHOST_CURVE_SECRET_KEY"] = try ZMQCurve.keyPair().secretKey
        let environment = try LaunchEnvironment(variables)
        let started = Background { [environment] in
            try MSExtensionMain.start(environment: environment, context: ZMQContext(), makeController: { MSMessagesAppViewController() },
                                      willTerminate: { _ in }, exit: {}, helloTimeout: 1)
        }
        #expect(try host.receive(timeoutMs: 1500) == nil)
        #expect(throws: LaunchError.self) { try started.value() }
    }
}
