import MsgHostPort
import Testing

/// `#selector` becomes the closure API of the same name, calling the same method.
struct SelectorRewriterTests {
    @Test func aControlsTargetBecomesAUIActionThatPassesTheControl() {
        let source = """
            final class KeypadViewController: UIViewController {
                let clearButton = UIButton(type: .system)

                override func viewDidLoad() {
                    super.viewDidLoad()
                    clearButton.addTarget(self, action: #selector(clearTapped(_:)), for: .touchUpInside)
                    self.doneButton.addTarget(self, action: #selector(done), for: [.touchUpInside])
                    slider.addTarget(self,
                                     action: #selector(KeypadViewController.sliderMoved(_:)),
                                     for: .valueChanged)
                }

                @objc func clearTapped(_ sender: UIButton) {}
                @objc func done() {}
                @objc func sliderMoved(_ sender: UISlider) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                final class KeypadViewController: UIViewController {
                    let clearButton = UIButton(type: .system)

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        clearButton.addAction(UIAction { [unowned self] _ in self.clearTapped(clearButton) }, for: .touchUpInside)
                        self.doneButton.addAction(UIAction { [unowned self] _ in self.done() }, for: [.touchUpInside])
                        slider.addAction(UIAction { [unowned self] _ in self.sliderMoved(slider) }, for: .valueChanged)
                    }

                    func clearTapped(_ sender: UIButton) {}
                    func done() {}
                    func sliderMoved(_ sender: UISlider) {}
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(
                    6, "clearButton.addTarget(self, action: #selector(clearTapped(_:)), for: .touchUpInside)",
                    "clearButton.addAction(UIAction { [unowned self] _ in self.clearTapped(clearButton) }, for: .touchUpInside)"
                ),
                .rewrite(
                    7, "self.doneButton.addTarget(self, action: #selector(done), for: [.touchUpInside])",
                    "self.doneButton.addAction(UIAction { [unowned self] _ in self.done() }, for: [.touchUpInside])"),
                .rewrite(
                    8,
                    "slider.addTarget(self, action: #selector(KeypadViewController.sliderMoved(_:)), for: .valueChanged)",
                    "slider.addAction(UIAction { [unowned self] _ in self.sliderMoved(slider) }, for: .valueChanged)"),
                .rewrite(13, "@objc func clearTapped(_ sender: UIButton)", "func clearTapped(_ sender: UIButton)"),
                .rewrite(14, "@objc func done()", "func done()"),
                .rewrite(15, "@objc func sliderMoved(_ sender: UISlider)", "func sliderMoved(_ sender: UISlider)"),
            ])
    }

    @Test func aControlReadThroughACallOrAnOptionalChainIsBoundOnce() {
        let source = """
            class BoardViewController: UIViewController {
                func wire(_ index: Int) {
                    tiles[index].addTarget(self, action: #selector(tileTapped(_:)), for: .touchUpInside)
                    cell?.button.addTarget(self, action: #selector(tileTapped), for: .touchUpInside)
                    let handlers = [makeButton().addTarget(self, action: #selector(tileTapped(_:)), for: .touchUpInside)]
                }

                func tileTapped(_ sender: UIButton) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                class BoardViewController: UIViewController {
                    func wire(_ index: Int) {
                        do { let control = tiles[index]; control.addAction(UIAction { [unowned self, unowned control] _ in self.tileTapped(control) }, for: .touchUpInside) }
                        if let control = cell?.button { control.addAction(UIAction { [unowned self, unowned control] _ in self.tileTapped(control) }, for: .touchUpInside) }
                        let handlers = [makeButton().addTarget(self, action: #selector(tileTapped(_:)), for: .touchUpInside)]
                    }

                    func tileTapped(_ sender: UIButton) {}
                }
                """)
        let entries = Porting.entries(ported.report)
        #expect(entries.map(\.kind) == [.rewrite, .rewrite, .couldNotPort])
        #expect(entries.map(\.line) == [3, 4, 5])
        #expect(ported.report[2].why.contains("bind it to a let"))
    }

    @Test func aRecognizersTargetBecomesItsClosureInitialiser() {
        let source = """
            class StickerCanvasView: UIView {
                func setUp() {
                    let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
                    addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: #selector(handlePress)))
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                    tap.addTarget(self, action: #selector(flash))
                    let swipe = UISwipeGestureRecognizer(target: self, action: #selector(flash))
                }

                @objc func handleTap(_ recognizer: UITapGestureRecognizer) {}
                @objc func handlePress(_ recognizer: UIGestureRecognizer) {}
                @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {}
                @objc func flash() {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                "let tap = UITapGestureRecognizer { [unowned self] recognizer in self.handleTap(recognizer as! UITapGestureRecognizer) }\n"
            ))
        #expect(
            ported.text.contains(
                "addGestureRecognizer(UILongPressGestureRecognizer { [unowned self] recognizer in self.handlePress(recognizer) })\n"
            ))
        #expect(
            ported.text.contains(
                "let pan = UIPanGestureRecognizer { [unowned self] recognizer in self.handlePan(recognizer as! UIPanGestureRecognizer) }\n"
            ))
        #expect(ported.text.contains("let swipe = UISwipeGestureRecognizer(target: self, action: #selector(flash))\n"))
        #expect(ported.text.contains("tap.addTarget { [unowned self] _ in self.flash() }\n"))
        let entries = Porting.entries(ported.report).filter { $0.line < 9 }
        #expect(
            entries == [
                .rewrite(
                    3, "UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))",
                    "UITapGestureRecognizer { [unowned self] recognizer in self.handleTap(recognizer as! UITapGestureRecognizer) }"
                ),
                .rewrite(
                    4, "UILongPressGestureRecognizer(target: self, action: #selector(handlePress))",
                    "UILongPressGestureRecognizer { [unowned self] recognizer in self.handlePress(recognizer) }"),
                .rewrite(
                    5, "UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))",
                    "UIPanGestureRecognizer { [unowned self] recognizer in self.handlePan(recognizer as! UIPanGestureRecognizer) }"
                ),
                .rewrite(
                    6, "tap.addTarget(self, action: #selector(flash))",
                    "tap.addTarget { [unowned self] _ in self.flash() }"),
                .couldNotPort(7, "UISwipeGestureRecognizer(target: self, action: #selector(flash))"),
            ])
    }

    @Test func anObserverBecomesTheBlockFormWithANoteOnRemovingIt() {
        let source = """
            class GameViewController: MSMessagesAppViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(self, selector: #selector(gameChanged(_:)), name: .gameDidChange, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(settingsChanged), name: UserDefaults.didChangeNotification, object: nil)
                }

                @objc func gameChanged(_ notification: Notification) {}
                @objc func settingsChanged(_ notification: NSNotification) {}
            }

            final class Scoreboard {
                init() {
                    NotificationCenter.default.addObserver(self, selector: #selector(reset), name: .gameDidEnd, object: nil)
                }
                @objc func reset() {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                """
                        NotificationCenter.default.addObserver(forName: .gameDidChange, object: nil, queue: nil) { [unowned self] note in MainActor.assumeIsolated { self.gameChanged(note) } }
                        NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: nil, queue: nil) { [unowned self] note in MainActor.assumeIsolated { self.settingsChanged(NSNotification(name: note.name, object: note.object, userInfo: note.userInfo)) } }
                """))
        #expect(
            ported.text.contains(
                "        NotificationCenter.default.addObserver(forName: .gameDidEnd, object: nil, queue: nil) { [unowned self] _ in self.reset() }\n"
            ))
        let entries = Porting.entries(ported.report).filter { $0.line <= 5 || $0.line == 14 }
        #expect(entries.map(\.kind) == [.rewrite, .note, .rewrite, .note, .rewrite, .note])
        #expect(entries.map(\.line) == [4, 4, 5, 5, 14, 14])
        #expect(ported.report[1].why.hasPrefix("removeObserver(self) no longer removes this observer"))
    }

    @Test func aTimerBecomesTheBlockFormAndUserInfoIsReported() {
        let source = """
            class CountdownViewController: UIViewController {
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(timeInterval: 1.0, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                    Timer.scheduledTimer(timeInterval: 5, target: self, selector: #selector(expire), userInfo: ["round": 2], repeats: false)
                }
                @objc func tick(_ timer: Timer) {}
                @objc func expire() {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                "        timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [unowned self] timer in MainActor.assumeIsolated { self.tick(timer) } }\n"
            ))
        #expect(
            ported.text.contains(
                "        Timer.scheduledTimer(timeInterval: 5, target: self, selector: #selector(expire), userInfo: [\"round\": 2], repeats: false)\n"
            ))
        let entries = Porting.entries(ported.report).filter { $0.line <= 5 }
        // The block timer fires as the selector one did (MSExtensionMain runs the main run loop): no note.
        #expect(entries.map(\.kind) == [.rewrite, .couldNotPort])
        #expect(entries.map(\.line) == [4, 5])
    }

    @Test func aDelayedPerformBecomesTheMainQueueAfterTheDelay() {
        let source = """
            class HintViewController: UIViewController {
                func showHint(_ button: UIButton) {
                    perform(#selector(hideHint), with: nil, afterDelay: 2.5)
                    self.perform(#selector(highlight(_:)), with: button, afterDelay: delay)
                }
                @objc func hideHint() {}
                @objc func highlight(_ button: UIButton) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                """
                        DispatchQueue.main.asyncAfter(deadline: .now() + 2.5) { self.hideHint() }
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [argument = button] in self.highlight(argument) }
                """))
        #expect(
            Porting.entries(ported.report).filter { $0.line <= 4 }.map(\.kind) == [.rewrite, .note, .rewrite, .note])
    }

    @Test func anyOtherSelectorIsReportedWithTheNearestThingToDo() {
        let source = """
            class MenuViewController: UIViewController {
                func tearDown() {
                    button.removeTarget(self, action: #selector(tapped), for: .touchUpInside)
                    if delegate.responds(to: #selector(MenuDelegate.menuDidClose)) {}
                    button.addTarget(other, action: #selector(Other.tapped), for: .touchUpInside)
                }
            }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source)
        #expect(
            Porting.entries(ported.report) == [
                .couldNotPort(3, "#selector(tapped)"),
                .couldNotPort(4, "#selector(MenuDelegate.menuDidClose)"),
                .couldNotPort(5, "button.addTarget(other, action: #selector(Other.tapped), for: .touchUpInside)"),
            ])
        #expect(ported.report[0].why.contains("removeAction(_:for:)"))
        #expect(ported.report[2].why.contains("not self"))
    }

    @Test func aMethodNotInTheFileIsCalledWithNoArgumentAndNoted() {
        let source = """
            extension ComposeViewController {
                func wire() { sendButton.addTarget(self, action: #selector(sendTapped), for: .touchUpInside) }
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                "sendButton.addAction(UIAction { [unowned self] _ in self.sendTapped() }, for: .touchUpInside)"))
        #expect(Porting.entries(ported.report).map(\.kind) == [.rewrite, .note])
        #expect(ported.report[1].why.contains("sendTapped is not declared in this file"))
    }
}

extension SelectorRewriterTests {
    @Test func aBarButtonItemsTargetBecomesItsPrimaryAction() {
        let source = """
            class PickerViewController: UIViewController {
                override func viewDidLoad() {
                    let cancel = UIBarButtonItem(barButtonSystemItem: UIBarButtonSystemItem.cancel, target: self, action: #selector(PickerViewController.cancelTapped))
                    let today = UIBarButtonItem(title: "Today", style: .plain, target: self, action: #selector(todayTapped(_:)))
                    let save = UIBarButtonItem(title: "Save", style: .done, target: self, action: #selector(cancelTapped))
                    navigationItem.rightBarButtonItems = [today, save]
                    navigationItem.leftBarButtonItem = cancel
                }
                func cancelTapped() {}
                func todayTapped(_ sender: UIBarButtonItem) {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.contains(
                "let cancel = UIBarButtonItem(systemItem: UIBarButtonItem.SystemItem.cancel, primaryAction: UIAction { [unowned self] _ in self.cancelTapped() })"
            ))
        #expect(
            ported.text.contains(
                "let today = UIBarButtonItem(title: \"Today\", primaryAction: UIAction { [unowned self] action in self.todayTapped(action.sender as! UIBarButtonItem) })"
            ))
        #expect(
            ported.text.contains(
                "let save = { let item = UIBarButtonItem(title: \"Save\", primaryAction: UIAction { [unowned self] _ in self.cancelTapped() }); item.style = .done; return item }()"
            ))
        #expect(!ported.report.contains { $0.kind == .couldNotPort })
    }
}
