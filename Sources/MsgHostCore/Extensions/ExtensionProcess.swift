import MsgHostProtocol
/// One extension process: it serves one install on one device.
///
/// Can transition: launching → connected → terminating → (removed on exit);
/// launching → terminating (launch failed or not needed any more).
struct ExtensionProcess: Sendable {
    enum State: Sendable, Equatable {
        /// Spawned (or being spawned); waiting for its hello.
        case launching(since: Instant)
        /// Said hello from this ZeroMQ routing id.
        case connected(route: [UInt8])
        /// Being ended; `reason` is what the exit will be reported as.
        case terminating(reason: String, route: [UInt8]?)
    }

    let launchID: String
    let device: String
    let app: String
    let installID: String
    /// The launch token (or attach key) it signs with, its HMAC key schedule prepared.
    let token: SigningKey
    var state: State
    var pid: Int?
    let launchedAt: Instant
    /// Started by hand and attached with the app's attach key: asked, never forced, to exit.
    var attached = false
    /// Resident memory at the last sample.
    var memoryBytes: Int?
    /// Warned (`didReceiveMemoryWarning`) since it was last at or below the soft line.
    var memoryWarned = false
    /// The id of the last `didReceiveMemoryWarning` sent and not yet answered.
    var memoryWarningID: String?
    /// Its end is imminent (signalled, or it acknowledged the terminate notice): `settle`
    /// waits for its exit.
    var exitExpected = false
    var instanceIDs: [String] = []
    /// Instances it served that are gone (resigned, then dropped when it began to terminate).
    var retiredInstanceIDs: Set<String> = []
    /// Bumped whenever the process becomes busy again, so a stale idle timer does nothing.
    var idleGeneration = 0
    /// The id of the `terminate` notice sent and not yet answered.
    var terminateNoticeID: String?
    /// The extension, or the app's parent app (PROTOCOL.md §4.10).
    var role: ProcessRole = .extension

    /// What it serves: its (device, app) and role.
    var key: ProcessKey { ProcessKey(device: self.device, app: self.app, role: self.role) }

    var route: [UInt8]? {
        switch self.state {
        case .launching: nil
        case .connected(let route): route
        case .terminating(_, let route): route
        }
    }

    var stateName: String {
        switch self.state {
        case .launching: "launching"
        case .connected: "running"
        case .terminating: "terminating"
        }
    }
}
