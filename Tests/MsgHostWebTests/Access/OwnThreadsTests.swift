import Testing

/// `OwnThreads` keeps a test's tasks, and the child tasks they start (as HummingbirdTesting's
/// client starts one per request, beside its timeout), off the cooperative pool.
@Suite struct OwnThreadsTests {
    @Test func theBodyAndItsChildTasksRunOnTheExecutorsThread() async {
        let executor = OwnThreads()
        #expect(!executor.isCurrent)
        let (body, children) = await withTaskExecutorPreference(executor) {
            let body = executor.isCurrent
            let children = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await Task.yield()
                        return executor.isCurrent
                    }
                }
                return await group.reduce(true) { $0 && $1 }
            }
            return (body, children)
        }
        #expect(body, "the body ran on the shared pool")
        #expect(children, "a child task ran on the shared pool")
    }
}
