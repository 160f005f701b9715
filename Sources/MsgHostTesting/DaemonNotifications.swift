import Foundation
import Glibc
import Synchronization

/// systemd's side of sd_notify for one start of a test daemon: how `TestDaemon` knows at once
/// that its msghostd is up.
///
/// msghostd sends `READY=1` in one datagram to the socket `$NOTIFY_SOCKET` names once its
/// store is open, its world loaded and both of its sockets bound. The harness binds such a
/// socket in the abstract namespace (no file, no path-length limit), starts the daemon with
/// `NOTIFY_SOCKET` naming it, and waits for that datagram or for the daemon's exit, whichever
/// comes first. Asking the control endpoint instead was slow: a client that connects before
/// the endpoint exists retries only after libzmq's reconnect interval (100 ms, plus up to as
/// much again at random), about five times the daemon's own start.
///
/// `forwardTo`: the test's own `NOTIFY_SOCKET` (given in `TestDaemon.with(environment:)`),
/// to which every datagram is passed on for as long as the daemon runs, so that a test of the
/// daemon's notifications still gets them all (READY, the watchdog, STOPPING).
final class DaemonNotifications: Sendable {
    /// The `NOTIFY_SOCKET` value: `@` and the abstract name.
    let name: String
    private let fd: Int32
    private let forwardTo: [UInt8]?
    private let state = Mutex(State.listening)

    private enum State { case listening, forwarding, closed }

    enum Outcome { case ready, exited, timedOut }

    init(forwardTo: String?) throws {
        self.name = "@msghost-test-\(getpid())-\(UUID().uuidString.prefix(13).lowercased())"
        self.forwardTo = forwardTo.map { Array($0.utf8) }
        self.fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard self.fd >= 0 else {
            throw TestDaemonError(description: "cannot make a notify socket: \(String(cString: strerror(errno)))")
        }
        let bound = Self.withAddress(Array(self.name.utf8)) { bind(self.fd, $0, $1) }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(self.fd)
            throw TestDaemonError(description: "cannot bind the notify socket \(self.name): \(reason)")
        }
    }

    deinit {
        // Never closed (a start that failed before it waited): the socket is still ours.
        if self.state.withLock({ $0 }) == .listening { Glibc.close(self.fd) }
    }

    /// A `NOTIFY_SOCKET` value as a socket address: `@name` is abstract (a leading NUL, and
    /// the length says where the name ends), anything else a path.
    private static func withAddress<R>(_ name: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = name
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        bytes = Array(bytes.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// One datagram (waiting for it unless `dontWait`), passed on when forwarding; nil if none.
    private func receive(dontWait: Bool = false) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(self.fd, &buffer, buffer.count, dontWait ? Int32(MSG_DONTWAIT) : 0)
        guard count >= 0 else { return nil }
        let message = Array(buffer[0..<count])
        if let forwardTo {
            // The test's socket gone or full: a lost notification, as with systemd's.
            _ = Self.withAddress(forwardTo) { address, length in
                message.withUnsafeBytes {
                    sendto(
                        self.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL), address, length)
                }
            }
        }
        return message
    }

    /// `.ready` once `READY=1` arrives; `.exited` as soon as `exitFD` (readable once the
    /// daemon has exited) is readable first; `.timedOut` after `timeout` seconds of neither.
    func waitUntilReady(exit exitFD: Int32, timeout: Double) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            var items = [
                pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&items, 2, Int32(max(1, remaining * 1000))) > 0 else { continue }
            if items[0].revents != 0, let message = self.receive(dontWait: true),
                String(decoding: message, as: UTF8.self).split(separator: "\n").contains("READY=1")
            {
                return .ready
            }
            if items[1].revents != 0 { return .exited }
        }
    }

    /// After READY: passes on what else the daemon sends, on a thread of its own, until
    /// `close`; without a socket to forward to, closes now.
    func keepForwarding() {
        guard self.forwardTo != nil else { return self.close() }
        self.state.withLock { $0 = .forwarding }
        Thread { self.forward() }.start()
    }

    private func forward() {
        while self.state.withLock({ $0 }) == .forwarding {
            var item = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
            if poll(&item, 1, 50) > 0 { _ = self.receive(dontWait: true) }
        }
        // What the daemon sent before it exited (STOPPING=1) is still queued: pass it on.
        while self.receive(dontWait: true) != nil {}
        Glibc.close(self.fd)
    }

    /// Stops listening; a forwarding thread closes the socket once it has drained it.
    func close() {
        let previous = self.state.withLock { state in
            defer { state = .closed }
            return state
        }
        if previous == .listening { Glibc.close(self.fd) }
    }
}

/// Becomes readable (a pipe with a byte in it) once a `Process` has exited, so that a wait for
/// the exit can be a `poll` beside other descriptors, and ends the moment the process does.
final class ExitSignal: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw TestDaemonError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // Not inherited by the daemon (nor by anything else this process starts).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (self.readEnd, self.writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(self.readEnd)
        close(self.writeEnd)
    }

    /// Readable once `fire` has been called.
    var fd: Int32 { self.readEnd }

    /// For the process's `terminationHandler` (which holds this signal, so the pipe outlives it).
    func fire() {
        var byte: UInt8 = 1
        _ = write(self.writeEnd, &byte, 1)
    }

    /// True once fired, within `timeout` seconds; the byte stays, so every later wait is true.
    func wait(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var item = pollfd(fd: self.readEnd, events: Int16(POLLIN), revents: 0)
            let remaining = deadline.timeIntervalSinceNow
            if poll(&item, 1, Int32(max(0, remaining * 1000))) > 0 { return true }
            if remaining <= 0 { return false }
        }
    }
}
