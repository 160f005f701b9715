import MsgHostPort
import Testing

/// Swift 2's undotted case patterns in an enum's own switch take the dot; other names stay.
@Suite struct EnumCasePatternRewriterTests {
    @Test func anEnumsOwnCasesTakeTheLeadingDot() {
        let source = """
            enum CFCellState {
                case empty
                case occupied(CFPlayer)

                var description: String {
                    switch self {
                    case empty:
                        return "empty"
                    case occupied(let player):
                        return player.description
                    }
                }
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                enum CFCellState {
                    case empty
                    case occupied(CFPlayer)

                    var description: String {
                        switch self {
                        case .empty:
                            return "empty"
                        case .occupied(let player):
                            return player.description
                        }
                    }
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(7, "empty", ".empty"), .rewrite(9, "occupied(let player)", ".occupied(let player)"),
            ])
    }

    @Test func otherNamesAndPatternsOutsideAnEnumAreLeft() {
        let source = """
            enum Light {
                case on, off
                func check(_ limit: Int, _ value: Int) -> Bool {
                    switch value { case limit: return true; default: return false }
                }
            }
            func f(_ x: Int) { switch x { case on: break; default: break } }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source && ported.report.isEmpty)
    }
}
