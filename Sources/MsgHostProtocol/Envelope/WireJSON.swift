import Foundation

/// The one JSON configuration of the wire: sorted keys (so golden frames are stable),
/// no escaped slashes (URLs stay readable).
public enum WireJSON {
    /// One encoder and decoder for the daemon's life: making them is not free, and their
    /// options never change (both are safe to share across threads).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private static let decoder = JSONDecoder()

    /// The hot messages: written by hand (`FastEncodable`), the same bytes as Foundation's.
    public static func encode<T: FastEncodable>(_ value: T) -> [UInt8] {
        var writer = JSONWriter()
        value.write(to: &writer)
        return writer.failed ? self.foundationEncode(value) : writer.bytes
    }

    /// Read by hand when `JSONTree` and the type are sure of the bytes; otherwise Foundation
    /// reads them (and names what is wrong).
    public static func decode<T: FastDecodable>(_ type: T.Type, from bytes: [UInt8]) throws(WireError) -> T {
        if let tree = JSONTree.parse(bytes), let value = T(json: tree) { return value }
        return try self.foundationDecode(type, from: bytes)
    }

    public static func encode(_ value: some Encodable) -> [UInt8] {
        self.foundationEncode(value)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(WireError) -> T {
        try self.foundationDecode(type, from: bytes)
    }

    /// Foundation's `Codable` path, always (the differential tests compare against it).
    public static func foundationEncode(_ value: some Encodable) -> [UInt8] {
        do {
            return Array(try self.encoder.encode(value))
        } catch {
            // Only non-finite floats can fail here, and no wire type holds a float.
            preconditionFailure("wire value failed to encode: \(error)")
        }
    }

    public static func foundationDecode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(WireError) -> T {
        do {
            return try self.decoder.decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            // Not JSON at all is an unparsable frame (PROTOCOL.md §3.3 `malformedFrame`); JSON
            // of the wrong shape is a field's fault (`invalidBody`).
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                // Foundation says "not valid JSON" with no path both for bytes that are not
                // JSON and for a number that does not fit the integer field it is read into
                // (2.5, 1e20): the second is the field's fault, and is named.
                if let field = NumberFit.misfit(in: bytes) { throw .protocolError(.invalidBody, field) }
                throw .protocolError(.malformedFrame, "not valid JSON")
            }
            throw .protocolError(.invalidBody, Self.describe(error))
        } catch {
            throw .protocolError(.invalidBody, "\(error)")
        }
    }

    /// Says which field was wrong, e.g. "message.url: expected a string".
    public static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let names = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "body" : names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): required field is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.name(of: type)), got null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Bool.Type: "true or false"
        case is Double.Type: "a number"
        default: "\(type)".contains("Dictionary") ? "an object" : ("\(type)".contains("Array") ? "an array" : "\(type)")
        }
    }
}
