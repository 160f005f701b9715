import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing
import ZeroMQ

/// CURVE on tcp over real sockets (docs/SECURITY.md): a listed key talks, an unknown key is
/// refused where everyone can see it, a plain client gets nothing, the daemon's key pair is
/// made once (0600) and kept, and no tcp address off loopback is bound without client keys.
@Suite struct CurveTests {
    static func settings(control endpoint: String, keys: [String]) -> [String: String] {
        [
            "endpoints.control": endpoint,
            "curve.controlKeys": "[" + keys.map { "\"\($0)\"" }.joined(separator: ", ") + "]",
        ]
    }

    @Test func aListedKeyTalksAndAnUnknownKeyIsRefusedAsAnEvent() throws {
        let client = try ZMQCurve.keyPair()
        let endpoint = "tcp://127.0.0.1:\(try FreePort.next())"
        try TestDaemon.with(
            settings: Self.settings(control: endpoint, keys: [client.publicKey]), controlSecretKey: client.secretKey
        ) { daemon in
            let status = try daemon.status()
            #expect(status.daemon.pid == Int(daemon.pid))
            // The extension endpoint stays ipc (plain) beside the ZAP handler: it still works.
            let opened = try daemon.open(on: "kate-iphone")
            #expect(!opened.instance.isEmpty)

            let stranger = try ZMQCurve.keyPair()
            let refused = try ControlClient(
                endpoint: endpoint, curve: .init(serverKey: daemon.serverKey ?? "", secretKey: stranger.secretKey))
            #expect(throws: ControlClient.TransportError.self) {
                try refused.request(.status, as: StatusResult.self, timeout: 1)
            }

            let events = try daemon.events(kind: "connectionRefused").filter { $0.name == "unknownClientKey" }
            #expect(
                events.first?.detail?.contains("control endpoint refused CURVE client key \(stranger.publicKey)")
                    == true, "\(events)")
            let counters = try daemon.status().counters
            #expect(counters["refusedConnections"] ?? 0 >= 1)
            #expect(daemon.log.contains("CURVE client refused"))
            #expect(!daemon.log.contains(stranger.secretKey) && !daemon.log.contains(client.secretKey))
        }
    }

    @Test func launchesOnTcpConnectWithKeysOfTheirOwnFromAnyLanguage() throws {
        // The raw-pyzmq example sets the three libzmq options of PROTOCOL.md §1.1 itself.
        let endpoint = "tcp://127.0.0.1:\(try FreePort.next())"
        try TestDaemon.with(apps: [.pythonRaw()], settings: ["endpoints.extension": endpoint]) { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.open(on: "john-iphone")
            let connected = try daemon.events(kind: "connected")
            #expect(Set(connected.compactMap(\.device)) == ["kate-iphone", "john-iphone"])
            #expect(try daemon.events(kind: "connectionRefused").isEmpty)
        }
    }

    /// What a launch's environment holds, as the probe app wrote it.
    static func launchEnvironment(_ file: String, timeout: Double = 10) throws -> [String: String] {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: file) && Date() < deadline { usleep(10_000) }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return Dictionary(
            text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            }
        ) { a, _ in a }
    }

    @Test func aLaunchKeyIsTheLaunchsOwnAndDiesWithIt() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        let endpoint = "tcp://127.0.0.1:\(try FreePort.next())"
        let leaked = try ZMQCurve.keyPair()
        // Keys in the daemon's own environment are never what a launch gets.
        try TestDaemon.with(
            apps: [.probe(file: envFile)],
            settings: ["endpoints.extension": endpoint, "extensions.launchTimeoutMs": "500"],
            environment: ["MSGHOST_CURVE_SECRET_KEY": leaked.secretKey]
        ) { daemon in
            let open = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let environment = try Self.launchEnvironment(envFile)
            let published = try String(contentsOfFile: daemon.directory + "/state/curve-server.pub", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            #expect(environment["MSGHOST_CURVE_SERVER_KEY"] == published)
            let secret = try #require(environment["MSGHOST_CURVE_SECRET_KEY"])
            #expect(secret != leaked.secretKey && ZMQCurve.publicKey(secretKey: secret) != nil)
            #expect(throws: (any Error).self) { try open.value() }  // the probe never says hello: launchFailed

            // The launch is over (its process has exited): its key no longer opens the endpoint.
            try daemon.eventually("the probe has exited") { try daemon.status().extensions.isEmpty }
            let late = try ZMQSocket(ZMQContext(), type: .dealer)
            try late.makeCurveClient(serverKey: published, secretKey: secret)
            try late.connect(endpoint)
            let lateKey = try #require(ZMQCurve.publicKey(secretKey: secret))
            try daemon.eventually("the late key is refused") {
                try daemon.events(kind: "connectionRefused").contains { $0.detail?.contains(lateKey) == true }
            }
        }
    }

    @Test func anIpcLaunchGetsNoCurveKeysEvenIfTheDaemonHasSome() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        let leaked = try ZMQCurve.keyPair()
        try TestDaemon.with(
            apps: [.probe(file: envFile)], settings: ["extensions.launchTimeoutMs": "500"],
            environment: ["MSGHOST_CURVE_SERVER_KEY": leaked.publicKey, "MSGHOST_CURVE_SECRET_KEY": leaked.secretKey]
        ) { daemon in
            let open = Thread.detachedResult { try daemon.open("com.example.probe", on: "kate-iphone") }
            let environment = try Self.launchEnvironment(envFile)
            #expect(environment["MSGHOST_TOKEN"] != nil)
            #expect(environment.keys.filter { $0.hasPrefix("MSGHOST_CURVE_") }.isEmpty, "\(environment.keys.sorted())")
            #expect(throws: (any Error).self) { try open.value() }
        }
    }

    @Test func aPlainClientCannotTalkToACurveSocket() throws {
        let client = try ZMQCurve.keyPair()
        let endpoint = "tcp://127.0.0.1:\(try FreePort.next())"
        try TestDaemon.with(
            settings: Self.settings(control: endpoint, keys: [client.publicKey]), controlSecretKey: client.secretKey
        ) { daemon in
            let plain = try ControlClient(endpoint: endpoint)
            #expect(throws: ControlClient.TransportError.self) {
                try plain.request(.status, as: StatusResult.self, timeout: 1)
            }
            // The same request with the listed key is answered: the refusal was the handshake's.
            let counters = try daemon.status().counters
            #expect(counters["controlErrors"] ?? 0 == 0)
        }
    }

    @Test func theDaemonsKeyPairIsMadeOnceOwnerOnlyAndReused() throws {
        let endpoint = "tcp://127.0.0.1:\(try FreePort.next())"
        try TestDaemon.with(settings: ["endpoints.extension": endpoint]) { daemon in
            let secretPath = daemon.directory + "/state/curve-server.key"
            let mode = try FileManager.default.attributesOfItem(atPath: secretPath)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let secret = try String(contentsOfFile: secretPath, encoding: .utf8).trimmingCharacters(in: .newlines)
            let published = try String(contentsOfFile: daemon.directory + "/state/curve-server.pub", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            #expect(ZMQCurve.publicKey(secretKey: secret) == published)

            kill(daemon.pid, SIGTERM)
            #expect(daemon.waitForExit() == 0)
            try daemon.restart()
            #expect(try String(contentsOfFile: secretPath, encoding: .utf8).trimmingCharacters(in: .newlines) == secret)
            #expect(daemon.log.contains(published))
        }
    }

    @Test func aNonLoopbackTcpEndpointWithoutClientKeysRefusesToStart() throws {
        let port = try FreePort.next()
        for (flag, endpoint, keys) in [
            ("--control-endpoint", "tcp://0.0.0.0:\(port)", "curve.controlKeys"),
            ("--control-endpoint", "tcp://*:\(port)", "curve.controlKeys"),
            ("--extension-endpoint", "tcp://0.0.0.0:\(port)", "curve.extensionKeys"),
        ] {
            let run = try Self.runDaemon([flag, endpoint])
            #expect(run.status == 78, "stderr: \(run.stderr)")
            #expect(
                run.stderr.contains("\(endpoint) is not a loopback address, and \(keys) lists no CURVE client key"),
                "stderr: \(run.stderr)")
        }
    }

    @Test func aNonLoopbackTcpEndpointWithClientKeysStartsAndAdmitsThem() throws {
        let client = try ZMQCurve.keyPair()
        let port = try FreePort.next()
        try TestDaemon.with(
            settings: Self.settings(control: "tcp://0.0.0.0:\(port)", keys: [client.publicKey]),
            controlSecretKey: client.secretKey
        ) { daemon in
            let status = try daemon.status()
            #expect(status.daemon.pid == Int(daemon.pid))
        }
    }

    @Test func aBadClientKeyIsNamed() throws {
        let run = try Self.runDaemon([], config: "curve:\n  controlKeys: [\"not-a-key\"]\n")
        #expect(run.status == 78, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("curve.controlKeys [0] must be a CURVE public key"), "stderr: \(run.stderr)")
    }

    /// Runs msghostd in a fresh directory with `arguments`; a daemon that wrongly starts is
    /// stopped by timeout (status 124) instead of hanging the test.
    static func runDaemon(_ arguments: [String], config: String = "log: {level: info}\n") throws -> CommandRun {
        let directory = "/tmp/msghost-curve-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try config.write(toFile: directory + "/config/msghostd.yaml", atomically: true, encoding: .utf8)
        return try CommandRun(
            "/usr/bin/timeout",
            [
                "20", TestPaths.msghostd, "--config", directory + "/config/msghostd.yaml",
                "--state-directory", directory + "/state", "--runtime-directory", directory + "/run",
            ] + arguments)
    }
}
