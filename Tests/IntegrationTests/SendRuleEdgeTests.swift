import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The edges of the direct-send rules (PROTOCOL.md §4.5), played by the test as the extension
/// over a real socket: the interaction window's boundary on the manual clock, and a send from
/// an instance that has resigned.
@Suite(.serialized) struct SendRuleEdgeTests {
    /// Opens the probe app on Kate's iPhone and says hello; returns the probe and its instance.
    static func openProbe(_ daemon: TestDaemon, envFile: String) throws -> (ProbeExtension, String) {
        let opened = daemon.detached { client in
            try client.request(
                .open,
                OpenRequest(device: "kate-iphone", conversation: TestDaemon.conversation, app: "com.example.probe"),
                as: OpenResult.self)
        }
        let probe = try ProbeExtension(environmentFile: envFile)
        #expect(try probe.hello().envelope.decodeBody(ReplyStatus.self).isOK)
        _ = try probe.acknowledge(4)
        return (probe, try opened.value().instance)
    }

    /// The user touches; the probe acknowledges the `touch` callback.
    static func touch(_ daemon: TestDaemon, _ probe: ProbeExtension) throws {
        let touched = daemon.detached { client in
            try client.request(.touch, TouchRequest(device: "kate-iphone"), as: Empty.self)
        }
        #expect(try probe.acknowledge(1).map(\.type) == ["touch"])
        _ = try touched.value()
    }

    static func sendText(_ probe: ProbeExtension, instance: String) throws -> ReplyStatus {
        let id = try probe.send("sendText", TextRequestBody(instance: instance, text: "hi"))
        while true {
            let message = try probe.receive()
            if message.header.type == "reply" && message.header.replyTo == id {
                return try message.envelope.decodeBody(ReplyStatus.self)
            }
            try probe.send("reply", OKReply(Empty()), replyTo: message.header.id)  // didStartSending and the like
        }
    }

    @Test func aTouchExactlyTheWindowOldNoLongerAllowsASend() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(
            apps: [.probe(file: envFile)], settings: ["clock": "manual", "interaction.windowMs": "1000"]
        ) { daemon in
            let (probe, instance) = try Self.openProbe(daemon, envFile: envFile)
            try Self.touch(daemon, probe)
            try daemon.advance(1000)
            let stale = try Self.sendText(probe, instance: instance)
            #expect(
                stale.failure?.isMessages(.sendWithoutRecentInteraction) == true,
                "a touch as old as the window is not younger than it")
            try Self.touch(daemon, probe)
            try daemon.advance(999)
            #expect(try Self.sendText(probe, instance: instance).isOK, "999 ms old: still recent")
        }
    }

    @Test func aSendFromTheTerminateHandlerAfterCloseIsSendWhileNotVisible() throws {
        let envFile = "/tmp/msghost-probe-\(UUID().uuidString.prefix(8)).env"
        defer { try? FileManager.default.removeItem(atPath: envFile) }
        try TestDaemon.with(apps: [.probe(file: envFile)], settings: ["clock": "manual"]) { daemon in
            let (probe, instance) = try Self.openProbe(daemon, envFile: envFile)
            try Self.touch(daemon, probe)
            let closed = daemon.detached { client in
                try client.request(.close, DeviceRequest(device: "kate-iphone"), as: Empty.self)
            }
            #expect(
                try probe.acknowledge(4).map(\.type) == [
                    "viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive",
                ])
            _ = try closed.value()
            try daemon.advance(200)  // the idle grace: `terminate` comes
            let terminate = try probe.receive()
            #expect(terminate.header.type == "terminate")
            let refused = try Self.sendText(probe, instance: instance)
            let failure = try #require(refused.failure)
            #expect(failure.isMessages(.sendWhileNotVisible), "\(failure)")
            try probe.send("reply", OKReply(Empty()), replyTo: terminate.header.id)
            let unknown = try Self.sendText(probe, instance: "i999")
            #expect(unknown.failure?.isProtocol(.unknownInstance) == true, "an id that never was this extension's")
        }
    }
}
