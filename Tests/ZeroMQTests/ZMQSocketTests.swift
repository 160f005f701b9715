import Foundation
import Testing
import ZeroMQ

/// The wrapper against real libzmq over inproc and ipc: multipart round trips, empty frames,
/// non-blocking receive, the size limit, and polling sockets with plain file descriptors.
@Suite struct ZMQSocketTests {
    @Test func dealerToRouterRoundTripKeepsFramesAndIdentity() throws {
        let context = ZMQContext()
        let router = try ZMQSocket(context, type: .router)
        try router.bind("inproc://round-trip")
        let dealer = try ZMQSocket(context, type: .dealer)
        try dealer.connect("inproc://round-trip")

        try dealer.send([Array("a".utf8), [], [0, 1, 2, 255]])
        let received = try #require(try router.receive())
        #expect(received.count == 4)  // identity + 3 frames
        #expect(Array(received.dropFirst()) == [Array("a".utf8), [], [0, 1, 2, 255]])

        try router.send([received[0], Array("reply".utf8)])
        #expect(try dealer.receive() == [Array("reply".utf8)])
    }

    @Test func receiveWithoutWaitingReturnsNilWhenNothingIsQueued() throws {
        let context = ZMQContext()
        let socket = try ZMQSocket(context, type: .router)
        try socket.bind("inproc://empty")
        #expect(try socket.receive(dontWait: true) == nil)
    }

    @Test func framesOverTheLimitNeverArrive() throws {
        let context = ZMQContext()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zmq-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let router = try ZMQSocket(context, type: .router)
        try router.setMaxMessageSize(1024)
        try router.bind("ipc://\(directory)/limit.sock")
        let dealer = try ZMQSocket(context, type: .dealer)
        try dealer.connect("ipc://\(directory)/limit.sock")

        try dealer.send([[UInt8](repeating: 7, count: 4096)])
        var poller = ZMQPoller([.socket(router)])
        #expect(try poller.poll(timeoutMilliseconds: 200).isEmpty)

        let small = try ZMQSocket(context, type: .dealer)
        try small.connect("ipc://\(directory)/limit.sock")
        try small.send([[1, 2, 3]])
        #expect(try poller.poll(timeoutMilliseconds: 5000) == [0])
        #expect(try router.receive()?.last == [1, 2, 3])
    }

    @Test func pollerReportsReadableFileDescriptorsAndTimesOut() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let context = ZMQContext()
        let socket = try ZMQSocket(context, type: .router)
        try socket.bind("inproc://poll")
        var poller = ZMQPoller([.socket(socket), .fileDescriptor(fds[0])])
        #expect(try poller.poll(timeoutMilliseconds: 10).isEmpty)
        var byte: UInt8 = 1
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(try poller.poll(timeoutMilliseconds: 1000) == [1])
    }

    @Test func bindingTwiceFailsWithAnErrorNamingTheEndpoint() throws {
        let context = ZMQContext()
        let first = try ZMQSocket(context, type: .router)
        try first.bind("inproc://taken")
        let second = try ZMQSocket(context, type: .router)
        let error = #expect(throws: ZMQError.self) { try second.bind("inproc://taken") }
        #expect(error?.description.contains("inproc://taken") == true)
        #expect(error?.errno == EADDRINUSE)
    }
}
