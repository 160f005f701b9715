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

/// `MSStickerView`: shows one `MSSticker`. Without UIKit it is drawn as an image element of
/// the controller's view (`MSViewElement`, PROTOCOL.md §4.9): the sticker file's bytes,
/// labelled with its description. Its file is read each time it is drawn, so an app may
/// replace the file behind a sticker; a file that cannot be read is drawn as its description.
///
/// Stickers do not animate here (the page draws the image as the browser does; an APNG or GIF
/// animates there on its own): `startAnimating()` and `stopAnimating()` only keep `isAnimating`.
@preconcurrency @MainActor
open class MSStickerView: UIView {
    open var sticker: MSSticker?
    /// Apple's `animationDuration`: 0 here, where no frames are decoded.
    open var animationDuration: TimeInterval { 0 }
    public private(set) var isAnimating = false

    public init(frame: CGRect, sticker: MSSticker?) {
        self.sticker = sticker
        super.init(frame: frame)
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, sticker: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
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
