import Foundation
import Testing

@testable import MessagesSDK

/// Loading, containment and modal presentation, as UIKit does them.
@MainActor @Suite struct UIViewControllerTests {
    final class Logged: UIViewController {
        var log: [String] = []
        var name = ""
        convenience init(_ name: String) {
            self.init(nibName: nil, bundle: nil)
            self.name = name
        }
        override func viewDidLoad() { self.log.append("\(self.name) viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { self.log.append("\(self.name) viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { self.log.append("\(self.name) viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { self.log.append("\(self.name) viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { self.log.append("\(self.name) viewDidDisappear") }
    }

    /// A window the size of the screen with a controller's view in it.
    static func onScreen(_ name: String) -> (UIWindow, Logged) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let controller = Logged(name)
        window.addSubview(controller.view)
        return (window, controller)
    }

    @Test func theViewLoadsOnceOnFirstUse() {
        let controller = Logged()
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        _ = controller.view
        _ = controller.view
        #expect(controller.isViewLoaded && controller.log == [" viewDidLoad"])
        #expect(controller.view.next === controller, "a controller's view answers to it first")
        #expect(controller.view.bounds.size == UIScreen.main.bounds.size)
    }

    @Test func aChildAddedToAViewOnScreenAppearsAndDisappearsWithIt() {
        let (window, parent) = Self.onScreen("parent")
        defer { withExtendedLifetime(window) {} }  // a view holds its superview weakly, as in UIKit
        let child = Logged("child")
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)] && child.parent === parent)
        #expect(child.log == ["child viewDidLoad", "child viewWillAppear", "child viewDidAppear"])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(child.log.suffix(2) == ["child viewWillDisappear", "child viewDidDisappear"])
        #expect(parent.children.isEmpty && child.parent == nil)
        // UIKit's refusals: itself, or an ancestor, as a child.
        parent.addChild(parent)
        #expect(parent.children.isEmpty)
        parent.addChild(child)
        child.addChild(parent)
        #expect(child.children.isEmpty && parent.parent == nil)
    }

    @Test func aPresentedControllerCoversTheWindowAndAppearsThenDismisses() {
        let (window, root) = Self.onScreen("root")
        let sheet = Logged("sheet")
        sheet.modalPresentationStyle = .fullScreen
        var completed = 0
        root.present(sheet, animated: true) { completed += 1 }
        #expect(completed == 1 && root.presentedViewController === sheet && sheet.presentingViewController === root)
        #expect(sheet.view.superview === window && sheet.view.frame == window.bounds)
        #expect(sheet.log == ["sheet viewDidLoad", "sheet viewWillAppear", "sheet viewDidAppear"])
        #expect(
            root.log.suffix(2) == ["root viewWillDisappear", "root viewDidDisappear"],
            "full screen: the presenter leaves the screen")
        // Already presenting: refused.
        let another = Logged()
        root.present(another, animated: false)
        #expect(root.presentedViewController === sheet && !another.isViewLoaded)
        // Dismissed by the presented controller itself, as apps do.
        sheet.dismiss(animated: true) { completed += 1 }
        #expect(completed == 2 && root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(sheet.log.suffix(2) == ["sheet viewWillDisappear", "sheet viewDidDisappear"])
        #expect(root.log.suffix(2) == ["root viewWillAppear", "root viewDidAppear"] && root.view.superview === window)
    }

    @Test func anAlertsActionDismissesItThenRunsItsHandler() throws {
        let (window, root) = Self.onScreen("root")
        var log: [String] = []
        let alert = UIAlertController(title: "Send it?", message: "John will see it.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Cancel again", style: .cancel))  // refused: one cancel
        alert.addAction(
            UIAlertAction(title: "Send", style: .default) { action in
                log.append("\(action.title ?? "") after dismissal: \(root.presentedViewController == nil)")
            })
        alert.addTextField { $0.placeholder = "A note" }
        #expect(alert.actions.map(\.title) == ["Cancel", "Send"] && alert.textFields?.count == 1)
        root.present(alert, animated: true)
        window.layoutIfNeeded()
        let items = ScreenCapture.items(in: window)
        #expect(items.contains { $0.role == .text && $0.label == "Send it?" })
        let send = try #require(items.first { $0.role == .button && $0.label == "Send" })
        #expect(
            root.log.last == "root viewWillAppear" || !root.log.contains("root viewWillDisappear"),
            "an alert leaves the presenter on screen")
        window.touch(at: CGPoint(x: send.center.x, y: send.center.y))
        #expect(log == ["Send after dismissal: true"])
        #expect(alert.viewIfLoaded?.superview == nil)
    }

    @Test func aControllerNotOnScreenCannotPresent() {
        let root = Logged()
        let sheet = Logged()
        root.present(sheet, animated: false)
        #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)
    }
}
