import Foundation

/// `MSStickerBrowserViewDataSource`: what a sticker browser shows, asked each time it reloads.
@preconcurrency @MainActor
public protocol MSStickerBrowserViewDataSource: AnyObject {
    func numberOfStickers(in stickerBrowserView: MSStickerBrowserView) -> Int
    func stickerBrowserView(_ stickerBrowserView: MSStickerBrowserView, stickerAt index: Int) -> MSSticker
}

/// `MSStickerBrowserView`: a grid of the data source's stickers, drawn as the view of the
/// controller it belongs to (`setView`, PROTOCOL.md §4.9): per sticker an image and a button
/// (`sticker-<index>`) the user activates to pick it, which inserts the sticker into the
/// input field as tapping one does in Messages.
@preconcurrency @MainActor
open class MSStickerBrowserView: UIView {
    public let stickerSize: MSStickerSize
    open weak var dataSource: (any MSStickerBrowserViewDataSource)?
    /// Set by the controller the browser is shown in: where `reloadData()` draws.
    weak var host: MSMessagesAppViewController?
    /// The stickers as last loaded, by index: what a button's index names.
    private(set) var stickers: [MSSticker] = []

    /// The most stickers drawn: with two elements each (image, button) and two rows a line, 80
    /// large stickers (two a line) make 240 elements, within the host's 256 (PROTOCOL.md §4.9);
    /// more are not drawn, and the log says so.
    static let maximumStickers = 80

    public init(frame: CGRect, stickerSize: MSStickerSize) {
        self.stickerSize = stickerSize
        super.init(frame: frame)
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, stickerSize: .regular)
    }

    public required init?(coder: NSCoder) {
        self.stickerSize = .regular
        super.init(coder: coder)
    }

    /// Asks the data source again and redraws. A count below zero draws nothing.
    open func reloadData() {
        let (count, stickers) = self.askDataSource(upTo: Self.maximumStickers)
        if count > Self.maximumStickers {
            HostConnection.log(
                "the sticker browser draws the first \(Self.maximumStickers) of \(count) stickers (the view's limit of 256 elements)"
            )
        }
        self.stickers = stickers
        self.host?.setView(self.elements()) { error in
            if let error { HostConnection.log("the sticker browser could not be drawn: \(error)") }
        }
    }

    /// The data source's stickers, the first `limit` of them: `numberOfStickers(in:)`, then
    /// `stickerBrowserView(_:stickerAt:)` for each index, as UIKit asks.
    /// Also returns the count the data source gave (zero for a negative one).
    func askDataSource(upTo limit: Int) -> (count: Int, stickers: [MSSticker]) {
        let count = max(0, self.dataSource.map { $0.numberOfStickers(in: self) } ?? 0)
        return (
            count,
            (0..<min(count, limit)).compactMap { index in self.dataSource?.stickerBrowserView(self, stickerAt: index) }
        )
    }

    /// The grid: rows of `stickerSize.columns` cells, each an image above a button.
    func elements() -> [MSViewElement] {
        let cells = self.stickers.enumerated().map { index, sticker in
            (
                image: MSStickerView(frame: .zero, sticker: sticker).element(side: self.stickerSize.side)!,
                button: MSViewElement.button(
                    id: "sticker-\(index)",
                    title: sticker.localizedDescription.isEmpty ? "Sticker \(index + 1)" : sticker.localizedDescription,
                    payload: .object(["sticker": .number(Double(index))]))
            )
        }
        let columns = self.stickerSize.columns
        return stride(from: 0, to: cells.count, by: columns).flatMap { start in
            let line = cells[start..<min(start + columns, cells.count)]
            return [MSViewElement.row(line.map { $0.image }), .row(line.map { $0.button })]
        }
    }

    /// The sticker a touch picked: a button of this browser, by the index in its id.
    func sticker(for touch: MSTouch) -> MSSticker? {
        guard let button = touch.button, button.hasPrefix("sticker-"),
            let index = Int(button.dropFirst("sticker-".count)),
            self.stickers.indices.contains(index)
        else { return nil }
        return self.stickers[index]
    }
}
