import Foundation
import ZeroMQ

/// The daemon's CURVE key pair, kept in the state directory so that clients configured with
/// its public key keep working across restarts.
///
/// `curve-server.key` holds the secret key (Z85, one line) and is made on the first start
/// that needs it, with mode 0600 from the moment it exists (`O_CREAT|O_EXCL`, never a chmod
/// after the fact); one that others could read is refused, as ssh refuses such a key.
/// `curve-server.pub` holds the public key and is rewritten from the secret at every start:
/// it is what an operator hands to clients (docs/SECURITY.md).
struct ServerKeyPair: Sendable {
    let publicKey: String
    let secretKey: String

    static let secretFile = "curve-server.key"
    static let publicFile = "curve-server.pub"

    /// Loads the pair from `directory`, or makes and stores a new one.
    static func loadOrCreate(in directory: String) throws(ConfigurationError) -> ServerKeyPair {
        let path = directory + "/" + Self.secretFile
        let pair: ServerKeyPair
        if FileManager.default.fileExists(atPath: path) {
            pair = try Self.load(path)
        } else {
            pair = try Self.create(path)
        }
        do {
            try (pair.publicKey + "\n").write(
                toFile: directory + "/" + Self.publicFile, atomically: true, encoding: .utf8)
        } catch {
            throw ConfigurationError("cannot write \(directory)/\(Self.publicFile): \(error.localizedDescription)")
        }
        return pair
    }

    private static func load(_ path: String) throws(ConfigurationError) -> ServerKeyPair {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ConfigurationError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ConfigurationError(
                "\(path) holds the daemon's secret CURVE key but others may read it (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 it, or remove it to make a new key pair"
            )
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("cannot read \(path): \(error.localizedDescription)")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let publicKey = ZMQCurve.publicKey(secretKey: secret) else {
            throw ConfigurationError(
                "\(path) does not hold a CURVE secret key (40 characters of Z85); remove it to make a new key pair")
        }
        return ServerKeyPair(publicKey: publicKey, secretKey: secret)
    }

    private static func create(_ path: String) throws(ConfigurationError) -> ServerKeyPair {
        let made: (publicKey: String, secretKey: String)
        do {
            made = try ZMQCurve.keyPair()
        } catch {
            throw ConfigurationError("cannot make a CURVE key pair: \(error)")
        }
        do {
            try CurveSecretFile.create(path, secretKey: made.secretKey)
        } catch {
            throw ConfigurationError(error.description)
        }
        return ServerKeyPair(publicKey: made.publicKey, secretKey: made.secretKey)
    }
}
