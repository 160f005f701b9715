import Foundation
import Testing

@testable import MessagesSDK

/// A stack view's frames, by distribution and alignment, as UIKit documents them.
@MainActor @Suite struct UIStackViewTests {
    /// A view that wants `width` × `height`.
    final class Sized: UIView {
        var wanted: CGSize
        init(_ width: CGFloat, _ height: CGFloat) {
            self.wanted = CGSize(width: width, height: height)
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { self.wanted }
    }

    static func stack(_ views: [UIView], width: CGFloat = 300, height: CGFloat = 50) -> UIStackView {
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: width, height: height)
        return stack
    }

    @Test func fillStretchesTheViewThatHugsLeastAndTheFirstOfEquals() {
        let (a, b, c) = (Sized(40, 20), Sized(60, 30), Sized(50, 10))
        b.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let stack = Self.stack([a, b, c])
        stack.spacing = 10
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 40, height: 50))
        #expect(b.frame == CGRect(x: 50, y: 0, width: 190, height: 50), "the least hugging takes the room")
        #expect(c.frame == CGRect(x: 250, y: 0, width: 50, height: 50))
        b.setContentHuggingPriority(.defaultLow, for: .horizontal)
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        #expect(a.frame.width == 170, "equals: the first is stretched")
        #expect(stack.intrinsicContentSize == CGSize(width: 170, height: 30))
    }

    /// A view sized by its own constraints (`widthAnchor.constraint(equalToConstant:)`), as an
    /// image or sticker view in a column usually is: the stack gives it that size, centres it,
    /// and stretches another view, not it, to fill.
    @Test func anArrangedViewsOwnSizeConstraintsAreKept() {
        let (title, picture, button) = (Sized(120, 20), UIView(), Sized(60, 30))
        let stack = Self.stack([title, picture, button], width: 300, height: 300)
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 10
        NSLayoutConstraint.activate([
            picture.widthAnchor.constraint(equalToConstant: 200), picture.heightAnchor.constraint(equalToConstant: 200),
        ])
        #expect(stack.intrinsicContentSize == CGSize(width: 200, height: 270))
        stack.layoutIfNeeded()
        #expect(picture.frame == CGRect(x: 50, y: 60, width: 200, height: 200))
        #expect(
            title.frame == CGRect(x: 90, y: 0, width: 120, height: 50),
            "the free 30 points go to a view without a size of its own")
        #expect(button.frame == CGRect(x: 120, y: 270, width: 60, height: 30))
    }

    @Test func fillEquallyAndEqualSpacingAndAHiddenViewLeftOut() {
        let (a, b, c) = (Sized(40, 20), Sized(60, 30), Sized(50, 10))
        let stack = Self.stack([a, b, c])
        stack.distribution = .fillEqually
        stack.spacing = 15
        stack.layoutIfNeeded()
        #expect([a, b, c].map(\.frame.width) == [90, 90, 90] && c.frame.minX == 210)
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        #expect(
            a.frame.minX == 0 && b.frame.minX == 115 && c.frame.minX == 250, "the free 150 points in two equal gaps")
        b.isHidden = true
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        #expect(c.frame.minX == 250 && a.frame.width == 40, "a hidden view takes no place")
        stack.setCustomSpacing(4, after: a)
        stack.distribution = .fill
        stack.layoutIfNeeded()
        #expect(c.frame.minX == 44 + a.frame.width - 40)
    }

    @Test func aColumnAlignsItsViewsAcross() {
        let (a, b) = (Sized(40, 20), Sized(60, 30))
        let stack = Self.stack([a, b], width: 100, height: 200)
        stack.axis = .vertical
        stack.alignment = .center
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 30, y: 0, width: 40, height: 20))
        #expect(b.frame == CGRect(x: 20, y: 170, width: 60, height: 30))
        stack.alignment = .trailing
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 50, y: 10, width: 40, height: 20))
        #expect(stack.arrangedSubviews.count == 2 && !a.translatesAutoresizingMaskIntoConstraints)
        a.removeFromSuperview()
        #expect(stack.arrangedSubviews.count == 1)
    }

    @Test func aStackPinnedByConstraintsArrangesWithinTheSizeLayoutGaveIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        let (a, b) = (Sized(40, 20), Sized(60, 30))
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.distribution = .fillEqually
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 300, height: 30), "its height is its content's")
        #expect(a.frame == CGRect(x: 0, y: 0, width: 150, height: 30) && b.frame.minX == 150)
    }
}
