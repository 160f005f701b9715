/// The hot messages — every header, replies, the send and insert requests, the callbacks of a
/// user's send — are read and written by hand instead of through `Codable`, whose reflection
/// (existential containers, generic metadata, key strings) was half the loop's CPU
/// (docs/PERFORMANCE.md). Rare messages keep `Codable`.
///
/// A type that conforms must mean exactly what its `Codable` conformance means: `WireJSON`
/// picks the fast path whenever a type has one, the differential tests
/// (Tests/MsgHostProtocolTests/Codec) compare the two on every golden frame and schema example,
/// and the `codec` fuzz target compares them on arbitrary bytes.

/// Written by hand (`JSONWriter`), byte for byte as `WireJSON`'s Foundation encoder writes it.
public protocol FastEncodable: Encodable {
    func write(to writer: inout JSONWriter)
}

/// Read by hand from a `JSONTree`. `init?(json:)` returns nil whenever it is not sure to read
/// the value as `Decodable` would — a missing field, a wrong type, a value out of range — and
/// the bytes then go to Foundation, which either accepts them after all or names the fault.
public protocol FastDecodable: Decodable {
    init?(json: JSONTree)
}

extension JSONTree {
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var integerValue: Int64? { if case .integer(let value) = self { value } else { nil } }
}

/// Optional fields as `decodeIfPresent` reads them: absent or `null` is `.some(nil)`; a value of
/// the wrong type is nil (not sure: leave it to Foundation).
extension JSONObject {
    public func required(_ key: String) -> String? { self[key]?.stringValue }

    public func optional(_ key: String) -> String?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .string(let value)?: .some(value)
        default: nil
        }
    }

    public func optionalBool(_ key: String) -> Bool?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .bool(let value)?: .some(value)
        default: nil
        }
    }

    public func optionalInt(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .integer(let value)?: .some(Int(value))
        default: nil
        }
    }

    public func optional<T: FastDecodable>(_ key: String, as type: T.Type) -> T?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case let value?: T(json: value).map { .some($0) }
        }
    }
}
