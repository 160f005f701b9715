import Foundation

/// What `MSMessageTemplateLayout.image` accepts: a `UIImage`, as on iOS, or the encoded bytes
/// of a PNG, JPEG or GIF (`Data`), which this SDK took before it had `UIImage` and still does.
///
/// Both travel the same way: the bytes, unchanged, in a binary frame (PROTOCOL.md §5).
public protocol MSLayoutImage {
    /// The encoded image bytes that are sent.
    var encodedImageData: Data { get }
}

extension Data: MSLayoutImage {
    public var encodedImageData: Data { self }
}

extension UIImage: MSLayoutImage {
    public var encodedImageData: Data { self.encoded }
}
