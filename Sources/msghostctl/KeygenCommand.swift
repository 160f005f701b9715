import ArgumentParser
import Foundation
import ZeroMQ

/// Makes a CURVE key pair for a client of a tcp endpoint: the secret half goes into a file
/// only its owner may read, the public half is printed, to be listed in the daemon's
/// `curve.controlKeys` (or `curve.extensionKeys`).
struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a CURVE key pair: write the secret key to FILE (mode 0600), print the public key.",
        discussion:
            "Add the printed key to curve.controlKeys in msghostd.yaml, then connect with --secret-key-file FILE --server-key KEY."
    )

    @Argument(help: "Where to write the secret key; must not exist yet.") var file: String

    func run() throws {
        guard ZMQCurve.isAvailable else { throw ValidationError("this libzmq was built without CURVE") }
        let pair = try ZMQCurve.keyPair()
        do {
            try CurveSecretFile.create(self.file, secretKey: pair.secretKey)
        } catch {
            throw ValidationError(error.description)
        }
        print(pair.publicKey)
    }
}
