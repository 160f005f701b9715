import Crypto
import Foundation
import MsgHostCore
import MsgHostProtocol

/// The daemon's copy of every accepted file, so an extension may delete its own as soon as the
/// host has answered (as with Messages, which copies attachments into its own store).
///
/// Content-addressed: a file is kept as `<sha256>.<ext>`, so the same bytes sent twice (the
/// same sticker, over and over) are stored once. Durable: a copy is written under a temporary
/// name, fsync'd, renamed into place and the directory fsync'd, all before `store` returns, so
/// a file the host has acknowledged survives `kill -9` or a power cut (SPEC §7), and a crash
/// mid-copy leaves only a temporary file, removed at the next start, never a torn stored file.
final class AttachmentStore: Sendable {
    let directory: String
    let inspector: FileInspector

    /// Temporary copies start with this prefix; a leftover one is a copy a crash interrupted.
    static let temporaryPrefix = ".partial-"

    /// Opens (creating it, mode 0700, if needed) the store in `directory`, and removes
    /// temporary files a crash left behind.
    init(directory: String, inspector: FileInspector = FileInspector()) throws {
        self.directory = directory
        self.inspector = inspector
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Attachments are private to the daemon's users: tighten a directory made by someone else.
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        for name in try manager.contentsOfDirectory(atPath: directory) where name.hasPrefix(Self.temporaryPrefix) {
            try? manager.removeItem(atPath: directory + "/" + name)
        }
    }

    /// The name a file with this hash and kind is stored under.
    static func storedName(sha256: String, kind: FileKind) -> String {
        "\(sha256).\(kind.fileExtension)"
    }

    /// Where `file`'s copy is.
    func path(of file: StoredFile) -> String {
        self.directory + "/" + file.storedName
    }

    /// Inspects `check` and, if acceptable, copies it into the store.
    ///
    /// The bytes are hashed while they are copied, in one pass, so the hash names exactly the
    /// bytes stored even if the original changes meanwhile, and a huge file is never held in
    /// memory. A copy whose name already exists is discarded without being synced: the file
    /// already there is kept, untouched. A failure to write the store (disk full) is refused
    /// with `unknown` (−1): the file was fine, the host was not.
    func store(_ check: FileCheck, alternateFilename: String?) -> FileCheckResult {
        let inspection: FileInspector.Inspection
        switch self.inspector.examine(check, alternateFilename: alternateFilename) {
        case .failure(let error): return .refused(error)
        case .success(let value): inspection = value
        }
        if case .buffer(let bytes) = inspection.content {
            // Bytes in memory can be hashed first, which skips the write for a duplicate.
            let file = inspection.storedFile(sha256: FileInspector.hex(SHA256.hash(data: bytes)))
            if self.holds(file) { return .accepted(file) }
        }
        let temporary = self.directory + "/" + Self.temporaryPrefix + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .refused(Self.failure("create", temporary, errno)) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
            unlink(temporary)  // fails harmlessly once renamed
        }
        var hasher = SHA256()
        do {
            try inspection.stream { (chunk) throws(WireError) in
                hasher.update(bufferPointer: chunk)
                try Self.writeAll(chunk, to: descriptor, path: temporary)
            }
        } catch {
            return .refused(error)
        }
        let file = inspection.storedFile(sha256: FileInspector.hex(hasher.finalize()))
        if self.holds(file) { return .accepted(file) }
        guard fsync(descriptor) == 0 else { return .refused(Self.failure("sync", temporary, errno)) }
        closed = true
        guard close(descriptor) == 0 else { return .refused(Self.failure("close", temporary, errno)) }
        let destination = self.path(of: file)
        guard rename(temporary, destination) == 0 else {
            return .refused(Self.failure("rename into", destination, errno))
        }
        if let code = self.syncDirectory() { return .refused(Self.failure("sync", self.directory, code)) }
        return .accepted(file)
    }

    /// Whether the store already has a complete copy of `file`. Copies only ever appear by
    /// rename, complete, so a regular file of the right size is the right file; anything else
    /// under that name (damaged by hand, say) is replaced by the new copy.
    private func holds(_ file: StoredFile) -> Bool {
        var status = stat()
        guard lstat(self.path(of: file), &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) == file.byteCount
    }

    /// A rename is durable only once the directory holding it is synced. Returns the errno of
    /// a failure, nil on success.
    private func syncDirectory() -> Int32? {
        let descriptor = open(self.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : errno
    }

    private static func writeAll(_ chunk: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(WireError)
    {
        var done = 0
        while done < chunk.count {
            let n = write(descriptor, chunk.baseAddress! + done, chunk.count - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                throw Self.failure("write", path, n < 0 ? errno : ENOSPC)
            }
        }
    }

    private static func failure(_ action: String, _ path: String, _ code: Int32) -> WireError {
        .messages(.unknown, "could not \(action) '\(path)' in the attachment store (\(OpenFile.describe(code)))")
    }
}
