import Foundation
import MsgHostTesting
import Synchronization

/// Plays systemd's side of sd_notify: a datagram socket whose path goes in NOTIFY_SOCKET,
/// read all the time, as systemd reads it. (The daemon never waits on this socket: to a
/// receiver that stopped reading, datagrams are dropped once the kernel's queue is full, 10 by
/// default, which is not what systemd does.)
final class NotifyListener {
    let path: String
    private let queue: Queue

    /// What the reading thread shares with the listener (so that the listener can go away).
    private final class Queue: Sendable {
        let fd: Int32
        let messages = Mutex<[String]>([])
        let arrived = DispatchSemaphore(value: 0)
        let stopped = Atomic<Bool>(false)
        init(fd: Int32) { self.fd = fd }

        func read() {
            while !self.stopped.load(ordering: .relaxed) {
                var pollFD = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pollFD, 1, 100) == 1 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = recv(self.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count >= 0 else { continue }
                self.messages.withLock { $0.append(String(decoding: buffer.prefix(count), as: UTF8.self)) }
                self.arrived.signal()
            }
            close(self.fd)
        }
    }

    init() throws {
        let path = "/tmp/msghost-notify-\(UUID().uuidString.prefix(8)).sock"
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            close(fd)
            throw TestDaemonError(description: "cannot bind \(path): errno \(errno)")
        }
        let queue = Queue(fd: fd)
        self.queue = queue
        Thread { queue.read() }.start()
    }

    deinit {
        self.queue.stopped.store(true, ordering: .relaxed)
        unlink(self.path)
    }

    /// The next datagram, within `timeout` seconds.
    func receive(timeout: Double) throws -> String {
        guard self.queue.arrived.wait(timeout: .now() + timeout) == .success else {
            throw TestDaemonError(description: "no notification within \(timeout) s")
        }
        return self.queue.messages.withLock { $0.removeFirst() }
    }
}
