import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import MsgHostWeb
import Testing

/// The link and the watch: requests are answered concurrently over one socket, and the event
/// subscription reaches every listener, starting with the daemon's retained past.
@Suite struct DaemonLinkTests {
    @Test func requestsSentTogetherEachGetTheirOwnReply() async throws {
        try await TestDaemon.with { daemon in
            let link = DaemonLink(endpoint: .init(address: daemon.control.endpoint))
            try link.start()
            defer { link.stop() }
            // One socket, many requests in flight: each reply must reach its own request.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        if n.isMultiple(of: 2) {
                            let reply = try await link.request("world")
                            #expect(try WireJSON.decode(WorldResult.self, from: reply.body).devices.count == 2)
                        } else {
                            let reply = try await link.request(
                                "participants",
                                body: WireJSON.encode(["device": "kate-iphone", "app": "com.example.python-raw"]))
                            #expect(
                                try WireJSON.decode(ParticipantsResult.self, from: reply.body).install.device
                                    == "kate-iphone")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func theWatchSubscribesAndListenersGetThePastThenWhatComes() async throws {
        try await TestDaemon.with { daemon in
            _ = try daemon.open(on: "kate-iphone")  // before the web: in the daemon's retained log
            let link = DaemonLink(endpoint: .init(address: daemon.control.endpoint))
            try link.start()
            defer { link.stop() }
            let watch = DaemonWatch(link: link)
            let watching = Task { await watch.run() }
            defer { watching.cancel() }
            var pushes = link.pushes.listen(kinds: ["daemon", "event"]).makeAsyncIterator()
            let first = try #require(await pushes.next())
            #expect(first.kind == "daemon")
            let state = try WireJSON.decode(DaemonWatch.State.self, from: first.body)
            #expect(state.up && state.pid == Int(daemon.pid))
            var kinds: [String] = []
            while !kinds.contains("opened") {
                let push = try #require(await pushes.next())
                kinds.append(try WireJSON.decode(EventRecord.self, from: push.body).kind)
            }
            // Then something new: the close, pushed as it happens.
            _ = try daemon.control(.close, ["device": "kate-iphone"])
            while true {
                let push = try #require(await pushes.next())
                if try WireJSON.decode(EventRecord.self, from: push.body).kind == "closed" { break }
            }
        }
    }

    @Test func aListenerOnlyGetsTheKindsItAskedFor() async {
        let broadcast = Broadcast(backlogSize: 2)
        for n in 1...3 { broadcast.publish(Push(kind: "event", body: Array("\(n)".utf8))) }
        broadcast.publish(Push(kind: "frame", body: Array("f".utf8)))
        var pushes = broadcast.listen(kinds: ["event"]).makeAsyncIterator()
        // The backlog keeps the newest two events; the frame is not asked for.
        #expect(await pushes.next().map { String(decoding: $0.body, as: UTF8.self) } == "2")
        #expect(await pushes.next().map { String(decoding: $0.body, as: UTF8.self) } == "3")
        broadcast.publish(Push(kind: "frame", body: Array("g".utf8)))
        broadcast.publish(Push(kind: "event", body: Array("4".utf8)))
        #expect(await pushes.next().map { String(decoding: $0.body, as: UTF8.self) } == "4")
        #expect(broadcast.listenerCount == 1)
    }
}
