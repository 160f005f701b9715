import Foundation
import MsgHostProtocol
import Yams

/// Decodes YAML files with errors that name the file, line and field, after checking that the
/// file holds only `keys` (the decoder itself skips keys it does not know).
enum YAMLFile {
    static func decode<T: Decodable>(_ type: T.Type, path: String, keys: KnownKeys) throws(ConfigurationError) -> T {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("cannot read \(path): \(error.localizedDescription)")
        }
        try keys.check(yaml: text, file: path)
        do {
            return try YAMLDecoder().decode(type, from: text)
        } catch let error as DecodingError {
            throw ConfigurationError("\(path): \(WireJSONDescription.describe(error))")
        } catch {
            throw ConfigurationError("\(path): \(error)")
        }
    }
}

/// The wire's field-naming decoding messages, reused for YAML files.
enum WireJSONDescription {
    static func describe(_ error: DecodingError) -> String {
        WireJSON.describe(error).replacingOccurrences(of: "body", with: "file")
    }
}
