import Testing

@testable import MessagesSDK

/// What 2016 apps ask of views and controllers that UIKit has from NSObject and the Swift 3
/// names: class tests, Swift 3 subview ordering, orientation and status bar overrides.
@MainActor @Suite struct NSObjectHabitsTests {
    class Game: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        override var prefersStatusBarHidden: Bool { true }
    }
    final class Chess: Game {}

    @Test func classTestsAreNSObjects() {
        let chess: UIViewController = Chess()
        #expect(chess.isMember(of: Chess.self) && !chess.isMember(of: Game.self))
        #expect(chess.isKind(of: Game.self) && chess.isKind(of: UIResponder.self))
        #expect(!UIViewController().isKind(of: Game.self))
    }

    @Test func overridesOfOrientationAndStatusBarAreAnswered() {
        let plain = UIViewController()
        let game: UIViewController = Game()
        #expect(plain.supportedInterfaceOrientations == .allButUpsideDown && !plain.prefersStatusBarHidden)
        #expect(game.supportedInterfaceOrientations == .portrait && game.prefersStatusBarHidden)
        #expect(UIInterfaceOrientationMask.all.contains(.landscapeLeft))
    }

    @Test func swift3SubviewOrderingNames() {
        let parent = UIView()
        let a = UIView()
        let b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.bringSubview(toFront: a)
        #expect(parent.subviews.map { $0 === a } == [false, true])
        parent.sendSubview(toBack: a)
        #expect(parent.subviews.first === a)
    }
}
