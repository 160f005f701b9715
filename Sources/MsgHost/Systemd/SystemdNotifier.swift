import Foundation

/// The sd_notify protocol without libsystemd: one datagram to `$NOTIFY_SOCKET`.
///
/// The protocol is stable and small (systemd's notify-selfcontained-example.c), so owning it
/// beats a C dependency. Everything is a no-op when `NOTIFY_SOCKET` is unset.
struct SystemdNotifier: Sendable {
    private let socketPath: String?
    /// Half of `WATCHDOG_USEC`, when systemd asked for a watchdog.
    let watchdogInterval: Int64?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        self.socketPath = path
        if path != nil, let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0,
            environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true
        {
            self.watchdogInterval = max(1, usec / 2000)
        } else {
            self.watchdogInterval = nil
        }
    }

    func ready() { self.send("READY=1\nMAINPID=\(getpid())") }
    func stopping() { self.send("STOPPING=1") }
    func watchdog() { self.send("WATCHDOG=1") }
    func status(_ text: String) { self.send("STATUS=\(text)") }

    private func send(_ message: String) {
        guard let socketPath else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }  // abstract namespace
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count)
        let bytes = Array(message.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                // Never wait: this runs on the event loop, and a receiver whose queue is full (Linux
                // holds net.unix.max_dgram_qlen datagrams, 10 by default) would otherwise stall
                // the loop until it reads. A watchdog ping lost so is sent again half a period on.
                bytes.withUnsafeBytes {
                    sendto(
                        fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL), sockaddrPointer, length
                    )
                }
            }
        }
    }
}
