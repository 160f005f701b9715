import Foundation
import MCP

/// LineTransport's reading side: blocking reads of one descriptor cut into lines, each yielded
/// as soon as its newline arrives. Runs on a thread of its own (it sleeps in read(2)).
struct LineReader: Sendable {
    let input: Int32
    /// The longest line kept (LineTransport.longestLine); longer ones are skipped.
    let longest: Int
    let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    /// Called once for each line skipped as too long.
    let tooLong: @Sendable () -> Void

    /// Reads until end of input (the stream finishes) or a read error (it finishes with it).
    func run() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var lines = LineSplitter(longest: self.longest)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(self.input, $0.baseAddress, $0.count) }
            if count > 0 {
                lines.take(buffer[..<count], line: { self.continuation.yield($0) }, tooLong: self.tooLong)
            } else if count == 0 {
                self.continuation.finish()
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                do { try Self.wait(for: self.input, events: Int16(POLLIN)) } catch {
                    self.continuation.finish(throwing: MCPError.transportError(error))
                    return
                }
            } else {
                self.continuation.finish(
                    throwing: MCPError.transportError(SystemCallFailure(call: "read", code: errno)))
                return
            }
        }
    }

    /// Sleeps until a non-blocking `descriptor` is ready for `events` (or has hung up).
    static func wait(for descriptor: Int32, events: Int16) throws(SystemCallFailure) {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while Glibc.poll(&entry, 1, -1) < 0 {
            guard errno == EINTR else { throw SystemCallFailure(call: "poll", code: errno) }
        }
    }
}

/// Bytes in, whole lines out: what is kept between reads is the part of a line read so far.
struct LineSplitter {
    let longest: Int
    private var pending: [UInt8] = []
    /// Whether the line being read is already too long (its rest is dropped up to its newline).
    private var skipping = false

    init(longest: Int) {
        self.longest = longest
    }

    /// Takes `bytes`; calls `line` with each non-empty line they complete (without its
    /// newline), `tooLong` once for each line longer than `longest`.
    mutating func take(_ bytes: ArraySlice<UInt8>, line: (Data) -> Void, tooLong: () -> Void) {
        var rest = bytes
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            self.append(rest[..<newline], tooLong: tooLong)
            if !self.skipping && !self.pending.isEmpty { line(Data(self.pending)) }
            self.pending.removeAll(keepingCapacity: true)
            self.skipping = false
            rest = rest[(newline + 1)...]
        }
        self.append(rest, tooLong: tooLong)
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>, tooLong: () -> Void) {
        guard !self.skipping else { return }
        if self.pending.count + bytes.count > self.longest {
            self.skipping = true
            self.pending = []
            tooLong()
        } else {
            self.pending.append(contentsOf: bytes)
        }
    }
}

/// A system call of the transport that failed, with its errno's text.
struct SystemCallFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String {
        "\(self.call) on the MCP transport failed: \(String(cString: strerror(self.code))) (errno \(self.code))"
    }
}
