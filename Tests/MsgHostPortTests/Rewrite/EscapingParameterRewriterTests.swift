import MsgHostPort
import Testing

/// A closure parameter that a URLSession task or a queue keeps is marked @escaping; one that
/// is only called, or already escapes, is left.
@Suite struct EscapingParameterRewriterTests {
    @Test func aParameterKeptByATasksCompletionEscapes() {
        let source = """
            private func requestMove(to square: String, completion: (Move?) -> Void) {
                let task = session.dataTask(with: request) { data, _, _ in
                    completion(Move(data))
                }
                task.resume()
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text.hasPrefix(
                "private func requestMove(to square: String, completion: @escaping (Move?) -> Void) {\n"),
            "\(ported.text)")
        #expect(Porting.entries(ported.report).map(\.line) == [1])
    }

    @Test func otherParametersAreLeft() {
        let source = """
            func each(_ body: (Int) -> Void) { [1, 2].forEach { body($0) } }
            func later(_ done: @escaping () -> Void) { DispatchQueue.main.async { done() } }
            func optional(_ done: (() -> Void)?) { DispatchQueue.main.async { done?() } }
            func member(_ completion: () -> Void) { DispatchQueue.main.async { self.completion() } }
            func now(_ body: () -> Void) { queue.sync { body() } }
            """
        let ported = Porting.port(source)
        #expect(ported.text == source && ported.report.isEmpty)
    }
}
