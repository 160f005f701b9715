import MsgHostPort
import Testing

/// `@IBOutlet` becomes MessagesSDK's `@Outlet`; a private `@IBAction` becomes visible to the
/// compiled storyboard.
struct InterfaceBuilderRewriterTests {
    @Test func outletsBecomeTheWrapperWithoutWeakAndKeepTheirOtherModifiers() {
        let source = """
            import UIKit

            final class ScoreViewController: UIViewController {
                // The scoreboard, from the storyboard.
                @IBOutlet weak var scoreLabel: UILabel!
                @IBOutlet private weak var avatarView: UIImageView?
                @IBOutlet var letterButtons: [UIButton]!
                @IBOutlet
                unowned var footer: UIView!
                var plain: UILabel?
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                import UIKit

                final class ScoreViewController: UIViewController {
                    // The scoreboard, from the storyboard.
                    @Outlet var scoreLabel: UILabel!
                    @Outlet private var avatarView: UIImageView?
                    @Outlet var letterButtons: [UIButton]!
                    @Outlet
                    var footer: UIView!
                    var plain: UILabel?
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(5, "@IBOutlet weak var scoreLabel: UILabel!", "@Outlet var scoreLabel: UILabel!"),
                .rewrite(
                    6, "@IBOutlet private weak var avatarView: UIImageView?",
                    "@Outlet private var avatarView: UIImageView?"),
                .rewrite(7, "@IBOutlet var letterButtons: [UIButton]!", "@Outlet var letterButtons: [UIButton]!"),
                .rewrite(8, "@IBOutlet unowned var footer: UIView!", "@Outlet var footer: UIView!"),
            ])
        #expect(ported.report[0].why.contains("cannot be weak"))
        #expect(ported.report[0].file == "MessagesViewController.swift")
    }

    @Test func twoOutletsInOneDeclarationAreReportedNotRewritten() {
        let source = """
            class PairViewController: UIViewController {
                @IBOutlet weak var left: UIButton!, right: UIButton!
            }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source)
        #expect(
            Porting.entries(ported.report) == [.couldNotPort(2, "@IBOutlet weak var left: UIButton!, right: UIButton!")]
        )
    }

    @Test func privateActionsLoseTheirAccessAndKeepIBAction() {
        let source = """
            class GuessViewController: UIViewController {
                @IBAction private func guessTapped(_ sender: UIButton) {
                    self.submit(sender.tag)
                }

                @IBAction
                fileprivate func resetTapped(_ sender: Any) {}

                @IBAction func helpTapped(_ sender: Any) {}

                private func submit(_ tag: Int) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                class GuessViewController: UIViewController {
                    @IBAction func guessTapped(_ sender: UIButton) {
                        self.submit(sender.tag)
                    }

                    @IBAction
                    func resetTapped(_ sender: Any) {}

                    @IBAction func helpTapped(_ sender: Any) {}

                    private func submit(_ tag: Int) {}
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(
                    2, "@IBAction private func guessTapped(_ sender: UIButton)",
                    "@IBAction func guessTapped(_ sender: UIButton)"),
                .rewrite(
                    6, "@IBAction fileprivate func resetTapped(_ sender: Any)",
                    "@IBAction func resetTapped(_ sender: Any)"),
            ])
    }

    /// Swift off Apple's platforms wants an @IBAction to take exactly one argument; one without
    /// loses the attribute (the storyboard calls it by name), keeping what else it has.
    @Test func anActionWithoutAnArgumentLosesTheAttribute() {
        let source = """
            class BoardViewController: UIViewController {
                @IBAction func newGame() {}
                @IBAction private func undo() {}
                @IBAction func tapped(_ sender: UIButton) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                class BoardViewController: UIViewController {
                    func newGame() {}
                    func undo() {}
                    @IBAction func tapped(_ sender: UIButton) {}
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(2, "@IBAction func newGame()", "func newGame()"),
                .rewrite(3, "@IBAction private func undo()", "func undo()"),
            ])
    }
}
