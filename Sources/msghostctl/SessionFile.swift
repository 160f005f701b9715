import Foundation
import MsgHostProtocol

/// A session file read from disk, strictly (`SessionReader`), for the commands that take one.
enum SessionFile {
    static func read(_ path: String) throws(SessionError) -> Session {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SessionError(line: nil, "cannot read \(path)")
        }
        return try SessionReader.read(Array(data))
    }
}
