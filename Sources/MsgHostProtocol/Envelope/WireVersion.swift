/// The protocol's version, as the tag in frame 0 and as `MSGHOST_PROTOCOL` / `hello.protocol`.
///
/// See docs/PROTOCOL.md §6: the tag names the major version; minor additions keep it.
public enum WireVersion {
    public static let major = 1
    public static let tag = "MSGHOST/1"
    public static let tagBytes = Array(tag.utf8)
}

/// Limits enforced while decoding an envelope (PROTOCOL.md §2.4).
public enum WireLimits {
    public static let maxFrames = 16
    public static let maxHeaderBytes = 4096
    public static let maxHeaderIDLength = 64
    public static let maxURLCharacters = 5000
}
