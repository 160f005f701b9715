import Foundation

/// `MSStickerSize`, with Apple's raw values: how big a sticker browser draws its stickers.
public enum MSStickerSize: Int, Sendable, CaseIterable {
    case small = 0
    case regular = 1
    case large = 2

    /// The side of a sticker's cell in points (Apple's Human Interface Guidelines: 100, 136, 206).
    public var side: Int {
        switch self {
        case .small: 100
        case .regular: 136
        case .large: 206
        }
    }

    /// Stickers in a row of the browser, as Messages lays them out: 4, 3, 2.
    var columns: Int {
        switch self {
        case .small: 4
        case .regular: 3
        case .large: 2
        }
    }
}

/// `MSStickerView`: shows one `MSSticker`. On the app's own screen it draws the sticker's
/// image, fitted to its bounds, and a tap on it stages the sticker in the input field of the
/// conversation the app is active in, as a tap on a sticker view does in Messages (peeling
/// one onto a bubble is the host's: the page's sticker element). In a declared view
/// (`setView`) it is an image element (PROTOCOL.md §4.9): the sticker file's bytes, labelled
/// with its description. Its file is read each time it is drawn, so an app may replace the
/// file behind a sticker; a file that cannot be read is drawn as its description.
///
/// Stickers do not animate here (the page draws the image as the browser does; an APNG or GIF
/// animates there on its own): `startAnimating()` and `stopAnimating()` only keep `isAnimating`.
@preconcurrency @MainActor
open class MSStickerView: UIView {
    /// Apple's `animationDuration`: 0 here, where no frames are decoded.
    open var animationDuration: TimeInterval { 0 }
    public private(set) var isAnimating = false

    open var sticker: MSSticker? {
        didSet {
            self.setNeedsDisplay()
            self.accessibilityLabel = self.sticker?.localizedDescription
        }
    }

    public init(frame: CGRect, sticker: MSSticker?) {
        super.init(frame: frame)
        self.sticker = sticker
        self.accessibilityLabel = sticker?.localizedDescription
        self.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.tapped() })
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, sticker: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The sticker's image, as `UIImageView` draws with `.scaleAspectFit`; its description
    /// when the file cannot be read.
    open override func draw(_ rect: CGRect) {
        guard let sticker = self.sticker else { return }
        if let image = UIImage(contentsOfFile: sticker.imageFileURL.path) {
            image.draw(in: UIImageView.place(image.size, in: self.bounds, by: .scaleAspectFit))
        } else {
            (sticker.localizedDescription as NSString).draw(
                in: self.bounds, withAttributes: [.font: UIFont.systemFont(ofSize: 13)])
        }
    }

    /// Stages the sticker in the active conversation, whose errors (a sticker file gone) the
    /// SDK logs as it does for `insert` with no handler.
    private func tapped() {
        guard let sticker = self.sticker,
            let controller = self.window?.rootViewController as? MSMessagesAppViewController,
            let conversation = controller.activeConversation
        else { return }
        conversation.insert(sticker)
    }

    open func startAnimating() { self.isAnimating = true }
    open func stopAnimating() { self.isAnimating = false }

    /// The element that draws the sticker, `side` points square; nil without a sticker.
    func element(side: Int) -> MSViewElement? {
        guard let sticker = self.sticker else { return nil }
        guard let data = FileManager.default.contents(atPath: sticker.imageFileURL.path) else {
            return .text(sticker.localizedDescription, style: .caption)
        }
        return .image(data, accessibilityLabel: sticker.localizedDescription, width: side, height: side)
    }
}
