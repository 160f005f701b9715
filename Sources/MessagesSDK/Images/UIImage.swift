import Foundation
import MsgHostProtocol

/// `UIImage`: a decoded PNG or JPEG, or what a renderer drew, made from bytes, a file or a name
/// in the app's resources; it draws into the current context (`draw(at:)`, `draw(in:)`) and
/// encodes (`pngData()`, `jpegData(compressionQuality:)`), and can be given to
/// `MSMessageTemplateLayout.image` (`layout.image = UIImage(named: "cone")`).
///
/// Decoding is Cairo's (PNG) and libjpeg-turbo's (JPEG), done when the image is made, so bytes
/// that are not a readable image give nil, as `UIImage(data:)` does on iOS, and the log says
/// why. A GIF is kept as its bytes and its header's size: it is sent and shown as it is, but
/// not decoded, so it draws nothing and has no `pngData()`/`jpegData`.
open class UIImage: NSObject, @unchecked Sendable {
    /// The bytes it was read from; nil for a drawn image.
    let source: Data?
    /// The format of `source`; nil for a drawn image.
    let format: ImageHeader.Format?
    /// The pixels; nil for a GIF and for the empty image.
    let bitmap: Bitmap?
    let pixelWidth: Int
    let pixelHeight: Int

    /// Points per pixel: 1, or the `@2x`/`@3x` of a named file, or what `init(data:scale:)` or
    /// the renderer's format gave.
    public let scale: CGFloat

    /// What is sent as a layout or view image: the bytes it was read from, or a drawn image as PNG.
    var encoded: Data { self.source ?? self.bitmap?.pngData() ?? Data() }

    /// The size in points: the pixels divided by `scale`, as on iOS.
    open var size: CGSize {
        CGSize(width: CGFloat(self.pixelWidth) / self.scale, height: CGFloat(self.pixelHeight) / self.scale)
    }

    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Nil when `data` is not a PNG, JPEG or GIF that can be read, is larger than 16 384
    /// pixels a side or 50 million pixels, or `scale` is not a positive finite number.
    public init?(data: Data, scale: CGFloat) {
        guard let header = ImageHeader(data), scale.isFinite, scale > 0 else { return nil }
        if let refusal = Bitmap.refusal(width: header.pixelWidth, height: header.pixelHeight) {
            HostConnection.log("UIImage(data:): the \(header.format.rawValue.uppercased()) is \(refusal)")
            return nil
        }
        switch header.format {
        case .png:
            guard let bitmap = Bitmap.png(data) else {
                HostConnection.log("UIImage(data:): the PNG could not be decoded (corrupt or truncated)")
                return nil
            }
            self.bitmap = bitmap
        case .jpeg:
            switch Bitmap.jpeg(data) {
            case .success(let bitmap): self.bitmap = bitmap
            case .failure(let error):
                HostConnection.log("UIImage(data:): the JPEG could not be decoded (\(error))")
                return nil
            }
        case .gif:
            self.bitmap = nil
        }
        self.source = data
        self.format = header.format
        self.pixelWidth = self.bitmap?.width ?? header.pixelWidth
        self.pixelHeight = self.bitmap?.height ?? header.pixelHeight
        self.scale = scale
        super.init()
    }

    /// A drawn image (a renderer's or an image context's); nil pixels make the empty image.
    init(bitmap: Bitmap?, scale: CGFloat) {
        self.source = nil
        self.format = nil
        self.bitmap = bitmap
        self.pixelWidth = bitmap?.width ?? 0
        self.pixelHeight = bitmap?.height ?? 0
        self.scale = scale
        super.init()
    }

    /// The empty image, as `UIImage()`: size zero, draws nothing, encodes to nil.
    public override convenience init() {
        self.init(bitmap: nil, scale: 1)
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
    /// file; one without is first an asset catalog's image set (`name.imageset`, its file for
    /// the screen's scale: AssetCatalog.swift), then tried as `name.png`, `name@2x.png`,
    /// `name@3x.png`, `name.jpg`, `name.jpeg`, `name.gif`, in that order. Nil when none is an
    /// image.
    public convenience init?(named name: String) {
        let directory = UIImage.resourcesDirectory()
        if let (url, scale) = AssetCatalog.imageFile(
            name, in: directory, scale: UIScreen.main.scale, idiom: UIScreen.main.idiom)
        {
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            self.init(data: data, scale: scale)
            return
        }
        guard let file = UIImage.file(named: name, in: directory) else { return nil }
        self.init(contentsOfFile: file.path)
    }

    /// The image as a PNG: the bytes it was read from when they are one, else its pixels
    /// encoded (RGBA, or RGB for an opaque image). Nil for a GIF and the empty image.
    open func pngData() -> Data? {
        self.format == .png ? self.source : self.bitmap?.pngData()
    }

    /// The pixels encoded as a baseline JPEG at `compressionQuality` (0 smallest, 1 best);
    /// transparent pixels become black, as in UIKit. Nil for a GIF and the empty image.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        self.bitmap?.jpegData(quality: compressionQuality)
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
