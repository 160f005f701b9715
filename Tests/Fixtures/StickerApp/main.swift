import MessagesSDK

/// A fixture iMessage app written as iOS code is: a sticker browser of the files in its
/// resources (`Resources/` in its working directory, or `MSGHOST_RESOURCES`), and images by
/// name from there, for Tests/IntegrationTests/NamedImageTests.swift and StickerBrowserTests.swift.
///
/// Activating a sticker's button (`sticker-0`, `sticker-1`) inserts it (the browser does).
/// Touch `{"addSticker": "name.png"}` adds a sticker of that resource file (which need not
/// exist) to the data source, for the sticker drawer's tests (StickerDrawerTests.swift).
/// Touch `{"image": "cone"}` inserts a bubble whose layout image is `UIImage(named: "cone")`,
/// captioned with the image's size in points ("320×300"), or "no image called cone".
final class StickerBrowser: MSStickerBrowserViewController {
    var stickers: [MSSticker] = []

    /// As sticker apps do: MSStickers made from their files, by name.
    func loadStickers() {
        for (file, description) in [("cone.png", "A cone"), ("cup@2x.png", "A cup")] {
            let url = UIImage.resourcesDirectory().appendingPathComponent(file)
            do {
                self.stickers.append(try MSSticker(contentsOfFileURL: url, localizedDescription: description))
            } catch {
                print("no sticker \(file): \(error)")
            }
        }
    }

    override func numberOfStickers(in stickerBrowserView: MSStickerBrowserView) -> Int { self.stickers.count }

    override func stickerBrowserView(_ stickerBrowserView: MSStickerBrowserView, stickerAt index: Int) -> MSSticker {
        self.stickers[index]
    }
}

final class StickerAppViewController: MSMessagesAppViewController {
    private(set) lazy var browser = StickerBrowser(stickerSize: .large)

    override func viewDidLoad() {
        super.viewDidLoad()
        self.addChildViewController(self.browser)
        self.browser.loadStickers()
        self.browser.stickerBrowserView.reloadData()
    }

    override func didReceiveTouch(payload: JSONValue) {
        if case .object(let touch) = payload, case .string(let file) = touch["addSticker"] {
            let url = UIImage.resourcesDirectory().appendingPathComponent(file)
            if let sticker = try? MSSticker(contentsOfFileURL: url, localizedDescription: file) {
                self.browser.stickers.append(sticker)
            }
            return
        }
        guard case .object(let touch) = payload, case .string(let name) = touch["image"] else { return }
        let layout = MSMessageTemplateLayout()
        if let image = UIImage(named: name) {
            layout.image = image
            layout.caption = "\(Int(image.size.width))×\(Int(image.size.height))"
        } else {
            layout.caption = "no image called \(name)"
        }
        let message = MSMessage()
        message.layout = layout
        self.activeConversation?.insert(message) { error in
            if let error { print("insert failed: \(error)") }
        }
    }
}

MSExtensionMain.run { StickerAppViewController() }
