import Synchronization

/// A value shared between threads behind a lock, for the few hand-offs that are not queues.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { self.mutex = Mutex(value) }
    var value: Value {
        get { self.mutex.withLock { $0 } }
        set { self.mutex.withLock { $0 = newValue } }
    }
    func withLock<R: Sendable>(_ body: (inout sending Value) -> sending R) -> sending R { self.mutex.withLock(body) }
}
