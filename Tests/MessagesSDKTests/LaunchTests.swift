import Foundation
import MsgHostProtocol
import Testing
import ZeroMQ

@testable import MessagesSDK

/// The launch environment (PROTOCOL.md §4.1) and attach mode (§4.7).
@Suite struct LaunchTests {
    static let launched = [
        "MSGHOST_ENDPOINT": "ipc:///run/x.sock", "MSGHOST_TOKEN": "t", "MSGHOST_APP": "com.example.a",
        "MSGHOST_PROTOCOL": "1",
    ]

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
            try MSExtensionMain.start(
                environment: hosted, context: context, makeController: { MSMessagesAppViewController() },
                willTerminate: { _ in }, exit: {})
        }
        #expect(try host.answerHello().attachDevice == "kate-iphone")
        try started.value().shutdown(lingerMs: 0)
    }

    /// `MSGHOST_SCREEN`: the device's screen, as the daemon writes it from the model; one that
    /// is not JSON, or has a number no screen has, is refused naming it.
    @Test func theScreenOfTheDeviceIsReadAndCheckedThenUIScreenIsIt() throws {
        #expect(try LaunchEnvironment(Self.launched).screen == nil, "started by hand: no screen given")
        var environment = Self.launched
        environment["MSGHOST_SCREEN"] = String(decoding: WireJSON.encode(DeviceModel.iPad.namedScreen), as: UTF8.self)
        let screen = try #require(try LaunchEnvironment(environment).screen)
        #expect(screen == DeviceModel.iPad.namedScreen)
        let iPad = UIScreen(screen)
        #expect(
            iPad.bounds == CGRect(x: 0, y: 0, width: 820, height: 1180) && iPad.scale == 2 && iPad.compactHeight == 398
                && iPad.idiom == .pad)
        #expect(
            UIScreen(DeviceModel.iPhoneSE.namedScreen).safeAreaInsets
                == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        for (text, named) in [
            ("{", "MSGHOST_SCREEN is not a screen"),
            (
                #"{"width":-1,"height":844,"scale":3,"safeArea":{"top":0,"left":0,"bottom":0,"right":0},"compactHeight":292}"#,
                "width -1.0 is out of range"
            ),
            (
                #"{"width":390,"height":844,"scale":3,"safeArea":{"top":900,"left":0,"bottom":0,"right":0},"compactHeight":292}"#,
                "safeArea.top 900.0 is out of range"
            ),
            (
                #"{"width":390,"height":844,"scale":9,"safeArea":{"top":0,"left":0,"bottom":0,"right":0},"compactHeight":292}"#,
                "scale 9.0 is out of range"
            ),
        ] {
            environment["MSGHOST_SCREEN"] = text
            do {
                _ = try LaunchEnvironment(environment)
                Issue.record("\(text) was taken")
            } catch {
                #expect(error.description.contains(named), "\(error.description)")
            }
        }
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
            try MSExtensionMain.start(
                environment: environment, context: ZMQContext(), makeController: { MSMessagesAppViewController() },
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
            try MSExtensionMain.start(
                environment: environment, context: ZMQContext(), makeController: { MSMessagesAppViewController() },
                willTerminate: { _ in }, exit: {}, helloTimeout: 1)
        }
        #expect(try host.receive(timeoutMs: 1500) == nil)
        #expect(throws: LaunchError.self) { try started.value() }
    }
}
