import Foundation
import Testing

@testable import MsgHost

/// sd_notify runs on the event loop, so it must never wait for the receiver: to a socket
/// nobody reads, whose kernel queue (net.unix.max_dgram_qlen, 10 by default) is full, a
/// blocking send stalled the loop until a read that never came.
@Suite struct SystemdNotifierTests {
    @Test func aReceiverThatNeverReadsNeverStallsTheSender() throws {
        let path = "/tmp/msghost-notify-\(UUID().uuidString.prefix(8)).sock"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer {
            close(fd)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "200000"])
        let started = Date()
        let done = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<1000 { notifier.watchdog() }
            notifier.stopping()
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 10) == .success, "1001 notifications to a full queue must not block")
        #expect(Date().timeIntervalSince(started) < 10)
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0, "the first ones were queued")
    }
}
