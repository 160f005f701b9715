import Dispatch

/// A task executor on a thread of the test's own (a serial Dispatch queue), for the async tests
/// that talk to a real msghost-web.
///
/// Swift Testing runs synchronous tests on the cooperative pool, which has one thread per core
/// (two here), and the many that drive a daemon hold a thread while they wait for it. An async
/// test on that pool waits for a thread whenever it resumes, and while the whole suite runs the
/// pool is rarely free (the Access tests wait minutes for a first thread in a whole run).
/// HummingbirdTesting's client times a request with a 15 s `Task.sleep` in a task group beside
/// the request's own task: when both had become runnable during such a wait, the timeout could
/// win though the answer had come (`AccessTests` failed with `readTimeout` so). With this executor preferred, the test's tasks and the
/// client's child tasks run here and never wait for the pool; only the timer's firing goes
/// through it, and starving that only makes a timeout later.
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
