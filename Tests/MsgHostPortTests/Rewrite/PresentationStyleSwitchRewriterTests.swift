import MsgHostPort
import Testing

/// A switch over the presentation style of before iOS 11 gets the `.transcript` case; any
/// other switch is left.
@Suite struct PresentationStyleSwitchRewriterTests {
    @Test func aSwitchOfCompactAndExpandedGetsATranscriptCaseThatTraps() {
        let source = """
            func present(for style: MSMessagesAppPresentationStyle) {
                let controller: UIViewController
                switch style {
                case .compact:
                    controller = makeStart()
                case .expanded:
                    controller = makeBoard()
                }
                show(controller)
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                func present(for style: MSMessagesAppPresentationStyle) {
                    let controller: UIViewController
                    switch style {
                    case .compact:
                        controller = makeStart()
                    case .expanded:
                        controller = makeBoard()
                    case .transcript:
                        fatalError("MSMessagesAppPresentationStyle.transcript: this app declares no transcript context")
                    }
                    show(controller)
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(
                    3, "switch style { case .compact … case .expanded … }",
                    "case .transcript: fatalError(\"MSMessagesAppPresentationStyle.transcript: this app declares no transcript context\")"
                )
            ])
    }

    @Test func otherSwitchesAreLeft() {
        let source = """
            switch presentationStyle {
            case .compact: a()
            case .expanded: b()
            default: c()
            }
            switch presentationStyle {
            case .compact, .expanded: a()
            case .transcript: b()
            }
            switch cell {
            case .compact: a()
            case .expanded: b()
            case .other: c()
            }
            switch size {
            case .compact where wide: a()
            case .expanded: b()
            }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source && ported.report.isEmpty)
    }
}
