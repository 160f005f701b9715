import Foundation
import MCP
import Testing

@testable import MsgHostMCP

#if canImport(Glibc)
    import Glibc
#endif

/// MCP's stdio framing as LineTransport reads and writes it: whole lines, however the bytes
/// arrive; nothing kept of a line longer than allowed, which is answered with JSON-RPC's parse
/// error; the end of input ends the stream.
@Suite struct LineTransportTests {
    /// Feeds `chunks` to a splitter; returns the lines and how many were too long.
    static func split(_ chunks: [String], longest: Int = 100) -> (lines: [String], tooLong: Int) {
        var splitter = LineSplitter(longest: longest)
        var lines: [String] = []
        var tooLong = 0
        for chunk in chunks {
            splitter.take(
                ArraySlice(chunk.utf8), line: { lines.append(String(decoding: $0, as: UTF8.self)) },
                tooLong: { tooLong += 1 })
        }
        return (lines, tooLong)
    }

    @Test func linesAreWholeHoweverTheBytesArrive() {
        #expect(
            Self.split(["{\"a\":1}\n{\"b\"", ":2}\n", "\n\n{\"c\":3}", "\n"]).lines == [
                #"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#,
            ])
        #expect(Self.split(["no newline yet"]).lines == [])
        let text = "one\ntwo\nthree\n"
        for size in 1...4 {
            let chunks = stride(from: 0, to: text.count, by: size).map {
                String(Array(text)[$0..<min($0 + size, text.count)])
            }
            #expect(Self.split(chunks).lines == ["one", "two", "three"], "chunks of \(size)")
        }
    }

    @Test func aLineTooLongIsSkippedToItsEndAndReportedOnce() {
        let long = String(repeating: "x", count: 60)
        let result = Self.split(["ok\n", long, long, long, "\nnext\n", String(repeating: "y", count: 101) + "\n"])
        #expect(result.lines == ["ok", "next"])
        #expect(result.tooLong == 2)
        #expect(Self.split([String(repeating: "z", count: 100) + "\n"]).lines.count == 1, "exactly the longest is kept")
    }

    /// A pipe's two ends.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        #expect(Glibc.write(descriptor, bytes, bytes.count) == bytes.count)
    }

    /// All of a pipe's bytes until its write end closes.
    static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func messagesArriveAsTheyAreWrittenAndTheEndOfInputEndsTheStream() async throws {
        let input = try Self.pipe()
        let output = try Self.pipe()
        let transport = LineTransport(input: input.read, output: output.write, longest: 32)
        try await transport.connect()
        var messages = transport.receive().makeAsyncIterator()

        Self.write("{\"id\":1}\n{\"id\"", to: input.write)
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == #"{"id":1}"#)
        Self.write(":2}\n" + String(repeating: "x", count: 40) + "\n{\"id\":3}\n", to: input.write)
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == #"{"id":2}"#)
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == #"{"id":3}"#)
        try await transport.send(Data(#"{"id":2,"result":{}}"#.utf8))
        close(input.write)
        #expect(try await messages.next() == nil)

        close(output.write)
        let written = Self.readAll(output.read)
        #expect(written.hasSuffix("\n"))
        let lines = written.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.contains(#"{"id":2,"result":{}}"#))
        #expect(
            lines.contains(
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: a message longer than 32 bytes"}}"#
            ))
        close(input.read)
        close(output.read)
    }

    /// The client stopped reading: a write meets a closed pipe, fails (EPIPE: the SIGPIPE it
    /// raises is blocked and taken back, or it would end this test process), and ends the
    /// session as the end of input would.
    @Test func aClosedOutputEndsTheSession() async throws {
        let input = try Self.pipe()
        let output = try Self.pipe()
        close(output.read)
        let transport = LineTransport(input: input.read, output: output.write)
        try await transport.connect()
        var messages = transport.receive().makeAsyncIterator()
        await #expect(throws: MCPError.self) { try await transport.send(Data(#"{"id":1,"result":{}}"#.utf8)) }
        #expect(try await messages.next() == nil)
        for end in [input.read, input.write, output.write] { close(end) }
    }

    /// A descriptor left non-blocking by whoever started the server: the reader meets EAGAIN
    /// (nothing is written for a while) and waits in poll(2) until the line comes.
    @Test func aNonBlockingInputIsWaitedOn() async throws {
        let input = try Self.pipe()
        let output = try Self.pipe()
        #expect(fcntl(input.read, F_SETFL, fcntl(input.read, F_GETFL) | O_NONBLOCK) == 0)
        let transport = LineTransport(input: input.read, output: output.write)
        try await transport.connect()
        var messages = transport.receive().makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(50))
        Self.write("{\"late\":true}\n", to: input.write)
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == #"{"late":true}"#)
        close(input.write)
        #expect(try await messages.next() == nil)
        for end in [input.read, output.read, output.write] { close(end) }
    }
}
