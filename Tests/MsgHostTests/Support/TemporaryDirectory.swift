import Foundation

/// A fresh directory under the system's temporary directory, removed when the last reference
/// goes away (at the end of the test that made it).
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        self.path = FileManager.default.temporaryDirectory.path + "/msghost-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.path)
    }

    func file(_ name: String) -> String { self.path + "/" + name }
}

extension TemporaryDirectory {
    /// Writes `text` to `name` (which may contain subfolders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = self.file(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
