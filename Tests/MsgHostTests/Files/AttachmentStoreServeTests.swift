import Foundation
import MsgHostCore
import MsgHostProtocol
import Testing

@testable import MsgHost

/// Control `file`: a stored file's bytes by the URL the daemon gave out, and nothing else.
@Suite struct AttachmentStoreServeTests {
    let directory: TemporaryDirectory
    let store: AttachmentStore
    init() throws {
        self.directory = try TemporaryDirectory()
        self.store = try AttachmentStore(directory: self.directory.file("state/files"))
    }

    func stored(_ bytes: [UInt8]) throws -> StoredFile {
        try self.directory.write("original.png", bytes: bytes)
        guard
            case .accepted(let file) = self.store.store(
                FileCheck(source: .url(self.directory.url("original.png")), purpose: .attachment),
                alternateFilename: nil)
        else {
            throw TestFailure("the sample was not stored")
        }
        return file
    }

    struct TestFailure: Error { init(_ why: String) { print(why) } }

    func url(_ file: StoredFile) -> String { "file://" + self.store.directory + "/" + file.storedName }

    @Test func aStoredFileIsServedByItsURL() throws {
        let png = Sample.png(3, 2)
        let file = try self.stored(png)
        let served = try self.store.serve(url: self.url(file))
        #expect(served.bytes == png)
        #expect(served.mimeType == "image/png")
        // The forms of a file URL FileURL accepts name the same file.
        #expect(
            try self.store.serve(url: "file://localhost" + self.store.directory + "/" + file.storedName).bytes == png)
    }

    @Test func anythingOutsideTheStoreIsNotFound() throws {
        let file = try self.stored(Sample.png(3, 2))
        let outside = self.directory.file("original.png")
        let symlink = self.store.directory + "/" + String(repeating: "b", count: 64) + ".png"
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: outside)
        try self.directory.write("state/files/\(AttachmentStore.temporaryPrefix)x", bytes: [1, 2, 3])
        let refused = [
            "file://" + outside,  // a real file, but not in the store
            "file://" + self.store.directory + "/../files/" + file.storedName,  // a way round
            "file://" + self.store.directory + "/" + AttachmentStore.temporaryPrefix + "x",  // not a stored name
            "file://" + self.store.directory + "/" + String(repeating: "c", count: 64) + ".png",  // no such file
            "file://" + symlink,  // a stored name, but a link out of the store
            "file://" + self.store.directory,
            "https://example.com/" + file.storedName,
            "/etc/passwd",
        ]
        for url in refused {
            #expect(throws: WireError.control(.notFound, "")) { try self.store.serve(url: url) }
            do { _ = try self.store.serve(url: url) } catch {
                #expect(error.description.contains(url), "the error names \(url)")
            }
        }
    }

    @Test func storedNamesAreHashAndExtensionOnly() {
        let hash = String(repeating: "0123456789abcdef", count: 4)
        #expect(AttachmentStore.isStoredName(hash + ".png"))
        #expect(AttachmentStore.isStoredName(hash + ".m4a"))
        #expect(!AttachmentStore.isStoredName(hash.uppercased() + ".png"))
        #expect(!AttachmentStore.isStoredName(hash + ".png.png"))
        #expect(!AttachmentStore.isStoredName(hash))
        #expect(!AttachmentStore.isStoredName(String(hash.dropFirst()) + ".png"))
        #expect(!AttachmentStore.isStoredName("../" + hash + ".png"))
    }
}
