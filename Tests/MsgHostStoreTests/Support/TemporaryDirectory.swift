import Foundation

/// A fresh directory under the system's temporary directory, removed when the last reference
/// goes away (at the end of the test that made it).
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        self.path = FileManager.default.temporaryDirectory.path + "/msghost-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.path)
    }

    func file(_ name: String) -> String { self.path + "/" + name }
}
