/// What every reply body has: `status`, and `error` when it is `"error"` (PROTOCOL.md §3).
public struct ReplyStatus: Codable, Hashable, Sendable {
    public var status: String
    public var error: WireError?

    public init(status: String, error: WireError? = nil) {
        self.status = status
        self.error = error
    }

    public var isOK: Bool { self.status == "ok" }

    /// The error if the reply is one, or nil on ok. A malformed status is itself an error.
    public var failure: WireError? {
        if self.status == "ok" { return nil }
        return self.error ?? .protocolError(.invalidBody, "reply status is \"\(self.status)\" without an error object")
    }
}

/// Encodes `{"status":"ok", …fields of result}`: the result's keys sit beside `status`.
public struct OKReply<Result: Encodable>: Encodable {
    public var result: Result
    public init(_ result: Result) { self.result = result }

    private enum Keys: String, CodingKey { case status }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("ok", forKey: .status)
        try self.result.encode(to: encoder)
    }
}

/// A result with no fields.
public struct Empty: Codable, Hashable, Sendable {
    public init() {}
}

/// Encodes `{"status":"error","error":{…}}`.
public struct ErrorReply: Codable, Hashable, Sendable {
    public var status = "error"
    public var error: WireError
    public init(_ error: WireError) { self.error = error }
}

extension OKReply: Sendable where Result: Sendable {}
