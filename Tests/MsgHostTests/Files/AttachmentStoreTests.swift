import Foundation
import MsgHostCore
import MsgHostProtocol
import MsgHostTesting
import Testing

@testable import MsgHost

/// Pins down the attachment store: a private directory, one file per distinct content named
/// `<sha256>.<ext>`, a complete copy that outlives the extension's original, no copy at all
/// for a refused file, and no temporary file left behind.
@Suite struct AttachmentStoreTests {
    let directory: TemporaryDirectory
    let storePath: String
    let store: AttachmentStore
    init() throws {
        self.directory = try TemporaryDirectory()
        self.storePath = self.directory.file("state/attachments")
        self.store = try AttachmentStore(directory: self.storePath)
    }

    func save(_ name: String, _ bytes: [UInt8], _ purpose: FileCheck.Purpose = .attachment, alternate: String? = nil)
        throws -> FileCheckResult
    {
        try self.directory.write(name, bytes: bytes)
        return self.store.store(
            FileCheck(source: .url(self.directory.url(name)), purpose: purpose), alternateFilename: alternate)
    }

    func storedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: self.storePath).sorted()
    }

    func contents(_ path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    @Test func theDirectoryIsCreatedPrivate() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: self.storePath)
        #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(try self.storedNames().isEmpty)
    }

    @Test func reopeningTightensTheModeAndRemovesInterruptedCopies() throws {
        #expect(chmod(self.storePath, 0o755) == 0)
        try self.directory.write("state/attachments/.partial-crashed", bytes: [1, 2, 3])
        let kept = try #require(try self.save("keep.txt", Sample.ascii("keep\n")).stored)
        _ = try AttachmentStore(directory: self.storePath)
        #expect(try self.storedNames() == [kept.storedName])
        let attributes = try FileManager.default.attributesOfItem(atPath: self.storePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func aStoredFileIsACompleteCopyNamedByItsHash() throws {
        // Larger than a chunk, and not a multiple of it, so the streaming copy is exercised.
        var random = SeededGenerator(state: 17)
        let bytes =
            Sample.png(640, 480) + (0..<(3 * 1024 * 1024 + 123)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let stored = try #require(try self.save("big.png", bytes, alternate: "Big Picture.png").stored)
        let inspected = try #require(
            FileInspector().inspect(
                FileCheck(source: .url(self.directory.url("big.png")), purpose: .attachment),
                alternateFilename: "Big Picture.png"
            ).stored)
        #expect(stored == inspected, "the store and the inspector agree on every field")
        #expect(stored.storedName == stored.sha256 + ".png")
        #expect(
            (stored.filename, stored.mediaType, stored.byteCount, stored.pixelWidth) == (
                "Big Picture.png", "image/png", bytes.count, 640
            ))
        #expect(self.store.path(of: stored) == self.storePath + "/" + stored.storedName)
        #expect(try self.contents(self.store.path(of: stored)) == bytes)
        #expect(try self.storedNames() == [stored.storedName])
    }

    @Test func theNameIsTheSHA256OfTheContent() throws {
        let stored = try #require(try self.save("hello.txt", Sample.ascii("hello\n")).stored)
        #expect(stored.storedName == "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03.txt")
        #expect(FileManager.default.fileExists(atPath: self.storePath + "/" + stored.storedName))
    }

    @Test func theSameBytesAreStoredOnce() throws {
        let bytes = Sample.gif(400, 400)
        let first = try #require(try self.save("one.gif", bytes, .sticker).stored)
        let inode = self.inode(self.store.path(of: first))
        let second = try #require(try self.save("two.gif", bytes, .attachment, alternate: "Other.gif").stored)
        let third = try #require(
            self.store.store(FileCheck(source: .bytes(bytes), purpose: .layoutImage), alternateFilename: nil).stored)
        #expect(first.storedName == second.storedName && second.storedName == third.storedName)
        #expect((first.filename, second.filename, third.filename) == ("one.gif", "Other.gif", "image.gif"))
        #expect(try self.storedNames() == [first.storedName], "one file, no temporary left over")
        #expect(self.inode(self.store.path(of: first)) == inode, "the existing copy is not rewritten")
    }

    @Test func differentBytesAreStoredApart() throws {
        let a = try #require(try self.save("a.png", Sample.png(1, 1)).stored)
        let b = try #require(try self.save("b.png", Sample.png(1, 2)).stored)
        #expect(a.storedName != b.storedName)
        #expect(try self.storedNames() == [a.storedName, b.storedName].sorted())
    }

    @Test func theCopyOutlivesTheOriginal() throws {
        let bytes = Sample.jpeg(500, 500)
        let stored = try #require(try self.save("sticker.jpg", bytes, .sticker).stored)
        try FileManager.default.removeItem(atPath: self.directory.file("sticker.jpg"))
        #expect(try self.contents(self.store.path(of: stored)) == bytes)
    }

    @Test func layoutImageBytesAreStored() throws {
        let bytes = Sample.png(320, 200)
        let stored = try #require(
            self.store.store(FileCheck(source: .bytes(bytes), purpose: .layoutImage), alternateFilename: nil).stored)
        #expect((stored.filename, stored.pixelWidth, stored.pixelHeight) == ("image.png", 320, 200))
        #expect(try self.contents(self.store.path(of: stored)) == bytes)
    }

    @Test func aDamagedCopyIsReplaced() throws {
        let bytes = Sample.png(10, 10)
        let stored = try #require(try self.save("a.png", bytes).stored)
        #expect(truncate(self.store.path(of: stored), 3) == 0)
        #expect(try self.save("b.png", bytes).stored == stored.with(filename: "b.png"))
        #expect(try self.contents(self.store.path(of: stored)) == bytes)
    }

    @Test func aRefusedFileIsNotStored() throws {
        #expect(try self.save("blob.bin", Sample.unknownBinary).error == .messages(.improperFileType))
        #expect(
            try self.save("small.png", Sample.png(100, 100), .sticker).error == .messages(.stickerFileImproperFileSize))
        #expect(try self.save("movie.mp4", Sample.isoMedia("isom"), .layoutImage).error == .messages(.improperFileType))
        #expect(
            self.store.store(
                FileCheck(source: .url("https://example.com/a.png"), purpose: .attachment), alternateFilename: nil
            ).error == .messages(.improperFileURL))
        #expect(
            self.store.store(
                FileCheck(source: .url(self.directory.url("gone.png")), purpose: .sticker), alternateFilename: nil
            ).error == .stickers(.fileNotFound, ""))
        #expect(
            self.store.store(FileCheck(source: .bytes([]), purpose: .layoutImage), alternateFilename: nil).error
                == .messages(.fileUnreadable))
        #expect(try self.storedNames().isEmpty)
    }

    /// Without write permission the copy cannot be made: the file was fine, the host was not.
    @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
    func aStoreThatCannotBeWrittenRefusesWithUnknown() throws {
        #expect(chmod(self.storePath, 0o500) == 0)
        defer { chmod(self.storePath, 0o700) }
        #expect(try self.save("a.png", Sample.png(1, 1)).error == .messages(.unknown))
    }
}

extension StoredFile {
    func with(filename: String) -> StoredFile {
        var copy = self
        copy.filename = filename
        return copy
    }
}
