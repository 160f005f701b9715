import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// A store damaged under a running daemon: pages of its SQLite file and its WAL
/// overwritten with garbage while it serves. Every request that reads history is answered
/// `storageUnavailable` — never "not found", never an empty transcript — nothing crashes,
/// `status` answers, and once the good files are back the same requests are answered from them.
/// A daemon started on a damaged store says why it cannot start.
@Suite(.serialized) struct DamagedStoreTests {
    static let kate = ErrorScene.device
    static let john = "john-iphone"

    /// The store's files, as the daemon keeps them in its state directory.
    static func files(_ daemon: TestDaemon) -> (database: String, wal: String, shm: String) {
        let base = daemon.directory + "/state/msghost.sqlite"
        return (base, base + "-wal", base + "-shm")
    }

    /// Overwrites everything after the first page of the database and after the WAL's header
    /// with random bytes, and the shared-memory index's header, so that the daemon's SQLite
    /// sees that the files changed and reads them again rather than its cache.
    static func damage(_ daemon: TestDaemon) throws {
        let (database, wal, shm) = Self.files(daemon)
        for (path, keep) in [(database, 4_096), (wal, 32)] where FileManager.default.fileExists(atPath: path) {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            guard size > keep else { continue }
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seek(toOffset: UInt64(keep))
            try handle.write(contentsOf: Data((0..<(size - keep)).map { _ in UInt8.random(in: 0...255) }))
            try handle.close()
        }
        try Self.invalidateIndex(shm)
    }

    static func invalidateIndex(_ shm: String) throws {
        guard let handle = FileHandle(forWritingAtPath: shm) else { return }
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 136))
        try handle.close()
    }

    static func storageUnavailable(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("a read of the damaged store was answered", sourceLocation: sourceLocation)
        } catch let error as WireError {
            #expect(error.isHost(.storageUnavailable), "got \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func readsOfADamagedStoreAreStorageUnavailableAndServeAgainOnceItIsBack() throws {
        try ErrorScene.run(.init()) { scene in
            try scene.touch()
            #expect(try Self.sent(scene.sendText()))
            let entry = try #require(try scene.daemon.transcript(Self.john).first?.entry)
            // The good files, as they are while the daemon is idle.
            let (database, wal, shm) = Self.files(scene.daemon)
            let good = (
                try Data(contentsOf: URL(fileURLWithPath: database)), try? Data(contentsOf: URL(fileURLWithPath: wal))
            )

            try Self.damage(scene.daemon)
            Self.storageUnavailable { _ = try scene.daemon.transcript(Self.john) }
            Self.storageUnavailable { _ = try scene.daemon.transcript(Self.kate) }
            Self.storageUnavailable {
                _ = try scene.daemon.control(
                    .tap, TapRequest(device: Self.john, conversation: TestDaemon.conversation, entry: entry),
                    as: TapResult.self)
            }
            #expect(scene.daemon.isRunning)
            #expect(try scene.daemon.status().daemon.pid == scene.daemon.pid, "status reads no history: it answers")
            Self.storageUnavailable { _ = try scene.daemon.transcript(Self.john) }

            // The good store back: the same reads are answered, with what was acknowledged.
            try good.0.write(to: URL(fileURLWithPath: database))
            if let goodWAL = good.1 { try goodWAL.write(to: URL(fileURLWithPath: wal)) }
            try Self.invalidateIndex(shm)
            #expect(try scene.daemon.transcript(Self.john).map(\.text) == ["hi"])
            #expect(try scene.daemon.transcript(Self.kate).map(\.text) == ["hi"])
            #expect(scene.daemon.isRunning)
        }
    }

    @Test func aDaemonStartedOnADamagedStoreSaysWhy() throws {
        try ErrorScene.run(.init()) { scene in
            try scene.touch()
            #expect(try Self.sent(scene.sendText()))
            kill(scene.daemon.pid, SIGTERM)  // not `stop()`, which removes the directory
            #expect(scene.daemon.waitForExit() != nil)
            // The whole file, its first page too: nothing of it can be read.
            let (database, wal, shm) = Self.files(scene.daemon)
            for path in [wal, shm] { try? FileManager.default.removeItem(atPath: path) }
            try Data((0..<65_536).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: database))
            #expect(throws: (any Error).self) { try scene.daemon.restart() }
            #expect(!scene.daemon.isRunning)
            let log = scene.daemon.log
            #expect(
                log.contains("cannot open the store") && log.contains("not a database"),
                "the daemon should say which store it could not open, and why: \(log.suffix(600))")
            scene.daemonStops = true
        }
    }

    static func sent(_ outcome: ErrorOutcome) throws -> Bool {
        guard case .reply(let reply, _, _) = outcome else { return false }
        return try reply.envelope.decodeBody(ReplyStatus.self).isOK
    }
}
