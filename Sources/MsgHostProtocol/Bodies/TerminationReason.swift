/// Why the host ends an extension process: the `reason` of its `terminate` notice
/// (PROTOCOL.md §4.7), and the `name` of its `terminating`/`terminated` events, which metrics
/// count terminations by. The wire carries the raw value.
public enum TerminationReason: String, Codable, Sendable, CaseIterable {
    /// Nothing needed it for the idle grace period.
    case idle
    /// Its app was uninstalled from the device.
    case uninstalled
    /// It did not answer a callback in time.
    case unresponsive
    /// It did not say hello in time after its launch.
    case launchFailed
    /// The daemon is stopping.
    case daemonStopping
    /// Its resident memory went past the app's limit.
    case memory
    /// The device ran short of memory (`memoryPressure` `critical`): ended without a notice.
    case memoryPressure
    /// It exited by itself while nothing needed it.
    case exitedByItself = "exited by itself"
}
