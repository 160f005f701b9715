import Foundation
import MsgHostControl
import MsgHostProtocol

/// The daemon, as msghost-mcp reaches it: MsgHostControl's `ControlClient` (the one msghostctl
/// and the tests use), on a queue of its own. The client is blocking and one request at a
/// time, while the MCP server handles each call in a task of its own: the queue runs requests
/// in the order they come, off the server's threads.
public final class ControlLink: @unchecked Sendable {
    private let client: ControlClient
    private let queue = DispatchQueue(label: "msghost-mcp.control")
    public let endpoint: String
    /// How long a request may wait for its reply, in seconds.
    public let timeout: Double

    public init(endpoint: String, curve: ControlClient.CurveKeys? = nil, timeout: Double = 60) throws {
        self.client = try ControlClient(endpoint: endpoint, curve: curve)
        self.endpoint = endpoint
        self.timeout = timeout
    }

    /// The daemon's raw reply to `command` with `body` (JSON bytes): its ok body, or the
    /// daemon's error (`WireError`), or `ControlClient.TransportError` when it did not answer.
    public func raw(_ command: ControlCommand, body: [UInt8]) async throws -> Envelope {
        try await self.run { client in try client.requestRaw(command, body: body, timeout: self.timeout) }
    }

    /// `command`'s ok reply, decoded.
    public func request<Result: Decodable & Sendable>(
        _ command: ControlCommand, _ body: some Encodable & Sendable, as type: Result.Type
    ) async throws -> Result {
        try await self.run { client in try client.request(command, body, as: type, timeout: self.timeout) }
    }

    /// Every line of the last recording that stopped.
    public func recordedSession() async throws -> [String] {
        try await self.run { client in try client.recordedSession(timeout: self.timeout) }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable (ControlClient) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            self.queue.async {
                continuation.resume(with: Result { try work(self.client) })
            }
        }
    }
}
