import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// §3.5: requests whose change the daemon could not store, on both endpoints, with the state
/// directory full (`DiskLimit`); the room comes back before the daemon is checked serving.
extension ErrorTableTests {
    static let hostRows: [ErrorRow] = [
        ErrorRow(
            .host, .expect(.storageUnavailable), "an extension's sendText with the disk full",
            mentions: ["could not be stored"]
        ) { scene in
            try scene.touch()
            try DiskLimit.fill(scene.daemon)
            defer { try? DiskLimit.lift(scene.daemon) }
            return try scene.sendText()
        },
        ErrorRow(
            .host, .expect(.storageUnavailable), "control createPerson with the disk full",
            mentions: ["could not be stored"]
        ) { scene in
            try DiskLimit.fill(scene.daemon)
            defer { try? DiskLimit.lift(scene.daemon) }
            return try scene.controlRequest(.createPerson, CreatePersonRequest(handle: "amy@example.com", name: "Amy"))
        },
    ]
}
