import Foundation
import MsgHostProtocol

/// Keeps the pages' view of the daemon live: subscribes to its event stream (and, once a
/// page asks for it, the wire tap) and subscribes again whenever the daemon behind the
/// endpoint changes — a restart, or a daemon that was not up yet when msghost-web started.
///
/// A subscription is the daemon's state, so a restarted daemon has none: the watch notices by
/// asking `status` once a second and comparing the daemon's pid and start time. Each change
/// is published as a `daemon` push, which the page uses to reload the world. The same read
/// carries where recording stands, so a recording started or stopped by msghostctl shows on
/// the page within the second.
public actor DaemonWatch {
    public struct State: Codable, Sendable, Equatable {
        public var up: Bool
        public var pid: Int?
        public var startedAt: Int64?
        public var clock: String?
        public var error: String?
        /// The recording under way, else the last that stopped (`status` `recording`).
        public var recording: RecordingResult?

        /// The recording as a page shows it: a step more while recording is no change to push.
        var recordingShown: RecordingResult? {
            guard var shown = self.recording, shown.recording else { return self.recording }
            shown.steps = 0
            return shown
        }
    }

    private let link: DaemonLink
    private var state = State(up: false)
    private var tapWanted = false
    private var tapActive = false
    private var daemonTick = 0

    public init(link: DaemonLink) {
        self.link = link
    }

    public var current: State { self.state }

    /// Runs until cancelled.
    public func run() async {
        while !Task.isCancelled {
            await self.check()
            self.daemonTick += 1
            // A comment line on every page's stream now and then, so a closed page is noticed.
            if self.daemonTick % 10 == 0 { self.link.pushes.publish(Push(kind: "ping", body: [])) }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// A page asked for the wire tap: subscribe to it (once; it stays for this daemon).
    public func wantTap() async {
        self.tapWanted = true
        if self.state.up && !self.tapActive { await self.subscribeTap() }
    }

    private func check() async {
        var next = State(up: false)
        do {
            let reply = try await self.link.request("status", timeout: .seconds(2))
            let status = try WireJSON.decode(StatusResult.self, from: reply.body)
            next = State(
                up: true, pid: status.daemon.pid, startedAt: status.daemon.startedAt, clock: status.daemon.clock,
                recording: status.recording)
        } catch {
            next.error = "\(error)"
        }
        let restarted =
            next.up && (next.pid != self.state.pid || next.startedAt != self.state.startedAt || !self.state.up)
        let changed =
            next.up != self.state.up || restarted || next.clock != self.state.clock
            || next.recordingShown != self.state.recordingShown
        self.state = next
        // The notice first: a page reloads the world on it and then takes the events that follow.
        if changed {
            self.link.pushes.clearBacklog("daemon")
            self.link.pushes.publish(Push(kind: "daemon", body: WireJSON.encode(next)))
        }
        if restarted {
            self.tapActive = false
            self.link.pushes.clearBacklog("event")
            self.link.pushes.clearBacklog("frame")
            // `after: 0`: the daemon's retained log first, then every new event.
            _ = try? await self.link.request("subscribe", body: Array(#"{"after":0}"#.utf8), timeout: .seconds(5))
            if self.tapWanted { await self.subscribeTap() }
        }
    }

    private func subscribeTap() async {
        if let reply = try? await self.link.request("wireTap", timeout: .seconds(5)), reply.ok { self.tapActive = true }
    }
}
