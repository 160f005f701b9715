import Foundation
import Testing

@testable import MessagesSDK

/// A navigation stack as apps present one: a root with bar button items, a controller pushed
/// and popped by the bar's back button, and a child that dismisses the presented stack.
@MainActor @Suite struct UINavigationControllerTests {
    final class Picker: UIViewController {
        var cancelled = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            self.title = "Pick a day"
            self.navigationItem.leftBarButtonItem = UIBarButtonItem(
                systemItem: .cancel,
                primaryAction: UIAction { [unowned self] action in
                    #expect(action.sender is UIBarButtonItem, "the item is the sender")
                    self.cancelled += 1
                    self.dismiss(animated: true)
                })
            self.navigationItem.rightBarButtonItems = [
                UIBarButtonItem(systemItem: .done), UIBarButtonItem(title: "Today"),
            ]
        }
    }

    /// The bar's buttons, left to right, by title.
    static func titles(_ bar: UINavigationBar) -> [String] {
        bar.subviews.compactMap { $0 as? UIButton }.sorted { $0.frame.minX < $1.frame.minX }.compactMap {
            $0.title(for: .normal)
        }
    }

    static func button(_ title: String, in bar: UINavigationBar) throws -> UIButton {
        try #require(bar.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == title })
    }

    @Test func theBarShowsTheTopItemAndItsButtonsRunTheirActions() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let root = UIViewController()
        window.addSubview(root.view)
        let picker = Picker()
        let navigation = UINavigationController(rootViewController: picker)
        root.present(navigation, animated: true)
        window.layoutIfNeeded()
        #expect(picker.navigationController === navigation && navigation.topViewController === picker)
        #expect(
            picker.presentingViewController === root,
            "a child of a presented controller answers its ancestor's presenter")
        let bar = navigation.navigationBar
        #expect(bar.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(
            picker.view.frame == CGRect(x: 0, y: 44, width: 390, height: 556), "the top view fills what the bar leaves")
        #expect(bar.topItem?.title == "Pick a day")
        // The right items from the right edge, the first rightmost.
        #expect(Self.titles(bar) == ["Cancel", "Today", "Done"])
        let done = try Self.button("Done", in: bar)
        #expect(abs(done.frame.maxX - (390 - 8)) < 0.001)
        #expect(done.titleLabel?.font.weight == .bold && done.titleLabel?.font.pointSize == 17, "a done item is bold")
        #expect(try Self.button("Today", in: bar).titleLabel?.font.weight == .regular)

        // A tap on Cancel runs its action, which dismisses the presented stack through its child.
        let cancel = try Self.button("Cancel", in: bar)
        #expect(
            window.touch(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil)) != .none)
        #expect(picker.cancelled == 1)
        #expect(root.presentedViewController == nil && navigation.viewIfLoaded?.superview == nil)
    }

    @Test func aPushedControllerShowsABackButtonThatPops() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = UIViewController()
        first.title = "Months"
        let navigation = UINavigationController(rootViewController: first)
        window.addSubview(navigation.view)
        window.layoutIfNeeded()
        let second = UIViewController()
        second.title = "January"
        first.show(second, sender: nil)
        window.layoutIfNeeded()
        #expect(navigation.viewControllers.map(\.title) == ["Months", "January"])
        #expect(first.viewIfLoaded?.superview == nil && second.view.superview === navigation.view)
        #expect(Self.titles(navigation.navigationBar) == ["‹ Months"])
        // An item's change shows at once.
        second.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
        #expect(Self.titles(navigation.navigationBar) == ["‹ Months", "Edit"])
        try Self.button("‹ Months", in: navigation.navigationBar).sendActions(for: .primaryActionTriggered)
        #expect(navigation.viewControllers.map(\.title) == ["Months"])
        #expect(first.view.superview === navigation.view && second.parent == nil)
        #expect(navigation.popViewController(animated: true) == nil, "the root stays")
        navigation.isNavigationBarHidden = true
        #expect(first.view.frame.minY == 0 && navigation.navigationBar.isHidden)
    }
}
