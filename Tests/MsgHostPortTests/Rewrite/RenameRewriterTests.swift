import Foundation
import MsgHostPort
import Testing

/// The Swift 3–5 spellings of the rename table, each in a realistic line.
struct RenameRewriterTests {
    @Test func oldUIKitNamesAreTheirNestedNames() {
        let source = """
            class PickerViewController: UIViewController {
                func embed(_ child: UIViewController) {
                    addChildViewController(child)
                    child.didMove(toParentViewController: self)
                    for old in childViewControllers where old !== child {
                        old.willMove(toParentViewController: nil)
                        old.removeFromParentViewController()
                    }
                    button.setTitle("Go", for: UIControlState.normal)
                    let events: UIControlEvents = [.touchUpInside]
                    imageView.contentMode = UIViewContentMode.scaleAspectFit
                    stack.axis = UILayoutConstraintAxis.vertical
                    let font = UIFont.systemFont(ofSize: 17, weight: UIFontWeightSemibold)
                    let attributes: [NSAttributedStringKey: Any] = [NSForegroundColorAttributeName: UIColor.red]
                }

                override func didMove(toParentViewController parent: UIViewController?) {
                    super.didMove(toParentViewController: parent)
                }
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                class PickerViewController: UIViewController {
                    func embed(_ child: UIViewController) {
                        addChild(child)
                        child.didMove(toParent: self)
                        for old in children where old !== child {
                            old.willMove(toParent: nil)
                            old.removeFromParent()
                        }
                        button.setTitle("Go", for: UIControl.State.normal)
                        let events: UIControl.Event = [.touchUpInside]
                        imageView.contentMode = UIView.ContentMode.scaleAspectFit
                        stack.axis = NSLayoutConstraint.Axis.vertical
                        let font = UIFont.systemFont(ofSize: 17, weight: UIFont.Weight.semibold)
                        let attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key.foregroundColor: UIColor.red]
                    }

                    override func didMove(toParent parent: UIViewController?) {
                        super.didMove(toParent: parent)
                    }
                }
                """)
        #expect(Porting.entries(ported.report).map(\.line) == [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 14, 18, 17])
        #expect(Porting.entries(ported.report)[0] == .rewrite(3, "addChildViewController", "addChild"))
        #expect(
            Porting.entries(ported.report)[1]
                == .rewrite(4, "child.didMove(toParentViewController: self)", "child.didMove(toParent: self)"))
        #expect(
            Porting.entries(ported.report)[13]
                == .rewrite(
                    17, "override func didMove(toParentViewController parent: UIViewController?)",
                    "override func didMove(toParent parent: UIViewController?)"))
    }

    @Test func charactersIndexOfAndSubstringAreTheirSwift5Forms() {
        let source = """
            func score(_ word: String, letters: [Character]) -> Int {
                guard word.characters.count > 2 else { return 0 }
                for letter in word.characters { _ = letters.index(of: letter) }
                let head = word.substring(to: word.index(word.startIndex, offsetBy: 2))
                let tail = word.substring(from: word.index(after: word.startIndex))
                let clipped = (word as NSString).substring(to: 3)
                return head.count + tail.count + clipped.count
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                func score(_ word: String, letters: [Character]) -> Int {
                    guard word.count > 2 else { return 0 }
                    for letter in word { _ = letters.firstIndex(of: letter) }
                    let head = String(word[..<word.index(word.startIndex, offsetBy: 2)])
                    let tail = String(word[word.index(after: word.startIndex)...])
                    let clipped = (word as NSString).substring(to: 3)
                    return head.count + tail.count + clipped.count
                }
                """)
        #expect(Porting.entries(ported.report).map(\.line) == [2, 3, 3, 4, 5])
    }

    @Test func charactersOfAGamesOwnIsLeft() {
        let source = """
            struct Cast {
                var characters: [String] = []
                func count() -> Int { self.characters.count + roster.characters.count }
            }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source)
        #expect(ported.report.isEmpty)
    }

    /// A local of that name is no member: `piece.characters` is still String's.
    @Test func charactersBesideALocalOfThatNameIsDropped() {
        let source = """
            func setUp(with piece: String) {
                let characters = Array(piece.characters)
                print(characters[0])
            }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source.replacingOccurrences(of: "Array(piece.characters)", with: "Array(piece)"))
        #expect(ported.report.map(\.line) == [2])
    }

    @Test func flatMapIsCompactMapOnlyWhenItsClosureReturnsAnOptional() {
        let source = """
            let scores = fields.flatMap { Int($0) }
            let stickers = items.flatMap { $0 as? MSSticker }
            let loaded = urls.flatMap { try? Data(contentsOf: $0) }
            let names = players.flatMap { $0.profile?.name }
            let letters = words.flatMap { $0 }
            let joined = rows.flatMap { row in row.cells }
            let value = label.text.flatMap { Int($0) }
            let rounds = saved.flatMap { text in
                guard let round = Round(text) else { return nil }
                return round.isFinished ? round : nil
            }
            let totals = rounds.flatMap { round in
                let scores = round.scores
                return scores.map { $0 * 2 }
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                let scores = fields.compactMap { Int($0) }
                let stickers = items.compactMap { $0 as? MSSticker }
                let loaded = urls.compactMap { try? Data(contentsOf: $0) }
                let names = players.compactMap { $0.profile?.name }
                let letters = words.flatMap { $0 }
                let joined = rows.flatMap { row in row.cells }
                let value = label.text.flatMap { Int($0) }
                let rounds = saved.compactMap { text in
                    guard let round = Round(text) else { return nil }
                    return round.isFinished ? round : nil
                }
                let totals = rounds.flatMap { round in
                    let scores = round.scores
                    return scores.map { $0 * 2 }
                }
                """)
        #expect(Porting.entries(ported.report).map(\.line) == [1, 2, 3, 4, 8])
    }

    @Test func stringDescribingIsLeft() {
        let source = "let text = String(describing: score)\n"
        let ported = Porting.port(source)
        #expect(ported.text == source)
        #expect(ported.report.isEmpty)
    }

    /// Constants Swift 3 and 4.2 moved, as the public apps of the measure spell them.
    @Test func writingOptionsAndDecelerationRatesAreTheirNewNames() {
        let source = """
            func save(_ data: Data, to url: URL, in scrollView: UIScrollView) throws {
                try data.write(to: url, options: [.atomicWrite])
                scrollView.decelerationRate = UIScrollViewDecelerationRateFast
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                func save(_ data: Data, to url: URL, in scrollView: UIScrollView) throws {
                    try data.write(to: url, options: [.atomic])
                    scrollView.decelerationRate = UIScrollView.DecelerationRate.fast
                }
                """)
        #expect(ported.report.map(\.line) == [2, 3])
    }

    /// C-style makers become the initialisers with labels; one of the app's own, or one with a
    /// label already, is left.
    @Test func makersAreTheirLabelledInitialisers() {
        let source = """
            let insets = UIEdgeInsetsMake(8, 0, tileSize / 2, 0)
            let frame = CGRectMake(0, 0, 10, 20)
            let point = CGPointMake(x, y)
            let odd = UIEdgeInsetsMake(top: 1, 2, 3, 4)
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                let insets = UIEdgeInsets(top: 8, left: 0, bottom: tileSize / 2, right: 0)
                let frame = CGRect(x: 0, y: 0, width: 10, height: 20)
                let point = CGPoint(x: x, y: y)
                let odd = UIEdgeInsetsMake(top: 1, 2, 3, 4)
                """)
        #expect(ported.report.map(\.line) == [1, 2, 3])
        let own = Porting.port("func CGSizeMake(_ a: Int, _ b: Int) -> Int { a }\nlet s = CGSizeMake(1, 2)")
        #expect(own.text.hasSuffix("let s = CGSizeMake(1, 2)") && own.report.isEmpty)
    }
}

extension RenameRewriterTests {
    @Test func theBarAlertAndCollectionConstantsOfSwift4AreNested() {
        let ported = Porting.port(
            """
            let style = UIAlertControllerStyle.alert
            let action = UIAlertActionStyle.default
            let item = UIBarButtonSystemItem.done
            let plain = UIBarButtonItemStyle.plain
            let kinds = [UICollectionElementKindSectionHeader, UICollectionElementKindSectionFooter]
            """)
        #expect(
            ported.text == """
                let style = UIAlertController.Style.alert
                let action = UIAlertAction.Style.default
                let item = UIBarButtonItem.SystemItem.done
                let plain = UIBarButtonItem.Style.plain
                let kinds = [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter]
                """)
    }
}
