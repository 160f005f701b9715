import Foundation

/// `UIImage`, as far as an iMessage app uses it without UIKit: an encoded PNG, JPEG or GIF,
/// made from bytes, a file or a name in the app's resources, that can be given to
/// `MSMessageTemplateLayout.image` unchanged (`layout.image = UIImage(named: "cone")`).
///
/// There is no decoder or encoder here, so the image keeps the bytes it was made from: `size`
/// comes from the file's header (PNG IHDR, JPEG SOFn, GIF logical screen), `pngData()` and
/// `jpegData(compressionQuality:)` return those bytes when they already are that format and
/// nil otherwise (iOS would re-encode; a port that needs a PNG of a JPEG must convert it
/// itself). Bytes that are not one of the three formats give nil, as `UIImage(data:)` does.
open class UIImage: NSObject, @unchecked Sendable {
    /// The encoded bytes, exactly as read.
    let encoded: Data
    let header: ImageHeader

    /// Points per pixel: 1, or the `@2x`/`@3x` of a named file, or what `init(data:scale:)` gave.
    public let scale: CGFloat

    /// The size in points: the header's pixels divided by `scale`, as on iOS.
    open var size: CGSize {
        CGSize(width: CGFloat(self.header.pixelWidth) / self.scale, height: CGFloat(self.header.pixelHeight) / self.scale)
    }

    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Nil when `data` is not a PNG, JPEG or GIF whose header gives a size, or `scale` is not
    /// a positive finite number.
    public init?(data: Data, scale: CGFloat) {
        guard let header = ImageHeader(data), scale.isFinite, scale > 0 else { return nil }
        self.encoded = data
        self.header = header
        self.scale = scale
        super.init()
    }

    /// The image in a file; nil when it cannot be read or is not an image. A file named
    /// `…@2x.png` or `…@3x.png` has that scale, as on iOS.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFileNamed: (path as NSString).lastPathComponent))
    }

    /// The image called `name` in the app's resources directory (`UIImage.resourcesDirectory`).
    ///
    /// As `UIImage(named:)` finds "cone" in the app bundle: a name with an extension is that
    /// file; one without is tried as `name.png`, `name@2x.png`, `name@3x.png`, `name.jpg`,
    /// `name.jpeg`, `name.gif`, in that order. Nil when none is an image.
    public convenience init?(named name: String) {
        guard let file = UIImage.file(named: name, in: UIImage.resourcesDirectory()) else { return nil }
        self.init(contentsOfFile: file.path)
    }

    /// The encoded bytes when they are a PNG; nil for a JPEG or GIF (no encoder here).
    open func pngData() -> Data? {
        self.header.format == .png ? self.encoded : nil
    }

    /// The encoded bytes when they are a JPEG, whatever `compressionQuality` says (they are
    /// not re-encoded); nil for a PNG or GIF (no encoder here).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        self.header.format == .jpeg ? self.encoded : nil
    }

    // MARK: Resources

    /// Where `UIImage(named:)` looks, read at each call: `MSGHOST_RESOURCES` when it is set
    /// (a relative path is taken from the working directory; set it with the manifest's
    /// `env`), else the folder `Resources` in the working directory (the manifest's
    /// `workingDirectory`), the place of an iOS app bundle's resources.
    public static func resourcesDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if let path = environment["MSGHOST_RESOURCES"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true, relativeTo: working).standardizedFileURL
        }
        return working.appendingPathComponent("Resources", isDirectory: true)
    }

    static let searchSuffixes = [".png", "@2x.png", "@3x.png", ".jpg", ".jpeg", ".gif"]

    /// The first existing file for `name` in `directory`, in the order of `init(named:)`.
    static func file(named name: String, in directory: URL) -> URL? {
        guard !name.isEmpty else { return nil }
        let hasExtension = ["png", "jpg", "jpeg", "gif"].contains((name as NSString).pathExtension.lowercased())
        let candidates = hasExtension ? [name] : Self.searchSuffixes.map { name + $0 }
        return candidates.map { directory.appendingPathComponent($0) }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    static func scale(ofFileNamed name: String) -> CGFloat {
        let stem = (name as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}

/// `UIImagePNGRepresentation` of iOS 2–11, which apps of that time still call.
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }

/// `UIImageJPEGRepresentation` of iOS 2–11.
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}
