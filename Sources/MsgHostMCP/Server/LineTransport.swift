import Foundation
import Logging
import MCP

/// MCP's stdio transport (one JSON-RPC message a line) on two file descriptors, with a reader
/// that sleeps in read(2) until bytes arrive.
///
/// Why not the SDK's `StdioTransport`: it makes both descriptors non-blocking and, whenever
/// nothing is there to read, sleeps 10 ms before it looks again. Every call an agent makes then
/// waits up to 10 ms for nothing (most of a call's time: a replay of thousands of calls outruns
/// any test's time), and an idle server wakes 100 times a second. Here one thread blocks in read(2) and hands each whole line on at once;
/// writes go out whole and in order on one serial queue, so a reader that stops reading holds up
/// only that queue, never a task of the server. The descriptors' flags are left as they are
/// (they are shared with the process that started us): a non-blocking one is waited on with
/// poll(2).
public actor LineTransport: Transport {
    /// The longest line read unless told otherwise: a longer one is answered with JSON-RPC's parse
    /// error (id null) and skipped to its end, so a runaway client costs at most this much memory.
    public static let longestLine = 16 << 20

    public nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let longest: Int
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let writes = DispatchQueue(label: "msghost-mcp.transport.writes")
    private var started = false

    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, longest: Int = LineTransport.longestLine,
        logger: Logger? = nil
    ) {
        self.input = input
        self.output = output
        self.longest = longest
        self.logger = logger ?? Logger(label: "msghost-mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
        (self.messages, self.continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    /// Starts the reading thread (once); it ends at end of input or a read error.
    public func connect() async throws {
        guard !self.started else { return }
        self.started = true
        let answer = Self.parseError(longest: self.longest)
        let reader = LineReader(input: self.input, longest: self.longest, continuation: self.continuation) {
            [output, writes] in
            writes.async { try? Self.writeAll(answer, to: output) }
        }
        let thread = Thread { reader.run() }
        thread.name = "msghost-mcp stdin"
        thread.start()
    }

    /// Ends the stream of messages. The reading thread, asleep in read(2), ends with the input
    /// (or the process); what it reads after this is dropped by the finished stream.
    public func disconnect() async {
        self.continuation.finish()
    }

    /// Writes `data` and a newline, after everything sent before it.
    public func send(_ data: Data) async throws {
        var buffer = data
        buffer.append(UInt8(ascii: "\n"))
        let line = buffer
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            self.writes.async { [output, continuation] in
                do {
                    try Self.writeAll(line, to: output)
                    done.resume()
                } catch {
                    // Nobody reads what we write any more (EPIPE; its SIGPIPE was blocked and
                    // taken back by `withoutSIGPIPE`): the session is over, as at end of input.
                    if (error as? SystemCallFailure)?.code == EPIPE { continuation.finish() }
                    done.resume(throwing: MCPError.transportError(error))
                }
            }
        }
    }

    public nonisolated func receive() -> AsyncThrowingStream<Data, any Error> {
        self.messages
    }

    /// JSON-RPC 2.0's answer to a message that cannot be read (code -32700, id null).
    static func parseError(longest: Int) -> Data {
        Data(
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: a message longer than \#(longest) bytes"}}"#
                .utf8 + [UInt8(ascii: "\n")])
    }

    /// Writes all of `data`, through short writes, EINTR and a non-blocking descriptor. A
    /// reader that has gone is EPIPE, not SIGPIPE (`withoutSIGPIPE`).
    static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try withoutSIGPIPE { try self.write(data, to: descriptor) }
    }

    private static func write(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    try LineReader.wait(for: descriptor, events: Int16(POLLOUT))
                } else {
                    throw SystemCallFailure(call: "write", code: written < 0 ? errno : EPIPE)
                }
            }
        }
    }

    /// Runs `body` with SIGPIPE blocked on this thread, and takes back a SIGPIPE it raised, so
    /// that a write to a pipe nobody reads fails with EPIPE instead of killing the server
    /// (and leaving the daemon of `--world` running). Not `SIG_IGN` for the process: that
    /// would be inherited by the daemon and every program msghost-mcp starts.
    static func withoutSIGPIPE<T>(_ body: () throws -> T) rethrows -> T {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let pendingBefore = sigismember(&pending, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            sigpending(&pending)
            if !pendingBefore && sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &now) < 0 && errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
