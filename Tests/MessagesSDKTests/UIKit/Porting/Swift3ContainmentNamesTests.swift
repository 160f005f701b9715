import Testing

@testable import MessagesSDK

/// The iOS 10 names of child containment, as Swift 3 apps (Apple's Ice Cream Builder) call them.
@MainActor @Suite struct Swift3ContainmentNamesTests {
    final class Child: UIViewController {
        var moves: [String] = []
        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            self.moves.append("will \(parent == nil ? "nil" : "parent")")
        }
        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            self.moves.append("did \(parent == nil ? "nil" : "parent")")
        }
    }

    @Test func theOldNamesEmbedAndRemoveAChildAsTheNewOnesDo() {
        let parent = UIViewController()
        let child = Child()
        parent.addChildViewController(child)
        parent.view.addSubview(child.view)
        child.didMove(toParentViewController: parent)
        #expect(parent.childViewControllers.map { $0 === child } == [true])
        #expect(child.parent === parent)

        for old in parent.childViewControllers {
            old.willMove(toParentViewController: nil)
            old.view.removeFromSuperview()
            old.removeFromParentViewController()
        }
        #expect(parent.childViewControllers.isEmpty && child.parent == nil)
        // addChild's willMove, the app's didMove, then its willMove(nil) and removeFromParent's didMove(nil).
        #expect(child.moves == ["will parent", "did parent", "will nil", "did nil"])
    }
}
