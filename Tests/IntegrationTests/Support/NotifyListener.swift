import MsgHostTesting
import Foundation

/// Plays systemd's side of sd_notify: a datagram socket whose path goes in NOTIFY_SOCKET.
final class NotifyListener {
    let path: String
    private let fd: Int32

    init() throws {
        self.path = "/tmp/msghost-notify-\(UUID().uuidString.prefix(8)).sock"
        self.fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(self.path.utf8)) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(self.fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { throw TestDaemonError(description: "cannot bind \(self.path): errno \(errno)") }
    }

    deinit {
        close(self.fd)
        unlink(self.path)
    }

    /// The next datagram, within `timeout` seconds.
    func receive(timeout: Double) throws -> String {
        var pollFD = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pollFD, 1, Int32(timeout * 1000)) == 1 else { throw TestDaemonError(description: "no notification within \(timeout) s") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(self.fd, &buffer, buffer.count, 0)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }
}
