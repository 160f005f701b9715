import Foundation

/// Draws an ice cream as a PNG: the bubble's image (opaque) and the sticker (transparent).
/// Apple's sample composes artwork images with UIKit; here a few flat shapes stand in for them.
enum IceCreamRenderer {
    /// Palette indices. 0 is the background: transparent in stickers.
    private enum Ink: UInt8, CaseIterable {
        case background, cone, waffleLine, cup, cupStripe
        case vanilla, chocolate, strawberry, mint
        case sprinkleRed, sprinkleBlue, sprinkleYellow, cherry, stem, nut, sauce

        var rgb: (UInt8, UInt8, UInt8) {
            switch self {
            case .background: (0xE8, 0xF4, 0xFB)
            case .cone: (0xE0, 0xA8, 0x5C)
            case .waffleLine: (0xA8, 0x6E, 0x2C)
            case .cup: (0xF2, 0xF2, 0xF2)
            case .cupStripe: (0xE8, 0x4A, 0x6F)
            case .vanilla: (0xFB, 0xF1, 0xD0)
            case .chocolate: (0x7B, 0x4A, 0x2D)
            case .strawberry: (0xF6, 0xA5, 0xC0)
            case .mint: (0xA8, 0xE6, 0xCF)
            case .sprinkleRed: (0xE5, 0x39, 0x35)
            case .sprinkleBlue: (0x1E, 0x88, 0xE5)
            case .sprinkleYellow: (0xFD, 0xD8, 0x35)
            case .cherry: (0xC6, 0x28, 0x28)
            case .stem: (0x55, 0x8B, 0x2F)
            case .nut: (0xC8, 0x9B, 0x6D)
            case .sauce: (0x4E, 0x2A, 0x14)
            }
        }
    }

    /// A `side`×`side` PNG of `iceCream` (whatever parts it has so far).
    static func png(of iceCream: IceCream, side: Int, opaque: Bool) -> Data {
        var canvas = PixelCanvas(side: side, fill: Ink.background.rawValue)
        if let base = iceCream.base { Self.draw(base, on: &canvas) }
        if let scoops = iceCream.scoops { Self.draw(scoops, on: &canvas) }
        if let topping = iceCream.topping { Self.draw(topping, on: &canvas) }
        return PNGEncoder.encode(width: side, height: side, pixels: canvas.pixels, palette: Ink.allCases.map(\.rgb), transparentIndexZero: !opaque)
    }

    private static func draw(_ base: Base, on canvas: inout PixelCanvas) {
        switch base {
        case .cone, .waffle:
            canvas.fillTaper(top: 215, bottom: 392, topLeft: 120, topRight: 280, bottomLeft: 198, bottomRight: 202, color: Ink.cone.rawValue)
            let spacing: Double = base == .waffle ? 22 : 34
            var y = 230.0
            while y < 380 {
                let half = 80 * (392 - y) / 177
                canvas.fillRect(x: 200 - half, y: y, width: 2 * half, height: 3, color: Ink.waffleLine.rawValue)
                y += spacing
            }
        case .cup:
            canvas.fillTaper(top: 225, bottom: 385, topLeft: 110, topRight: 290, bottomLeft: 145, bottomRight: 255, color: Ink.cup.rawValue)
            for x in stride(from: 130.0, to: 270, by: 35) {
                canvas.fillTaper(top: 225, bottom: 385, topLeft: x, topRight: x + 14, bottomLeft: 150 + (x - 110) * 0.58, bottomRight: 158 + (x - 110) * 0.58, color: Ink.cupStripe.rawValue)
            }
        }
    }

    private static func draw(_ scoops: Scoops, on canvas: inout PixelCanvas) {
        let ink: Ink =
            switch scoops {
            case .vanilla: .vanilla
            case .chocolate: .chocolate
            case .strawberry: .strawberry
            case .mint: .mint
            }
        canvas.fillCircle(centerX: 200, centerY: 180, radius: 88, color: ink.rawValue)
        canvas.fillCircle(centerX: 200, centerY: 105, radius: 64, color: ink.rawValue)
    }

    private static func draw(_ topping: Topping, on canvas: inout PixelCanvas) {
        switch topping {
        case .sprinkles:
            let colors: [Ink] = [.sprinkleRed, .sprinkleBlue, .sprinkleYellow]
            for (index, (x, y)) in Self.scatter.enumerated() {
                canvas.fillRect(x: x, y: y, width: index % 2 == 0 ? 14 : 5, height: index % 2 == 0 ? 5 : 14, color: colors[index % 3].rawValue)
            }
        case .chocolate:
            canvas.fillCircle(centerX: 200, centerY: 88, radius: 52, color: Ink.sauce.rawValue)
            for x in [160.0, 190, 222] {
                canvas.fillTaper(top: 100, bottom: 170 + (x - 160), topLeft: x, topRight: x + 16, bottomLeft: x + 4, bottomRight: x + 12, color: Ink.sauce.rawValue)
            }
        case .cherry:
            canvas.fillRect(x: 206, y: 8, width: 5, height: 30, color: Ink.stem.rawValue)
            canvas.fillCircle(centerX: 200, centerY: 45, radius: 24, color: Ink.cherry.rawValue)
        case .nuts:
            for (x, y) in Self.scatter { canvas.fillRect(x: x, y: y, width: 10, height: 8, color: Ink.nut.rawValue) }
        }
    }

    /// Fixed spots over the scoops, so the same ice cream always draws the same picture.
    private static let scatter: [(Double, Double)] = [
        (170, 60), (215, 72), (190, 95), (150, 120), (235, 115), (200, 135), (130, 165), (260, 160),
        (175, 175), (225, 185), (150, 210), (245, 215), (195, 225), (120, 195), (275, 195),
    ]
}
