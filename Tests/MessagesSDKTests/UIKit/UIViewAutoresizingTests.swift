import Foundation
import Testing

@testable import MessagesSDK

/// UIKit's autoresizing: a subview whose frame is its own follows its superview's size by its
/// mask, the change shared among its flexible parts in proportion to their sizes.
@MainActor @Suite struct UIViewAutoresizingTests {
    @Test func aFlexibleSizeTakesTheWholeChange() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let fill = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        superview.addSubview(fill)
        superview.addSubview(fixed)
        superview.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        #expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 130))
        #expect(fixed.frame == CGRect(x: 5, y: 5, width: 10, height: 10), "no mask: the frame stays")
    }

    @Test func flexibleMarginsShareTheChangeInProportion() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let centred = UIView(frame: CGRect(x: 10, y: 40, width: 20, height: 20))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleBottomMargin]
        superview.addSubview(centred)
        superview.bounds.size = CGSize(width: 180, height: 60)
        // Margins 10 and 70 share 80: 10 more on the left; the bottom margin (40) takes all of -40.
        #expect(centred.frame == CGRect(x: 20, y: 40, width: 20, height: 20))
    }

    @Test func aViewFilledFromNothingAndOneLaidOutByConstraintsAndASuperviewThatDoesNotResize() {
        let superview = UIView(frame: .zero)
        let grown = UIView(frame: CGRect(x: 0, y: -2, width: 0, height: 2))
        grown.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let constrained = UIView(frame: CGRect(x: 1, y: 1, width: 1, height: 1))
        constrained.autoresizingMask = [.flexibleWidth]
        constrained.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(grown)
        superview.addSubview(constrained)
        superview.frame = CGRect(x: 0, y: 0, width: 90, height: 40)
        #expect(grown.frame == CGRect(x: 0, y: -2, width: 90, height: 42))
        #expect(constrained.frame == CGRect(x: 1, y: 1, width: 1, height: 1), "layout gives it its frame, not its mask")
        superview.autoresizesSubviews = false
        superview.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(grown.frame == CGRect(x: 0, y: -2, width: 90, height: 42))
    }
}

/// A view that keeps its frame inside one that constraints place, with constrained views
/// inside it (a visual effect view's content, as Xcode 8 writes it): one layout places all.
@MainActor @Suite struct AutoresizingInLayoutTests {
    @Test func aMaskedViewBetweenConstrainedOnesIsPlacedInOneLayout() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let card = UIView(frame: .zero)
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        let fill = UIView(frame: .zero)
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        card.addSubview(fill)
        let content = UIView(frame: .zero)
        content.translatesAutoresizingMaskIntoConstraints = false
        fill.addSubview(content)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            card.widthAnchor.constraint(equalToConstant: 120), card.heightAnchor.constraint(equalToConstant: 40),
            content.leadingAnchor.constraint(equalTo: fill.leadingAnchor, constant: 10),
            content.trailingAnchor.constraint(equalTo: fill.trailingAnchor),
            content.topAnchor.constraint(equalTo: fill.topAnchor),
            content.bottomAnchor.constraint(equalTo: fill.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 90, y: 80, width: 120, height: 40))
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 120, height: 40))
        #expect(content.frame == CGRect(x: 10, y: 0, width: 110, height: 40))
    }
}
