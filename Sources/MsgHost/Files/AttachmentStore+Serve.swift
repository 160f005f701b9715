import Foundation
import MsgHostProtocol

/// Control `file` (PROTOCOL.md §7.1): the bytes of a file in the store, for clients that show
/// transcripts (msghost-web) but cannot read the store, which is private to the daemon's user.
extension AttachmentStore {
    /// The largest file `file` serves: its reply carries the bytes in base64 (a third more),
    /// in one control message. Images, stickers and most attachments are far smaller.
    static let maxServedBytes = 16 << 20

    /// The file a `file://` URL the daemon gave out names, and its media type. Only a file of
    /// this store, by the name the store gave it, is served: any other URL, path or name
    /// (another directory, `..`, a temporary copy, a symbolic link) is `notFound`, so the
    /// request reads nothing else on the daemon's disk.
    func serve(url: String) throws(WireError) -> (mimeType: String, bytes: [UInt8]) {
        let notFound = { (why: String) in
            WireError.control(.notFound, "\(url) is not a file in the daemon's store (\(why))")
        }
        let path: String
        do {
            path = try FileURL(parsing: url).displayPath
        } catch {
            throw notFound("the URL \(error.reason)")
        }
        let prefix = self.directory + "/"
        guard path.hasPrefix(prefix), let name = Optional(String(path.dropFirst(prefix.count))), Self.isStoredName(name)
        else {
            throw notFound("the store is \(self.directory), and holds only names <sha256>.<extension>")
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw notFound(OpenFile.describe(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw notFound("not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= Self.maxServedBytes else {
            throw .control(
                .invalidRequest, "\(url) is \(size) bytes; file serves at most \(Self.maxServedBytes) (16 MiB)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                throw notFound(n < 0 ? OpenFile.describe(errno) : "it shrank while read")
            }
        }
        let ext = name[name.index(after: name.lastIndex(of: ".")!)...]
        let kind = FileKind.allCases.first { $0.fileExtension == ext }
        return (kind?.mediaType ?? "application/octet-stream", bytes)
    }

    /// `<64 lowercase hex>.<extension of lowercase letters and digits>`, as `storedName` makes.
    static func isStoredName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, (1...8).contains(parts[1].utf8.count) else { return false }
        let hex = parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        return hex && parts[1].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    }
}
