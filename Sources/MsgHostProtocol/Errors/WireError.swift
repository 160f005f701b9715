/// An error as it travels in a reply: `{"domain", "code", "name", "description"}`.
///
/// Equality is by domain and code only, so tests can compare against a bare code while the
/// description stays free to name the field or value that was wrong.
public struct WireError: Error, Codable, Sendable, CustomStringConvertible {
    public var domain: String
    public var code: Int
    public var name: String
    public var description: String

    public init(domain: String, code: Int, name: String, description: String) {
        self.domain = domain
        self.code = code
        self.name = name
        self.description = description
    }

    public static func messages(_ code: MessagesErrorCode, _ detail: String? = nil) -> WireError {
        WireError(
            domain: MessagesErrorCode.domain, code: code.rawValue, name: "\(code)",
            description: detail ?? code.appleDescription)
    }

    public static func stickers(_ code: StickersErrorCode, _ detail: String) -> WireError {
        WireError(domain: StickersErrorCode.domain, code: code.rawValue, name: "\(code)", description: detail)
    }

    public static func protocolError(_ code: ProtocolErrorCode, _ detail: String) -> WireError {
        WireError(domain: ProtocolErrorCode.domain, code: code.rawValue, name: "\(code)", description: detail)
    }

    public static func control(_ code: ControlErrorCode, _ detail: String) -> WireError {
        WireError(domain: ControlErrorCode.domain, code: code.rawValue, name: "\(code)", description: detail)
    }

    public static func host(_ code: HostErrorCode, _ detail: String) -> WireError {
        WireError(domain: HostErrorCode.domain, code: code.rawValue, name: "\(code)", description: detail)
    }

    public func isHost(_ code: HostErrorCode) -> Bool {
        self.domain == HostErrorCode.domain && self.code == code.rawValue
    }

    public func isMessages(_ code: MessagesErrorCode) -> Bool {
        self.domain == MessagesErrorCode.domain && self.code == code.rawValue
    }

    public func isProtocol(_ code: ProtocolErrorCode) -> Bool {
        self.domain == ProtocolErrorCode.domain && self.code == code.rawValue
    }

    public func isControl(_ code: ControlErrorCode) -> Bool {
        self.domain == ControlErrorCode.domain && self.code == code.rawValue
    }
}

extension WireError: Hashable {
    public static func == (lhs: WireError, rhs: WireError) -> Bool {
        lhs.domain == rhs.domain && lhs.code == rhs.code
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.domain)
        hasher.combine(self.code)
    }
}
