import Foundation
import Testing

@testable import MessagesSDK
@testable import StoryboardApp

/// The fixture app's storyboard and xib (Tests/Fixtures/StoryboardApp), compiled by the
/// MessagesStoryboards plugin when it was built, loaded as UIKit loads them: the initial
/// controller's view laid out by its constraints, outlets connected (a private one too),
/// actions and segues in UIKit's order, cells from a prototype and from a xib.
@MainActor @Suite struct StoryboardAppTests {
    init() { CompiledStoryboards.register() }

    /// The initial controller, on screen in a window of 320 × 480 (not the storyboard's 393 ×
    /// 852). The caller keeps the window: a view holds its superview weakly.
    private func home() throws -> (HomeViewController, UIWindow) {
        let controller = try #require(
            UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as? HomeViewController)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        controller.view.frame = window.bounds
        window.addSubview(controller.view)
        window.layoutIfNeeded()
        return (controller, window)
    }

    @Test func theInitialControllersViewHasTheFramesAutoLayoutGivesIt() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        #expect(home.storyboard?.name == "Main")
        let title = try #require(home.title_)
        #expect(
            title.frame == CGRect(x: 16, y: home.view.safeAreaInsets.top + 20, width: 288, height: title.frame.height))
        #expect(title.text == "Pick a flavour")
        #expect(home.sendButton.frame == CGRect(x: 16, y: title.frame.maxY + 8, width: 100, height: 44))
        let stack = try #require(home.flavourButtons.first?.superview as? UIStackView)
        #expect(stack.frame == CGRect(x: 16, y: home.sendButton.frame.maxY + 8, width: 288, height: 44))
        #expect(home.flavourButtons.map { $0.frame.width } == [140, 140], "fillEqually, 8 between")
        #expect(home.collectionView.frame == CGRect(x: 0, y: stack.frame.maxY + 8, width: 320, height: 80))
        #expect(home.heightOfDetails.priority == UILayoutPriority(750), "an outlet to a constraint")
    }

    @Test func outletsAndOutletCollectionsAreConnectedPrivateOnesToo() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        #expect(home.title_ != nil)
        #expect(home.sendButton.currentTitle == "Send")
        #expect(home.sendButton.accessibilityIdentifier == "send")
        #expect(home.flavourButtons.map(\.currentTitle) == ["Vanilla", "Chocolate"])
        #expect(home.collectionView.dataSource === home)
    }

    @Test func aTappedButtonCallsItsActionAndTheRecognizerItsOwn() throws {
        let (home, window) = try self.home()
        home.sendButton.sendActions(for: .touchUpInside)
        home.flavourButtons[1].sendActions(for: .touchUpInside)
        let title = try #require(home.title_)
        _ = window.touch(at: title.convert(CGPoint(x: 5, y: 5), to: window))
        #expect(home.log.suffix(3) == ["send Send", "flavour Chocolate", "title tapped"])
        #expect(title.text == "Chocolate")
    }

    @Test func theEmbedSegueIsPreparedBeforeViewDidLoadAndMakesAChild() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        #expect(home.log.prefix(2) == ["prepare EmbedBadge BadgeViewController", "viewDidLoad"])
        let badge = try #require(home.children.first as? BadgeViewController)
        #expect(badge.label.text == "New")
        #expect(badge.view.superview?.frame.size == CGSize(width: 120, height: 40))
    }

    @Test func performSegueCallsPrepareThenShowsTheDestination() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        home.chooseFlavour(home.flavourButtons[1])
        home.performSegue(withIdentifier: "ShowDetails", sender: nil)
        #expect(home.log.last == "prepare ShowDetails DetailsViewController")
        let details = try #require(home.presentedViewController as? DetailsViewController)
        #expect(details.flavourLabel.text == "Chocolate")
        #expect(!home.log.contains("should ShowDetails"), "performSegue does not ask shouldPerformSegue, as in UIKit")
    }

    @Test func aButtonsSegueAsksShouldPerformFirst() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        let details = try #require(
            home.view.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Details" })
        details.sendActions(for: .touchUpInside)
        #expect(home.log.suffix(2) == ["should ShowDetails", "prepare ShowDetails DetailsViewController"])
        #expect(home.presentedViewController is DetailsViewController)
    }

    @Test func thePrototypeAndTheXibCellDequeue() throws {
        let (home, window) = try self.home()
        defer { withExtendedLifetime(window) {} }
        let flavour = try #require(home.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? FlavourCell)
        #expect(flavour.nameLabel.text == "Chocolate")
        #expect(flavour.nameLabel.superview === flavour.contentView)
        let sticker = try #require(home.collectionView.cellForItem(at: IndexPath(item: 0, section: 1)) as? StickerCell)
        #expect(sticker.label.text == "Cone")
        #expect(sticker.awoke)
    }

    @Test func theXibLoadsThroughTheBundleAndAnUnknownNameIsNil() throws {
        let objects = try #require(Bundle.main.loadNibNamed("StickerCell", owner: nil))
        #expect(objects.count == 1 && objects.first is StickerCell)
        #expect(Bundle.main.loadNibNamed("NoSuchNib", owner: nil) == nil)
    }

    @Test func anUnknownIdentifierGivesAPlainController() {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        #expect(storyboard.instantiateViewController(withIdentifier: "Details") is DetailsViewController)
        let unknown = storyboard.instantiateViewController(withIdentifier: "NoSuchScene")
        #expect(type(of: unknown) == UIViewController.self)
        #expect(UIStoryboard(name: "NoSuchStoryboard", bundle: nil).instantiateInitialViewController() == nil)
    }
}
