import Foundation
import Testing

@testable import MessagesSDK

/// Constraint systems solved to the frames UIKit gives for them, written down from Auto
/// Layout's documented behaviour.
@MainActor @Suite struct AutoLayoutTests {
    /// A 300 × 200 root with `count` subviews that layout places.
    static func tree(_ count: Int) -> (UIView, [UIView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let views = (0..<count).map { _ in UIView() }
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        return (root, views)
    }

    @Test func twoViewsOfEqualWidthFillARowWithSpacing() {
        let (root, views) = Self.tree(2)
        let (a, b) = (views[0], views[1])
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            root.trailingAnchor.constraint(equalTo: b.trailingAnchor, constant: 20),
            a.widthAnchor.constraint(equalTo: b.widthAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            b.topAnchor.constraint(equalTo: a.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 44),
            b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 0.5),
        ])
        #expect(
            root.constraints.count == 7 && a.constraints.count == 1,
            "held by their common ancestor; a constant one by its view, as UIKit installs them")
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 8, width: 125, height: 44))
        #expect(b.frame == CGRect(x: 155, y: 8, width: 125, height: 22))
        // A constant changed: the next pass follows.
        root.constraints[0].constant = 40
        root.layoutIfNeeded()
        #expect(a.frame.minX == 40 && a.frame.width == 115 && b.frame.minX == 165)
    }

    @Test func aViewCentredInItsSuperviewAtAFixedSize() {
        let (root, views) = Self.tree(1)
        NSLayoutConstraint.activate([
            views[0].centerXAnchor.constraint(equalTo: root.centerXAnchor),
            views[0].centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -10),
            views[0].widthAnchor.constraint(equalToConstant: 100),
            views[0].heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 100, y: 70, width: 100, height: 40))
    }

    @Test func aHigherPriorityWinsAndARequiredOneAlwaysHolds() {
        let (root, views) = Self.tree(1)
        let view = views[0]
        let low = view.widthAnchor.constraint(equalToConstant: 250)
        low.priority = .defaultLow
        let high = view.widthAnchor.constraint(equalToConstant: 120)
        high.priority = .defaultHigh
        let maximum = view.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        NSLayoutConstraint.activate([
            low, high, maximum,
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 100, "the required maximum holds; the high priority pulls to it")
        high.isActive = false
        maximum.isActive = false
        root.layoutIfNeeded()
        #expect(view.frame.width == 250)
    }

    @Test func intrinsicSizesAreHuggedAndResistedByPriority() {
        let (root, _) = Self.tree(0)
        let label = UILabel()
        label.text = "Two scoops"
        label.translatesAutoresizingMaskIntoConstraints = false
        let field = UITextField()
        field.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        root.addSubview(field)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            field.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            label.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            field.centerYAnchor.constraint(equalTo: label.centerYAnchor),
        ])
        // The label hugs harder than the field: the field takes the room left.
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        root.layoutIfNeeded()
        let text = label.intrinsicContentSize
        #expect(label.frame.size == text, "the label is its text's size")
        #expect(field.frame.minX == 16 + text.width + 8 && field.frame.maxX == 284)
        #expect(field.frame.height == field.intrinsicContentSize.height)
    }

    @Test func anUnsatisfiableSetIsBrokenAndTheRestStillHolds() {
        let (root, views) = Self.tree(1)
        NSLayoutConstraint.activate([
            views[0].widthAnchor.constraint(equalToConstant: 80),
            views[0].widthAnchor.constraint(equalToConstant: 120),  // conflicts: broken, logged
            views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor),
            views[0].topAnchor.constraint(equalTo: root.topAnchor),
            views[0].heightAnchor.constraint(equalTo: views[0].widthAnchor),
        ])
        root.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 0, y: 0, width: 80, height: 80))
        // A loop that cannot hold, non-finite numbers: refused, nothing traps.
        let loop = UIView()
        loop.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(loop)
        NSLayoutConstraint.activate([
            loop.widthAnchor.constraint(equalTo: views[0].widthAnchor, constant: 10),
            views[0].widthAnchor.constraint(equalTo: loop.widthAnchor, constant: 10),
            loop.heightAnchor.constraint(equalToConstant: .nan),
            loop.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: .infinity),
        ])
        root.layoutIfNeeded()
        #expect(loop.frame.width == 90 && views[0].frame.width == 80)
        #expect(loop.frame.height.isFinite && loop.frame.minX.isFinite)
    }

    @Test func theSafeAreaAndMarginsGuidesFollowTheirView() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            bar.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 8, y: 47, width: 374, height: 844 - 47 - 34))
        #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 763))
        // Items of different trees cannot be constrained together.
        let stranger = UIView()
        let lost = stranger.leadingAnchor.constraint(equalTo: bar.leadingAnchor)
        lost.isActive = true
        #expect(!lost.isActive)
    }
}
