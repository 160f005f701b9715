import Foundation
import Testing

@testable import MessagesSDK

/// UIKit's view geometry and hit-testing, as UIKit documents them.
@MainActor @Suite struct UIViewTests {
    @Test func frameBoundsAndCenterFollowEachOther() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        // A transform turns the frame about the centre; bounds and centre stay.
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == CGRect(x: 0, y: 50, width: 200, height: 100))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(view.frame.width - 50) < 1e-9 && abs(view.frame.height - 100) < 1e-9)
        // A frame that is not finite is refused, and the view stays where it was.
        view.transform = .identity
        view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
    }

    /// A view without a tint of its own takes its superview's, as UIKit's views do.
    @Test func tintColorIsInheritedDownTheTree() {
        let root = UIView(frame: .zero)
        let child = UIView(frame: .zero)
        let grandchild = UIView(frame: .zero)
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.tintColor == UIColor.systemBlue)
        root.tintColor = .white
        #expect(grandchild.tintColor == UIColor.white)
        child.tintColor = .red
        #expect(grandchild.tintColor == UIColor.red && root.tintColor == UIColor.white)
        child.tintColor = nil
        #expect(grandchild.tintColor == UIColor.white)
    }

    @Test func pointsConvertThroughBoundsOriginsAndTransforms() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let inner = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(inner)
        #expect(inner.convert(CGPoint(x: 10, y: 10), to: root) == CGPoint(x: 110, y: 110))
        #expect(root.convert(CGPoint(x: 110, y: 110), to: inner) == CGPoint(x: 10, y: 10))
        // Scrolling the superview (its bounds origin) moves what is inside it.
        root.bounds.origin = CGPoint(x: 0, y: 50)
        #expect(inner.convert(CGPoint.zero, to: root) == CGPoint(x: 100, y: 100))
        #expect(
            inner.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 100),
            "nil: the root's own coordinates, as the window's")
        // Scaled twice about its centre (150, 150): its corner lands at (50, 50).
        root.bounds.origin = .zero
        inner.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(inner.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 50))
        #expect(
            inner.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: root)
                == CGRect(x: 50, y: 50, width: 200, height: 200))
    }

    @Test func hitTestingFindsTheTopmostVisibleInteractiveViewUnderThePoint() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let button = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        root.addSubview(back)
        root.addSubview(front)
        front.addSubview(button)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front, "the later subview is on top")
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === button)
        #expect(root.hitTest(CGPoint(x: 350, y: 10), with: nil) == nil, "outside the root: nothing")

        button.isHidden = true
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === front, "a hidden view is passed over")
        button.isHidden = false
        button.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === front, "so is one with interaction off")
        button.isUserInteractionEnabled = true
        button.alpha = 0.001
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === front, "and a nearly transparent one")
        button.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === back, "interaction off takes the subviews with it")
        front.isUserInteractionEnabled = true

        // A subview outside its superview's bounds is not hit there, clipped or not: the
        // point falls through to the root.
        let outside = UIView(frame: CGRect(x: 90, y: 90, width: 50, height: 50))
        front.addSubview(outside)
        #expect(root.hitTest(CGPoint(x: 210, y: 210), with: nil) === root)
        front.clipsToBounds = true
        #expect(root.hitTest(CGPoint(x: 210, y: 210), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 195, y: 195), with: nil) === outside, "inside both, it is hit")

        // A transformed view is hit where it is drawn: scaled twice about its centre.
        front.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(root.hitTest(CGPoint(x: 60, y: 60), with: nil) === front)
        #expect(
            root.hitTest(CGPoint(x: 75, y: 75), with: nil) === button, "the button's corner (10, 10) is at (70, 70) now"
        )
    }

    @Test func aViewCannotBeItsOwnSubviewOrAncestor() {
        let root = UIView()
        let child = UIView()
        let grandchild = UIView()
        root.addSubview(child)
        child.addSubview(grandchild)
        root.addSubview(root)
        grandchild.addSubview(root)
        #expect(root.superview == nil && root.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        #expect(grandchild.subviews.isEmpty)
        // Moving a view moves it; adding it again to the same view puts it on top.
        let other = UIView()
        root.addSubview(other)
        root.addSubview(child)
        #expect(root.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(other), ObjectIdentifier(child)])
        other.addSubview(grandchild)
        #expect(grandchild.superview === other && child.subviews.isEmpty)
        grandchild.tag = 7
        #expect(root.viewWithTag(7) === grandchild)
        grandchild.removeFromSuperview()
        #expect(root.viewWithTag(7) == nil && grandchild.superview == nil)
    }

    /// Built leaf first, as each `addSubview` checks the new superview's ancestors (UIKit's
    /// refusal of a loop), which top down would make the building itself quadratic.
    @Test func aTreeTenThousandViewsDeepIsLaidOutSearchedAndHitTested() {
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        leaf.tag = 10_000
        var top = leaf
        for depth in stride(from: 9_999, through: 0, by: -1) {
            let next = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            next.tag = depth
            next.addSubview(top)
            top = next
        }
        top.layoutIfNeeded()
        #expect(top.viewWithTag(10_000) === leaf)
        #expect(leaf.isDescendant(of: top))
        #expect(top.hitTest(CGPoint(x: 50, y: 50), with: nil) === leaf)
        #expect(leaf.convert(CGPoint(x: 1, y: 1), to: top) == CGPoint(x: 1, y: 1))
    }
}
