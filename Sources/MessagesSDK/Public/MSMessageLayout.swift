import Foundation

/// `MSMessageLayout`: what a message bubble looks like. Abstract, as in Messages.framework;
/// use `MSMessageTemplateLayout` or `MSMessageLiveLayout`.
open class MSMessageLayout: NSObject, NSCopying {
    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any { MSMessageLayout() }
}

/// `MSMessageTemplateLayout`: Messages draws the bubble from six texts and an image or media file.
///
/// `image` takes a `UIImage` as on iOS (`layout.image = UIImage(named: "cone")`) or encoded
/// image bytes (`Data`: PNG, JPEG, GIF); see `MSLayoutImage`. Or set `imageFileURL` to an
/// image file. On messages from the host, `imageFileURL` points at the host's copy (read it,
/// do not write it) and `image` reads that file: a `UIImage` when its header is a PNG, JPEG
/// or GIF, else its bytes as `Data`.
open class MSMessageTemplateLayout: MSMessageLayout {
    open var caption: String?
    open var subcaption: String?
    open var trailingCaption: String?
    open var trailingSubcaption: String?
    open var imageTitle: String?
    open var imageSubtitle: String?
    /// A file URL of an image or movie. Ignored when there is an image, as in Messages.
    open var mediaFileURL: URL?
    /// An image file to use when `image` was not set (read when the message is inserted or sent).
    open var imageFileURL: URL?

    private var imageValue: (any MSLayoutImage)?

    /// The bubble's image, as it was set; when only `imageFileURL` is set, that file read.
    open var image: (any MSLayoutImage)? {
        get {
            if let value = self.imageValue { return value }
            guard let data = self.imageFileURL.flatMap({ try? Data(contentsOf: $0) }) else { return nil }
            if let image = UIImage(data: data) { return image }
            return data
        }
        set { self.imageValue = newValue }
    }

    /// The encoded bytes that are sent: the image's, or `imageFileURL`'s file (nil if unreadable).
    var imageBytes: Data? {
        self.imageValue?.encodedImageData ?? self.imageFileURL.flatMap { try? Data(contentsOf: $0) }
    }

    /// True when an image was given, as bytes or as a file.
    var hasImage: Bool { self.imageValue != nil || self.imageFileURL != nil }

    public override init() { super.init() }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = MSMessageTemplateLayout()
        copy.caption = self.caption
        copy.subcaption = self.subcaption
        copy.trailingCaption = self.trailingCaption
        copy.trailingSubcaption = self.trailingSubcaption
        copy.imageTitle = self.imageTitle
        copy.imageSubtitle = self.imageSubtitle
        copy.mediaFileURL = self.mediaFileURL
        copy.imageFileURL = self.imageFileURL
        copy.imageValue = self.imageValue
        return copy
    }
}

/// `MSMessageLiveLayout` (iOS 11): the extension itself draws the bubble, in a `transcript`
/// instance; devices that cannot run the app show `alternateLayout`.
open class MSMessageLiveLayout: MSMessageLayout {
    public let alternateLayout: MSMessageTemplateLayout

    public init(alternateLayout: MSMessageTemplateLayout) {
        self.alternateLayout = alternateLayout
        super.init()
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        MSMessageLiveLayout(alternateLayout: self.alternateLayout.copy() as! MSMessageTemplateLayout)
    }
}
