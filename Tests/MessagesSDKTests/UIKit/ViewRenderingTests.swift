import DrawingReferences
import Foundation
import Testing

@testable import MessagesSDK

/// View trees drawn into images, as apps make their bubble images from views: each rendering
/// is compared with a reference PNG, and the points that must be a given colour are checked,
/// so that a wrong reference shows too.
@MainActor @Suite struct ViewRenderingTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "References")

    static func image(of view: UIView) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(bounds: view.bounds, format: format).image { context in
            view.layer.render(in: context.cgContext)
        }
    }

    /// A card: a rounded blue background with a white border, a label, a red square half
    /// transparent, a green square turned 45°, a yellow triangle (a shape layer) and a child
    /// clipped by its superview.
    static func card() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        card.layer.borderWidth = 4
        card.layer.borderColor = UIColor.white.cgColor
        let label = UILabel(frame: CGRect(x: 12, y: 8, width: 136, height: 24))
        label.text = "Ice cream"
        label.textColor = .white
        label.font = UIFont.boldSystemFont(ofSize: 17)
        label.textAlignment = .center
        card.addSubview(label)
        let red = UIView(frame: CGRect(x: 16, y: 48, width: 40, height: 40))
        red.backgroundColor = .red
        red.alpha = 0.5
        card.addSubview(red)
        let green = UIView(frame: CGRect(x: 70, y: 50, width: 28, height: 28))
        green.backgroundColor = .green
        green.transform = CGAffineTransform(rotationAngle: .pi / 4)
        card.addSubview(green)
        let triangle = CAShapeLayer()
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 120, y: 90))
        path.addLine(to: CGPoint(x: 150, y: 90))
        path.addLine(to: CGPoint(x: 135, y: 60))
        path.close()
        triangle.path = path.cgPath
        triangle.fillColor = UIColor.yellow.cgColor
        card.layer.addSublayer(triangle)
        let clip = UIView(frame: CGRect(x: 100, y: 96, width: 50, height: 16))
        clip.clipsToBounds = true
        clip.backgroundColor = .black
        let overflowing = UIView(frame: CGRect(x: 10, y: 4, width: 80, height: 40))
        overflowing.backgroundColor = .orange
        clip.addSubview(overflowing)
        card.addSubview(clip)
        return card
    }

    @Test func aViewTreeRendersItsLayersInOrder() throws {
        let image = Self.image(of: Self.card())
        #expect(image.size == CGSize(width: 160, height: 120))
        #expect(try ReferenceImage.rgba(image, x: 40, y: 100).isNear([0, 122, 255, 255]), "the background")
        #expect(try ReferenceImage.rgba(image, x: 1, y: 1)[3] == 0, "outside the rounded corner: transparent")
        #expect(
            try ReferenceImage.rgba(image, x: 80, y: 1).isNear([255, 255, 255, 255]), "the border, inside the bounds")
        #expect(
            try ReferenceImage.rgba(image, x: 36, y: 68).isNear([128, 61, 128, 255], within: 12), "half red over blue")
        #expect(try ReferenceImage.rgba(image, x: 84, y: 64).isNear([0, 255, 0, 255]), "the turned square's centre")
        #expect(
            try ReferenceImage.rgba(image, x: 84, y: 46).isNear([0, 255, 0, 255]),
            "its corner, turned up past its frame's old top")
        #expect(try ReferenceImage.rgba(image, x: 135, y: 84).isNear([255, 255, 0, 255]), "the shape layer")
        // The label's text is centred: as much blue left of its first white as right of its last.
        let row = try (12..<148).map { try ReferenceImage.rgba(image, x: $0, y: 20)[0] > 200 }
        let first = try #require(row.firstIndex(of: true))
        let last = try #require(row.lastIndex(of: true))
        #expect(abs(first - (row.count - 1 - last)) <= 3, "text from \(first) to \(last) of \(row.count)")
        #expect(
            try ReferenceImage.rgba(image, x: 140, y: 104).isNear([255, 128, 0, 255]),
            "the child inside its clipping superview")
        #expect(try ReferenceImage.rgba(image, x: 140, y: 114).isNear([0, 122, 255, 255]), "and not below it")
        try ReferenceImage.check(image, named: "card", in: Self.references)
    }

    /// A view of the app's that clears its rect and draws a line (as XOO's board does): the
    /// clear takes its own pixels only, the views behind it still show, and what it draws past
    /// its bounds is cut off, as its own backing store would be on iOS.
    @Test func anAppViewsDrawClearsOnlyItsOwnPixels() throws {
        final class Lines: UIView {
            override func draw(_ rect: CGRect) {
                guard let context = UIGraphicsGetCurrentContext() else { return }
                context.clear(rect)
                context.setStrokeColor(UIColor.white.cgColor)
                context.setLineWidth(4)
                context.move(to: CGPoint(x: 0, y: 20))
                context.addLine(to: CGPoint(x: 200, y: 20))
                context.strokePath()
            }
        }
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        back.backgroundColor = .red
        let lines = Lines(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
        lines.backgroundColor = .clear
        back.addSubview(lines)
        let image = Self.image(of: back)
        #expect(
            try ReferenceImage.rgba(image, x: 30, y: 40).isNear([255, 0, 0, 255]),
            "behind the cleared view: the red still shows")
        #expect(try ReferenceImage.rgba(image, x: 30, y: 30).isNear([255, 255, 255, 255]), "the view's line")
        #expect(try ReferenceImage.rgba(image, x: 85, y: 30).isNear([255, 0, 0, 255]), "its line stops at its bounds")
    }

    @Test func drawHierarchyScalesTheViewIntoTheRect() throws {
        let card = Self.card()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 60), format: format).image { _ in
            #expect(card.drawHierarchy(in: CGRect(x: 0, y: 0, width: 80, height: 60), afterScreenUpdates: true))
        }
        #expect(try ReferenceImage.rgba(image, x: 20, y: 50).isNear([0, 122, 255, 255]))
        #expect(try ReferenceImage.rgba(image, x: 42, y: 32).isNear([0, 255, 0, 255]))
        #expect(!card.drawHierarchy(in: .zero, afterScreenUpdates: false), "no current context: nothing drawn")
    }

    @Test func aLabelMeasuresAndAButtonRunsItsActions() {
        let label = UILabel()
        label.text = "Two scoops"
        let size = label.intrinsicContentSize
        #expect(size.width > 40 && size.height >= 17, "\(size)")
        label.sizeToFit()
        #expect(label.bounds.size == size)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = size.width / 2
        #expect(label.intrinsicContentSize.height > size.height, "wrapped, it takes two lines")

        var ran: [String] = []
        let button = UIButton(
            primaryAction: UIAction(title: "Send") { action in
                ran.append("primary \(action.sender === nil ? "no sender" : "sender")")
            })
        button.addAction(UIAction { _ in ran.append("up inside") }, for: .touchUpInside)
        #expect(button.currentTitle == "Send" && button.intrinsicContentSize.height == 30)
        button.tapped(at: .zero)
        #expect(ran == ["primary sender", "up inside"])
        button.isEnabled = false
        button.tapped(at: .zero)
        #expect(ran.count == 2, "a disabled button runs nothing")
        #expect(
            button.state == .disabled && button.title(for: .disabled) == "Send",
            "a state without its own title shows the normal one")

        var done = false
        UIView.animate(withDuration: 0.3, animations: { label.alpha = 0 }, completion: { finished in done = finished })
        #expect(label.alpha == 0 && done)
    }

    @Test func anImageViewPlacesItsImageByContentMode() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let size = CGSize(width: 20, height: 10)
        #expect(UIImageView.place(size, in: bounds, by: .scaleToFill) == bounds)
        #expect(UIImageView.place(size, in: bounds, by: .scaleAspectFit) == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(
            UIImageView.place(CGSize(width: 10, height: 10), in: bounds, by: .scaleAspectFit)
                == CGRect(x: 25, y: 0, width: 50, height: 50))
        #expect(
            UIImageView.place(CGSize(width: 10, height: 10), in: bounds, by: .scaleAspectFill)
                == CGRect(x: 0, y: -25, width: 100, height: 100))
        #expect(UIImageView.place(size, in: bounds, by: .center) == CGRect(x: 40, y: 20, width: 20, height: 10))
        #expect(UIImageView.place(size, in: bounds, by: .bottomRight) == CGRect(x: 80, y: 40, width: 20, height: 10))
        let view = UIImageView(
            image: UIGraphicsImageRenderer(size: size).image { context in
                context.fill(CGRect(origin: .zero, size: size))
            })
        #expect(view.bounds.size == size && view.intrinsicContentSize == size)
    }
}
