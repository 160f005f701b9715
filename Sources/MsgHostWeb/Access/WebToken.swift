import Crypto
import Foundation

/// The secret a request to msghost-web must carry (docs/WEB.md, "Who can reach the page"):
/// made at start from the system's CSPRNG, as Jupyter makes its token, or given by the
/// operator. Only its SHA-256 is kept for comparing, so every comparison takes the same time
/// whatever the guess (swift-crypto compares digests in constant time) and a guess's length
/// tells nothing either.
public struct WebToken: Sendable {
    /// The token as it appears in the printed URL and the cookie.
    public let value: String
    /// The token's SHA-256 (as bytes: swift-crypto's digest type is not `Sendable`).
    private let digest: [UInt8]

    /// What a token may be made of: URL- and cookie-safe characters (RFC 3986's unreserved
    /// set), so it travels in `?token=`, a `Cookie` header and `Authorization` unescaped.
    static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// A given token must be long enough not to be guessed over HTTP, and short enough to be
    /// a header; a made one is 64 characters (256 bits).
    static let lengths = 16...256

    /// A token given by the operator (`--token`, `--token-file`, `$MSGHOST_WEB_TOKEN`);
    /// `source` names where it came from in the error.
    public init(_ value: String, source: String) throws(WebTokenError) {
        guard Self.lengths.contains(value.count) else {
            throw WebTokenError(
                "\(source): a token must be \(Self.lengths.lowerBound) to \(Self.lengths.upperBound) characters, got \(value.count)"
            )
        }
        if let bad = value.first(where: { !Self.allowed.contains($0) }) {
            throw WebTokenError(
                "\(source): a token may hold only letters, digits, '-', '.', '_' and '~', not \(String(bad).debugDescription)"
            )
        }
        self.value = value
        self.digest = Array(SHA256.hash(data: Array(value.utf8)))
    }

    /// A fresh token: 32 bytes of `SystemRandomNumberGenerator` (the kernel's CSPRNG), in hex.
    public static func random() -> WebToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<4 {
            var word = generator.next()
            for _ in 0..<16 {
                text.append(digits[Int(word & 0x0f)])
                word >>= 4
            }
        }
        // A made token always passes the rule above.
        return try! WebToken(text, source: "made token")
    }

    /// The token in `file`: its text, without surrounding whitespace. A file other users may
    /// read is refused: anyone who reads it can drive the daemon.
    public static func load(file: String) throws(WebTokenError) -> WebToken {
        let attributes: [FileAttributeKey: Any]
        let text: String
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file)
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw WebTokenError("--token-file \(file): cannot read it: \(error.localizedDescription)")
        }
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            throw WebTokenError(
                "--token-file \(file): other users may read it (mode \(String(mode, radix: 8))); chmod 600 it")
        }
        return try WebToken(text.trimmingCharacters(in: .whitespacesAndNewlines), source: "--token-file \(file)")
    }

    /// Whether `candidate` is this token, in time that does not depend on where they differ
    /// (a digest compared with bytes is compared in constant time by swift-crypto).
    public func matches(_ candidate: some StringProtocol) -> Bool {
        SHA256.hash(data: Array(candidate.utf8)) == self.digest
    }
}

public struct WebTokenError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
