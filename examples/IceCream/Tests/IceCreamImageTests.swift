import DrawingReferences
import Foundation
import MessagesSDK
import Testing

@testable import IceCreamExtension

/// The ice cream's pictures, composed from its part images with UIKit's calls on Cairo
/// (IceCream+Image.swift), against committed reference PNGs (Tests/References).
@Suite @MainActor struct IceCreamImageTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "References")

    static var finished: IceCream {
        var iceCream = IceCream()
        iceCream.base = .waffle
        iceCream.scoops = .strawberry
        iceCream.topping = .sprinkles
        return iceCream
    }

    @Test func theBubbleImageIsOpaqueAndMatchesItsReference() throws {
        let image = Self.finished.renderImage(side: 300, opaque: true)
        #expect(image.size == CGSize(width: 300, height: 300) && image.scale == 1)
        #expect(try ReferenceImage.rgba(image, x: 4, y: 4).isNear([0xE8, 0xF4, 0xFB, 255]))  // the background
        try ReferenceImage.check(image, named: "bubble-waffle-strawberry-sprinkles", in: Self.references)
    }

    @Test func theStickerIsTransparentAroundTheIceCream() throws {
        let image = Self.finished.renderImage(side: 400, opaque: false)
        #expect(try ReferenceImage.rgba(image, x: 4, y: 4)[3] == 0)
        #expect(try ReferenceImage.rgba(image, x: 200, y: 240)[3] == 255)  // the cone
        try ReferenceImage.check(image, named: "sticker-waffle-strawberry-sprinkles", in: Self.references)
        // Within Messages' sticker rules: a PNG of at most 500 KB.
        let png = try #require(image.pngData())
        #expect(png.count < 500 * 1024)
    }

    @Test func everyPartCombinationDraws() {
        for base in Base.allCases {
            for scoops in Scoops.allCases {
                for topping in Topping.allCases {
                    var iceCream = IceCream()
                    (iceCream.base, iceCream.scoops, iceCream.topping) = (base, scoops, topping)
                    #expect(iceCream.pngData(side: 150, opaque: false).count > 100)
                }
            }
        }
        #expect(IceCream().renderImage(side: 0, opaque: true).size == .zero)
    }
}
