import Foundation

/// Random access to the bytes being inspected, so the sniffers and header readers can jump
/// straight to the few bytes they need (a PNG chunk header, a JPEG segment marker) without
/// reading a whole file, and so an in-memory buffer and an open file look the same to them.
protocol ByteSource {
    /// The number of bytes, as known when the source was opened.
    var count: Int { get }
    /// Up to `length` bytes starting at `offset`: fewer at the end of the source or on a read
    /// error, none for an offset out of range. Never traps, whatever the arguments.
    func bytes(at offset: Int, count length: Int) -> [UInt8]
}

/// Bytes carried in a request's binary frames.
struct BufferSource: ByteSource {
    let buffer: [UInt8]

    var count: Int { self.buffer.count }

    func bytes(at offset: Int, count length: Int) -> [UInt8] {
        guard offset >= 0, length > 0, offset < self.buffer.count else { return [] }
        let end = offset + min(length, self.buffer.count - offset)
        return Array(self.buffer[offset..<end])
    }
}

/// A regular file opened for reading, closed when the last reference goes away.
///
/// A class so that the descriptor has exactly one owner and one `close`, whichever way the
/// inspection ends. `count` is the size `fstat` reported at open: the inspector judges that
/// many bytes, and the store copies exactly that many (see `stream`).
final class OpenFile: ByteSource {
    /// Why a path could not be opened as a readable regular file.
    enum Failure: Error, Equatable {
        /// Nothing there, or a symbolic link that leads nowhere.
        case notFound(String)
        /// Something is there but cannot be read as a file: permissions, a directory, a FIFO…
        case unreadable(String)
    }

    let descriptor: Int32
    let count: Int

    private init(descriptor: Int32, count: Int) {
        self.descriptor = descriptor
        self.count = count
    }

    deinit { close(self.descriptor) }

    /// Opens `path` (raw bytes, as a decoded file URL gives them: Linux paths need not be UTF-8).
    ///
    /// `O_NONBLOCK` keeps a FIFO from blocking the daemon until a writer turns up; the file
    /// type is then checked with `fstat` on the descriptor itself, so there is no window
    /// between checking the path and opening it.
    static func open(path: [UInt8]) -> Result<OpenFile, Failure> {
        guard !path.contains(0) else { return .failure(.notFound("the path contains a NUL byte")) }
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                Foundation.open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            }
        }
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG:
                return .failure(.notFound("no such file (\(Self.describe(code)))"))
            default:
                return .failure(.unreadable("cannot be opened for reading (\(Self.describe(code)))"))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.unreadable("cannot read its attributes (\(Self.describe(code)))"))
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            return .failure(.unreadable(type == S_IFDIR ? "is a directory" : "is not a regular file"))
        }
        return .success(OpenFile(descriptor: descriptor, count: Int(status.st_size)))
    }

    func bytes(at offset: Int, count length: Int) -> [UInt8] {
        guard offset >= 0, length > 0, offset < self.count else { return [] }
        let wanted = min(length, self.count - offset)
        var result = [UInt8](repeating: 0, count: wanted)
        let got = result.withUnsafeMutableBytes { self.readFully(into: $0, at: offset) }
        result.removeLast(wanted - max(got, 0))
        return result
    }

    /// Fills `buffer` from `offset`, retrying short reads and EINTR. Returns the number of
    /// bytes read (short at end of file), or -1 on an error.
    func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(self.descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n > 0 {
                done += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                return done > 0 ? done : -1
            }
        }
        return done
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
