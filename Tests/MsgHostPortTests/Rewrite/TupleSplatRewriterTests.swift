import MsgHostPort
import Testing

/// Swift 3's `$0.0`/`$0.1` comparators become `$0`/`$1`; closures where the tuple is real stay.
@Suite struct TupleSplatRewriterTests {
    @Test func aComparatorOfOneTupleTakesTwoArguments() {
        let source = """
            cells.sort {
                collectionView.indexPath(for: $0.0)!.row < collectionView.indexPath(for: $0.1)!.row
            }
            let best = scores.max(by: { $0.0.points < $0.1.points })
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                cells.sort {
                    collectionView.indexPath(for: $0)!.row < collectionView.indexPath(for: $1)!.row
                }
                let best = scores.max(by: { $0.points < $1.points })
                """)
        #expect(ported.report.map(\.line) == [1, 4])
    }

    @Test func realTuplesAreLeft() {
        let source = """
            let names = table.sorted { $0.0 < $1.0 }
            let keys = table.map { $0.0 }
            let pairs = list.sorted { (a, b) in a.0 < b.0 }
            let mixed = list.sorted { $0.0 < $0 }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source && ported.report.isEmpty)
    }

    @Test func aFunctionOfVoidTakesNoArgument() {
        let source = """
            var onButtonTap: ((Void) -> Void)?
            let done: (()) -> Int = { 1 }
            let kept: (Int) -> Void = { _ in }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                var onButtonTap: (() -> Void)?
                let done: () -> Int = { 1 }
                let kept: (Int) -> Void = { _ in }
                """)
        #expect(ported.report.map(\.line) == [1, 2])
    }
}
