import CSpawn
import Foundation

/// What a child process's own thread does once it has started: reads its stdout and stderr
/// line by line, notices its exit through its pidfd in the same `poll`, and reaps it.
struct ChildProcessWatch {
    private let pid: pid_t
    /// -1 on a kernel without pidfds (before 5.3): then `waitpid(WNOHANG)` every 50 ms.
    private let pidfd: Int32
    private var streams: [LineBuffer]
    private let line: @Sendable (ChildProcess.Stream, String) -> Void
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    init(process: cspawn_process, line: @escaping @Sendable (ChildProcess.Stream, String) -> Void) {
        self.pid = process.pid
        self.pidfd = process.pidfd
        self.streams = [
            LineBuffer(fd: process.stdout_fd, stream: .stdout), LineBuffer(fd: process.stderr_fd, stream: .stderr),
        ]
        self.line = line
    }

    /// Reads output until the process has exited, reaps it and says how it ended. What it
    /// wrote before exiting is read first: the pipes are polled before the pidfd.
    mutating func waitForExit() -> ChildProcess.Termination {
        while true {
            var fds = self.streams.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            fds.append(pollfd(fd: self.pidfd, events: Int16(POLLIN), revents: 0))
            let ready = poll(&fds, nfds_t(fds.count), self.pidfd >= 0 ? -1 : 50)
            if ready < 0, errno != EINTR { usleep(50_000) }  // ENOMEM: try again shortly
            for index in self.streams.indices where fds[index].revents != 0 { self.read(index) }
            if ready < 0 || self.pidfd < 0 || fds[self.streams.count].revents != 0,
                let termination = self.reap(blocking: self.pidfd >= 0 && ready > 0)
            {
                self.readWhatIsReady()
                return termination
            }
        }
    }

    /// Everything the process wrote before it exited, and the pipes' ends if nothing it
    /// started holds them: its last lines are logged before its exit is reported.
    private mutating func readWhatIsReady() {
        while true {
            var fds = self.streams.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return }
            for index in self.streams.indices where fds[index].revents != 0 { self.read(index) }
        }
    }

    /// After the exit: reads on until every pipe is closed, since what the process started may
    /// still hold them (until its group is killed); then closes the pidfd.
    mutating func drain() {
        while self.streams.contains(where: { $0.fd >= 0 }) {
            var fds = self.streams.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno != EINTR { usleep(50_000) }
                continue
            }
            for index in self.streams.indices where fds[index].revents != 0 { self.read(index) }
        }
        if self.pidfd >= 0 { close(self.pidfd) }
    }

    private mutating func read(_ index: Int) {
        let fd = self.streams[index].fd
        let count = self.buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        let line = self.line
        let stream = self.streams[index].stream
        if count <= 0 {
            self.streams[index].end { line(stream, $0) }
        } else {
            self.buffer.withUnsafeBytes { bytes in
                self.streams[index].append(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { line(stream, $0) }
            }
        }
    }

    /// The exit status, once the process has exited (`blocking`: it has, the pidfd said so).
    private func reap(blocking: Bool) -> ChildProcess.Termination? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(self.pid, &status, blocking ? 0 : WNOHANG)
            if reaped == self.pid { return ChildProcess.Termination(waitStatus: status) }
            if reaped == 0 { return nil }
            if errno == EINTR { continue }
            // ECHILD: reaped by someone else (SIGCHLD ignored); it is gone, how is not known.
            return .unknown
        }
    }
}

/// One pipe's bytes, cut into lines (a line feed, and a carriage return before it, end one).
/// A line longer than 128 KiB (swift-subprocess's limit) is logged in pieces of that size,
/// so that output without line feeds cannot grow the daemon.
struct LineBuffer {
    static let longest = 128 * 1024
    /// -1 once the pipe has ended.
    private(set) var fd: Int32
    let stream: ChildProcess.Stream
    private var pending: [UInt8] = []

    init(fd: Int32, stream: ChildProcess.Stream) {
        self.fd = fd
        self.stream = stream
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer, _ emit: (String) -> Void) {
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            self.pending.append(contentsOf: bytes[start..<index])
            self.emitPieces(emit)
            self.emitPending(emit)
            start = index + 1
        }
        self.pending.append(contentsOf: bytes[start...])
        self.emitPieces(emit)
    }

    private mutating func emitPieces(_ emit: (String) -> Void) {
        while self.pending.count > Self.longest {
            emit(String(decoding: self.pending.prefix(Self.longest), as: UTF8.self))
            self.pending.removeFirst(Self.longest)
        }
    }

    /// The pipe has ended: a last line without its line feed is still a line.
    mutating func end(_ emit: (String) -> Void) {
        if !self.pending.isEmpty { self.emitPending(emit) }
        close(self.fd)
        self.fd = -1
    }

    private mutating func emitPending(_ emit: (String) -> Void) {
        if self.pending.last == UInt8(ascii: "\r") { self.pending.removeLast() }
        emit(String(decoding: self.pending, as: UTF8.self))
        self.pending.removeAll(keepingCapacity: true)
    }
}
