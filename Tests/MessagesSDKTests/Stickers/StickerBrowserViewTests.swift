import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// The sticker browser's grid and the touches that pick from it (a real daemon draws and
/// drives it in Tests/IntegrationTests/StickerBrowserTests.swift).
@MainActor @Suite struct StickerBrowserViewTests {
    final class Source: MSStickerBrowserViewDataSource {
        var stickers: [MSSticker]
        var asked = 0
        init(_ stickers: [MSSticker]) { self.stickers = stickers }
        func numberOfStickers(in stickerBrowserView: MSStickerBrowserView) -> Int {
            self.asked += 1
            return self.stickers.count
        }
        func stickerBrowserView(_ stickerBrowserView: MSStickerBrowserView, stickerAt index: Int) -> MSSticker {
            self.stickers[index]
        }
    }

    static func stickers(_ count: Int) throws -> [MSSticker] {
        let file = UIImageTests.resources.appendingPathComponent("cone.png")
        return try (0..<count).map {
            try MSSticker(contentsOfFileURL: file, localizedDescription: $0 == 1 ? "" : "Cone \($0)")
        }
    }

    @Test func applesRawValuesAndSizes() {
        #expect(MSStickerSize.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(MSStickerSize.allCases.map(\.side) == [100, 136, 206])
    }

    @Test func reloadAsksTheDataSourceAndLaysOutRowsOfImagesAndButtons() throws {
        let browser = MSStickerBrowserView(frame: .zero, stickerSize: .regular)
        let source = Source(try Self.stickers(5))
        browser.dataSource = source
        browser.reloadData()  // no controller: nothing drawn, but loaded
        #expect(source.asked == 1 && browser.stickers.count == 5)
        let elements = browser.elements()
        // Three a line: [images 0–2], [buttons 0–2], [images 3–4], [buttons 3–4].
        #expect(elements.count == 4)
        guard case .row(let firstImages) = elements[0].kind, case .row(let firstButtons) = elements[1].kind,
            case .row(let lastButtons) = elements[3].kind
        else {
            Issue.record("not rows: \(elements)")
            return
        }
        let png = try Data(contentsOf: UIImageTests.resources.appendingPathComponent("cone.png"))
        #expect(firstImages[0] == .image(png, accessibilityLabel: "Cone 0", width: 136, height: 136))
        // An empty description still gives the button a title.
        #expect(
            firstButtons[1] == .button(id: "sticker-1", title: "Sticker 2", payload: .object(["sticker": .number(1)])))
        #expect(lastButtons.count == 2)
    }

    @Test func aTouchPicksTheStickerItsButtonNames() throws {
        let browser = MSStickerBrowserView(frame: .zero, stickerSize: .small)
        let source = Source(try Self.stickers(3))
        browser.dataSource = source
        browser.reloadData()
        #expect(browser.sticker(for: MSTouch(payload: .null, button: "sticker-2"))?.localizedDescription == "Cone 2")
        #expect(browser.sticker(for: MSTouch(payload: .null, button: "sticker-3")) == nil)  // no such sticker
        #expect(browser.sticker(for: MSTouch(payload: .null, button: "sticker-x")) == nil)
        #expect(browser.sticker(for: MSTouch(payload: .null, button: "add")) == nil)  // the app's own button
        #expect(browser.sticker(for: MSTouch(payload: .null)) == nil)  // a plain touch
    }

    @Test func atMostEightyStickersAreDrawnWithinTheViewsElementLimit() throws {
        let browser = MSStickerBrowserView(frame: .zero, stickerSize: .large)
        let source = Source(try Self.stickers(100))
        browser.dataSource = source
        browser.reloadData()
        #expect(browser.stickers.count == 80)
        func count(_ elements: [MSViewElement]) -> Int {
            elements.reduce(0) { total, element in
                if case .row(let children) = element.kind { return total + 1 + count(children) }
                return total + 1
            }
        }
        #expect(count(browser.elements()) <= 256)
    }

    @Test func aStickerViewDrawsItsFileOrItsDescription() throws {
        let view = MSStickerView(frame: .zero)
        #expect(view.element(side: 100) == nil)
        view.sticker = try MSSticker(
            contentsOfFileURL: URL(fileURLWithPath: "/nonexistent.png"), localizedDescription: "gone")
        #expect(view.element(side: 100) == .text("gone", style: .caption))
        view.startAnimating()
        #expect(view.isAnimating && view.animationDuration == 0)
    }
}
