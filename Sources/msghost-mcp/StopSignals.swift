import Foundation

/// SIGTERM, SIGINT and SIGHUP stop the daemon of `--world` and end the server.
///
/// Hand-written, not a `DispatchSource` signal source (nor swift-service-lifecycle's signals,
/// which are one): such a source is armed on libdispatch's manager thread some time after
/// `resume` returns, and the signal has to be ignored (`SIG_IGN`) meanwhile, so a signal sent
/// in that window was lost — an agent that stopped the server right after it said it was
/// serving left it running, 8 times in 30 beside two CPU hogs. Here `sigaction` installs the
/// handler before `install` returns; the handler only writes the signal's number to a pipe
/// (write(2) is async-signal-safe), and a thread of its own reads it and does the rest.
enum StopSignals {
    /// The pipe's write end, for the handler (a C function pointer captures nothing).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers; `stop` runs once, on a thread of its own, when the first of the
    /// signals arrives, and the process then exits with 128 + its number.
    static func install(_ stop: @escaping @Sendable () -> Void) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        Self.writeEnd = ends[1]
        let readEnd = ends[0]
        Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) < 0 && errno == EINTR {}
            stop()
            exit(128 + Int32(number))
        }.start()
        for number in [SIGTERM, SIGINT, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(StopSignals.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            guard sigaction(number, &action, nil) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL)
            }
        }
    }
}
