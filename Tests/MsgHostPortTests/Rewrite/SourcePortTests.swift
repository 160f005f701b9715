import MsgHostPort
import Testing

/// The whole port of one file: the passes together, lines of the original, bad input.
struct SourcePortTests {
    @Test func aFileThatDoesNotParseIsLeftAndReportedAtItsFirstError() {
        let source = """
            import UIKit

            class BrokenViewController: UIViewController {
                @IBOutlet weak var label: UILabel!
                func load( {
                }
            """
        let ported = SourcePort.rewrite(source: source, fileName: "Broken.swift")
        #expect(ported.text == source)
        #expect(ported.report.count == 1)
        #expect(ported.report.first?.kind == .couldNotPort)
        #expect(ported.report.first?.line == 5)
        #expect(ported.report.first?.file == "Broken.swift")
        #expect(ported.report.first?.why.hasPrefix("the file does not parse") == true)
    }

    @Test func linesAreTheOriginalFilesAfterAPassJoinedOrRemovedLines() {
        let source = """
            class RoundViewController: MSMessagesAppViewController {
                @objc
                func begin() {
                    startButton.addTarget(self,
                                          action: #selector(startTapped),
                                          for: .touchUpInside)
                    addChildViewController(board)
                }
                @objc
                func startTapped() {}
                @IBOutlet weak var board: UIViewController!
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                class RoundViewController: MSMessagesAppViewController {
                    func begin() {
                        startButton.addAction(UIAction { [unowned self] _ in self.startTapped() }, for: .touchUpInside)
                        addChild(board)
                    }
                    func startTapped() {}
                    @Outlet var board: UIViewController!
                }
                """)
        #expect(ported.report.map(\.line) == [11, 4, 7, 2, 9])
    }

    @Test func theReportReadsAsLinesInFileOrder() {
        let entries = [
            PortReport.Entry(file: "B.swift", line: 3, kind: .rewrite, before: "a", after: "b", why: "why"),
            PortReport.Entry(
                file: "A.swift", line: 9, kind: .couldNotPort, before: "#selector(x)", after: "#selector(x)",
                why: "do this"),
        ]
        #expect(
            PortReport.text(of: entries) == """
                A.swift:9: couldNotPort: #selector(x) (do this)
                B.swift:3: rewrite: a → b (why)
                """)
    }
}

extension SourcePortTests {
    @Test func anEditorPlaceholderIsReportedAndTheRestOfTheFileIsPorted() {
        let source = """
            class CalendarViewController: UIViewController {
                @IBOutlet weak var label: UILabel!
                func shot() {
                    UIGraphicsBeginImageContextWithOptions(<#T##size: CGSize##CGSize#>, false, 1)
                }
            }
            """
        let ported = SourcePort.rewrite(source: source, fileName: "Calendar.swift")
        #expect(ported.text.contains("@Outlet var label"), "the file is ported")
        let left = ported.report.filter { $0.kind == .couldNotPort }
        #expect(left.count == 1 && left.first?.line == 4 && left.first?.why.contains("editor placeholder") == true)
    }
}
