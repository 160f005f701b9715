import Foundation
import MessagesSDK

/// The part images of an ice cream, as the artwork files of Apple's sample are: a base, the
/// scoops and a topping, each drawn once with UIKit's calls into an image of its own (here in
/// code, since this example ships no artwork). `IceCream+Image.swift` composes them.
enum IceCreamArt {
    /// Each part's image size in points; parts are drawn at scale 2 so that a sticker up to
    /// 400 px stays sharp.
    static let baseSize = CGSize(width: 200, height: 190)
    static let scoopsSize = CGSize(width: 200, height: 200)
    static let toppingSize = CGSize(width: 200, height: 200)

    private static func draw(_ size: CGSize, _ actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIGraphicsImageRenderer(size: size).image(actions: actions)
    }

    private static func rgb(_ hex: Int) -> UIColor {
        UIColor(
            red: CGFloat(hex >> 16 & 0xFF) / 255, green: CGFloat(hex >> 8 & 0xFF) / 255,
            blue: CGFloat(hex & 0xFF) / 255, alpha: 1)
    }

    /// Any part's image, for the builder's cells.
    static func image(for part: any IceCreamPart) -> UIImage {
        switch part {
        case let base as Base: self.image(for: base)
        case let scoops as Scoops: self.image(for: scoops)
        case let topping as Topping: self.image(for: topping)
        default: UIImage()
        }
    }

    static func image(for base: Base) -> UIImage {
        self.draw(baseSize) { context in
            switch base {
            case .cone, .waffle:
                let cone = UIBezierPath()
                cone.move(to: CGPoint(x: 10, y: 8))
                cone.addLine(to: CGPoint(x: 190, y: 8))
                cone.addLine(to: CGPoint(x: 104, y: 186))
                cone.addLine(to: CGPoint(x: 96, y: 186))
                cone.close()
                rgb(0xE0A85C).setFill()
                cone.fill()
                // The waffle pattern: lines across, clipped to the cone, closer on a waffle.
                context.cgContext.saveGState()
                cone.addClip()
                let pattern = UIBezierPath()
                let spacing: CGFloat = base == .waffle ? 18 : 30
                for offset in stride(from: -200, to: 200, by: spacing) {
                    pattern.move(to: CGPoint(x: offset, y: 0))
                    pattern.addLine(to: CGPoint(x: offset + 190, y: 190))
                    pattern.move(to: CGPoint(x: offset + 190, y: 0))
                    pattern.addLine(to: CGPoint(x: offset, y: 190))
                }
                pattern.lineWidth = base == .waffle ? 3 : 2
                rgb(0xA86E2C).setStroke()
                pattern.stroke()
                context.cgContext.restoreGState()
            case .cup:
                let cup = UIBezierPath()
                cup.move(to: CGPoint(x: 4, y: 18))
                cup.addLine(to: CGPoint(x: 196, y: 18))
                cup.addLine(to: CGPoint(x: 160, y: 176))
                cup.addQuadCurve(to: CGPoint(x: 40, y: 176), controlPoint: CGPoint(x: 100, y: 186))
                cup.close()
                rgb(0xF2F2F2).setFill()
                cup.fill()
                context.cgContext.saveGState()
                cup.addClip()
                rgb(0xE84A6F).setFill()
                for x in stride(from: 12, to: 200, by: 40) {
                    let stripe = UIBezierPath()
                    stripe.move(to: CGPoint(x: CGFloat(x), y: 18))
                    stripe.addLine(to: CGPoint(x: CGFloat(x) + 16, y: 18))
                    stripe.addLine(to: CGPoint(x: 100 + (CGFloat(x) + 16 - 100) * 0.62, y: 190))
                    stripe.addLine(to: CGPoint(x: 100 + (CGFloat(x) - 100) * 0.62, y: 190))
                    stripe.close()
                    stripe.fill()
                }
                context.cgContext.restoreGState()
                let rim = UIBezierPath(roundedRect: CGRect(x: 0, y: 8, width: 200, height: 16), cornerRadius: 6)
                rgb(0xD8D8D8).setFill()
                rim.fill()
            }
        }
    }

    static func image(for scoops: Scoops) -> UIImage {
        let color: UIColor =
            switch scoops {
            case .vanilla: rgb(0xFBF1D0)
            case .chocolate: rgb(0x7B4A2D)
            case .strawberry: rgb(0xF6A5C0)
            case .mint: rgb(0xA8E6CF)
            }
        return self.draw(scoopsSize) { _ in
            color.setFill()
            UIColor(white: 0, alpha: 0.12).setStroke()
            for oval in [CGRect(x: 12, y: 70, width: 176, height: 128), CGRect(x: 36, y: 6, width: 128, height: 112)] {
                let scoop = UIBezierPath(ovalIn: oval)
                scoop.fill()
                scoop.lineWidth = 3
                scoop.stroke()
            }
            // A highlight on each scoop.
            UIColor(white: 1, alpha: 0.35).setFill()
            UIBezierPath(ovalIn: CGRect(x: 52, y: 24, width: 30, height: 18)).fill()
            UIBezierPath(ovalIn: CGRect(x: 36, y: 96, width: 40, height: 20)).fill()
        }
    }

    /// Fixed spots over the scoops, so the same ice cream always draws the same picture.
    private static let scatter: [CGPoint] = [
        (70, 40), (115, 52), (90, 75), (50, 100), (135, 95), (100, 115), (30, 145), (160, 140),
        (75, 155), (125, 165), (50, 180), (145, 185), (95, 190),
    ].map { CGPoint(x: $0.0, y: $0.1) }

    static func image(for topping: Topping) -> UIImage {
        self.draw(toppingSize) { context in
            switch topping {
            case .sprinkles:
                let colors = [rgb(0xE53935), rgb(0x1E88E5), rgb(0xFDD835)]
                for (index, spot) in scatter.enumerated() {
                    colors[index % 3].setFill()
                    let size = index % 2 == 0 ? CGSize(width: 14, height: 5) : CGSize(width: 5, height: 14)
                    UIBezierPath(roundedRect: CGRect(origin: spot, size: size), cornerRadius: 2.5).fill()
                }
            case .chocolate:
                let sauce = UIBezierPath()
                sauce.move(to: CGPoint(x: 40, y: 40))
                sauce.addCurve(
                    to: CGPoint(x: 160, y: 40), controlPoint1: CGPoint(x: 60, y: -10),
                    controlPoint2: CGPoint(x: 140, y: -10))
                for (x, drip) in [(150.0, 40.0), (120, 70), (90, 55), (60, 80)] {
                    sauce.addLine(to: CGPoint(x: x, y: 40 + drip))
                    sauce.addArc(
                        withCenter: CGPoint(x: x - 6, y: 40 + drip), radius: 6, startAngle: 0, endAngle: .pi,
                        clockwise: true)
                }
                sauce.close()
                rgb(0x4E2A14).setFill()
                sauce.fill()
            case .cherry:
                rgb(0x558B2F).setStroke()
                let stem = UIBezierPath()
                stem.move(to: CGPoint(x: 100, y: 20))
                stem.addQuadCurve(to: CGPoint(x: 118, y: -4), controlPoint: CGPoint(x: 102, y: 2))
                stem.lineWidth = 4
                stem.stroke()
                rgb(0xC62828).setFill()
                context.cgContext.fillEllipse(in: CGRect(x: 78, y: 14, width: 44, height: 40))
            case .nuts:
                rgb(0xC89B6D).setFill()
                for spot in scatter {
                    UIBezierPath(ovalIn: CGRect(origin: spot, size: CGSize(width: 11, height: 8))).fill()
                }
            }
        }
    }
}
