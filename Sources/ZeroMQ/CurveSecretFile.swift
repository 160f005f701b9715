import Foundation

/// A file holding one CURVE secret key (Z85, one line), readable by its owner only.
public enum CurveSecretFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `secretKey` to a new file at `path`, mode 0600 from the moment it exists
    /// (`O_CREAT|O_EXCL`: never a chmod after the fact, never over an existing file).
    public static func create(_ path: String, secretKey: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let line = Array((secretKey + "\n").utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
    }
}
