#if canImport(Glibc)
    @preconcurrency import Glibc  // `stdout` is a C global; it is only touched once, before any thread starts
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

enum StandardOutput {
    /// The daemon reads an extension's stdout through a pipe, where C stdio (and so `print`)
    /// buffers whole blocks: a line would reach the log, or a test, only much later. Line
    /// buffering makes every `print` arrive when it is made.
    static func lineBuffered() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
