import Testing

@testable import MessagesSDK

/// Views compare and hash by identity, as NSObjects do on iOS.
@MainActor @Suite struct UIResponderIdentityTests {
    @Test func aViewEqualsItselfOnlyAndHashesAsAKey() {
        let a = UIView()
        let b = UIView()
        #expect(a == a)
        #expect(a != b, "two views with the same frame are still two views")
        let set: Set<UIView> = [a, b, a]
        #expect(set.count == 2)

        // A walk up the superviews that stops at an ancestor with ==, as XOO Tic-Tac-Toe does.
        let root = UIView()
        let middle = UIView()
        let leaf = UIView()
        root.addSubview(middle)
        middle.addSubview(leaf)
        var current: UIView = leaf
        var steps = 0
        while let superview = current.superview {
            steps += 1
            if superview == root { break }
            current = superview
        }
        #expect(steps == 2)
        let byController: [UIViewController: String] = [UIViewController(): "one"]
        #expect(byController.count == 1)
    }
}
