import Foundation

/// Runs a blocking call on its own thread, for a control request that only returns once the
/// test (playing the extension) has answered the callbacks it causes.
public final class DetachedResult<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    fileprivate init(_ body: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            self.result = Result { try body() }
            self.done.signal()
        }
        thread.start()
    }

    /// Waits for the call (up to `timeout` seconds) and returns its value or rethrows.
    public func value(timeout: Double = 30) throws -> T {
        guard self.done.wait(timeout: .now() + timeout) == .success else {
            throw TestDaemonError(description: "the detached call did not finish within \(timeout) s")
        }
        return try self.result!.get()
    }

    /// Waits for the call however long it takes, for one that is sure to end (a pipe read to
    /// its end once its writer has exited).
    public func value() throws -> T {
        self.done.wait()
        return try self.result!.get()
    }
}

extension Thread {
    public static func detachedResult<T>(_ body: @escaping @Sendable () throws -> T) -> DetachedResult<T> {
        DetachedResult(body)
    }
}

/// A finished command line run: exit status and captured output.
public struct CommandRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read at once. Read one to its end first, and a command that fills
        // the other's buffer (64 KB) meanwhile blocks writing it, never closes the first, and
        // both wait for ever.
        let errors = Thread.detachedResult { err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = try errors.value()
        process.waitUntilExit()
        self.status = process.terminationStatus
        self.stdout = String(decoding: outData, as: UTF8.self)
        self.stderr = String(decoding: errData, as: UTF8.self)
    }
}
