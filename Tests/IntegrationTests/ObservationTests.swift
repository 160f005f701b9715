import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// What tests and people watch (SPEC §6 observation): the event stream and `status`.
@Suite(.serialized) struct ObservationTests {
    @Test func subscribersGetEveryEventAsItHappens() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            // From the start of the log (after: 0), so nothing can be missed however the threads run.
            let followed = daemon.detached { client -> [String] in
                var kinds: [String] = []
                try client.follow(after: 0, timeout: 20) { event in
                    kinds.append(event.kind)
                    return event.kind != "sendRefused"
                }
                return kinds
            }
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["sends": .number(2)]))
            let kinds = try followed.value()
            #expect(
                kinds == [
                    "launching", "opened", "launched", "connected", "touch", "sent", "arrived", "arrived",
                    "sendRefused",
                ])
        }
    }

    @Test func statusListsEachExtensionWithPidStateUptimeAndMemory() throws {
        try TestDaemon.with(settings: ["clock": "manual"]) { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.advance(1500)
            try daemon.eventually("memory was sampled") { try daemon.status().extensions.first?.memoryBytes != nil }
            let status = try daemon.status()
            #expect(status.daemon.clock == "manual")
            let ext = try #require(status.extensions.first)
            #expect(ext.device == "kate-iphone" && ext.app == "com.example.python-raw" && ext.state == "running")
            #expect(ext.pid != nil && ext.instances == ["i1"])
            #expect(ext.uptimeMs == 1500)
            #expect((ext.memoryBytes ?? 0) > 1 << 20)
            let ctl = try CommandRun(TestPaths.msghostctl, ["status", "--endpoint", daemon.control.endpoint])
            #expect(
                ctl.stdout.contains("com.example.python-raw on kate-iphone: running, pid \(ext.pid!), up 1500 ms,"),
                "\(ctl.stdout)")
        }
    }
}
