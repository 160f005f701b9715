import Dispatch

/// A task executor on a thread of the test's own (a serial Dispatch queue), for the async tests
/// that talk to a real msghost-web.
///
/// Swift Testing runs synchronous tests on the cooperative pool, which has one thread per core
/// (two here), and the many that drive a daemon block a thread while they wait for it. An async
/// test on that pool then waits for a thread at every `await`, for minutes at a time while the
/// whole suite runs, and HummingbirdTesting's client times a request with a 15 s `Task.sleep`
/// in a task group beside the request's own task: when both became runnable during such a wait,
/// the timeout could win though the answer had come (`AccessTests` failed with `readTimeout`
/// in a quiet run of the flake hunt, ninth session, after 190 s, every Access test taking
/// 190–320 s of a 226–340 s run). With this executor preferred, the test's tasks and the
/// client's child tasks run here and are never starved; only the timer's firing goes through
/// the shared pool, and starving it only makes a timeout later.
final class OwnThreads: TaskExecutor, @unchecked Sendable {
    private static let key = DispatchSpecificKey<ObjectIdentifier>()
    private let queue = DispatchQueue(label: "msghost-web-test")

    init() {
        self.queue.setSpecific(key: Self.key, value: ObjectIdentifier(self))
    }

    /// Whether the calling code runs on this executor's thread.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(self) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = self.asUnownedTaskExecutor()
        self.queue.async { job.runSynchronously(on: executor) }
    }
}
