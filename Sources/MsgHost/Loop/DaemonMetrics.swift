import CoreMetrics
import Dispatch
import MsgHostCore
import MsgHostProtocol
import Prometheus

/// The daemon's metrics (PROTOCOL.md §7.1), counted with swift-metrics into a Prometheus
/// registry, from what the event loop already sees: the events it logs, the machine's
/// observations, its own commits and sends.
///
/// Cheap on the hot path: every counter whose labels are known in advance (event kinds,
/// callback types) is made once here, so counting one is a dictionary lookup and an atomic
/// add, with no string built per message. Counters whose labels come from what happens
/// (a refusal's code and name, a termination's reason) are made on their first occurrence
/// and kept; their label sets are small and fixed by the host's code. Gauges are read from
/// the machine only when the metrics are asked for.
///
/// Only the event loop's thread calls it (not thread-safe by itself; the registry is).
final class DaemonMetrics {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    /// Buckets for the duration histograms, in seconds: a commit or a callback round trip is
    /// usually well under a millisecond to a few, and a timeout is seconds.
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
        .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    private let events: [String: CoreMetrics.Counter]
    private let sends: CoreMetrics.Counter
    private let launches: CoreMetrics.Counter
    private let crashes: CoreMetrics.Counter
    private let callbacks: [CallbackType: CoreMetrics.Counter]
    private let roundTrips: [CallbackType: CoreMetrics.Timer]
    private let commits: CoreMetrics.Timer
    private let controlDropped: CoreMetrics.Counter
    private let tapFramesDropped: CoreMetrics.Counter
    private let tapFrames: CoreMetrics.Counter
    private struct Refusal: Hashable {
        var code: Int
        var name: String
    }
    private var refusals: [Refusal: CoreMetrics.Counter] = [:]
    private var terminations: [String: CoreMetrics.Counter] = [:]
    private var depths: [String: CoreMetrics.Gauge] = [:]
    /// Callbacks sent and not yet acknowledged: when each left (monotonic nanoseconds).
    private var inFlight: [String: UInt64] = [:]
    /// A callback never acknowledged (its process died, it timed out) leaves its entry; past
    /// this many the oldest guesses are dropped at once (a few round trips go unmeasured).
    static let maxInFlight = 4096

    init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        self.factory = factory
        func counter(_ label: String, _ dimensions: [(String, String)] = []) -> CoreMetrics.Counter {
            CoreMetrics.Counter(label: label, dimensions: dimensions, factory: factory)
        }
        self.events = Dictionary(
            uniqueKeysWithValues: EventKind.allCases.map {
                ($0.rawValue, counter("msghost_events_total", [("kind", $0.rawValue)]))
            })
        self.sends = counter("msghost_sends_total")
        self.launches = counter("msghost_launches_total")
        self.crashes = counter("msghost_crashes_total")
        self.callbacks = Dictionary(
            uniqueKeysWithValues: CallbackType.allCases.map {
                ($0, counter("msghost_callbacks_total", [("type", $0.rawValue)]))
            })
        self.roundTrips = Dictionary(
            uniqueKeysWithValues: CallbackType.allCases.map {
                (
                    $0,
                    CoreMetrics.Timer(
                        label: "msghost_callback_round_trip_seconds", dimensions: [("type", $0.rawValue)],
                        factory: factory)
                )
            })
        self.commits = CoreMetrics.Timer(label: "msghost_store_commit_seconds", factory: factory)
        self.controlDropped = counter("msghost_control_dropped_total")
        self.tapFramesDropped = counter("msghost_wiretap_dropped_total")
        self.tapFrames = counter("msghost_wiretap_frames_total")
    }

    /// An event the loop logs.
    func count(_ record: EventRecord) {
        self.events[record.kind]?.increment()
        switch record.eventKind {
        case .sent?:
            self.sends.increment()
        case .sendRefused?:
            let key = Refusal(code: record.code ?? 0, name: record.name ?? "")
            if let counter = self.refusals[key] { return counter.increment() }
            let counter = CoreMetrics.Counter(
                label: "msghost_send_refusals_total", dimensions: [("code", String(key.code)), ("name", key.name)],
                factory: self.factory)
            self.refusals[key] = counter
            counter.increment()
        case .launching?:
            self.launches.increment()
        case .crashed?:
            self.crashes.increment()
        case .terminated?:
            let reason = record.name ?? "unknown"
            if let counter = self.terminations[reason] { return counter.increment() }
            let counter = CoreMetrics.Counter(
                label: "msghost_terminations_total", dimensions: [("reason", reason)], factory: self.factory)
            self.terminations[reason] = counter
            counter.increment()
        default:
            break
        }
    }

    /// A fact the machine reported; `now` is monotonic nanoseconds.
    func observe(_ observation: Observation, now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        switch observation {
        case .callbackSent(let id, let type):
            self.callbacks[type]?.increment()
            if self.inFlight.count >= Self.maxInFlight { self.inFlight.removeAll(keepingCapacity: true) }
            self.inFlight[id] = now
        case .callbackAcknowledged(let id, let type):
            guard let sentAt = self.inFlight.removeValue(forKey: id) else { return }
            self.roundTrips[type]?.recordNanoseconds(Int64(clamping: now &- sentAt))
        }
    }

    func storeCommitted(nanoseconds: UInt64) {
        self.commits.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// A message was shown on the wire tap (once, however many clients tap).
    func tapped() {
        self.tapFrames.increment()
    }

    /// A message the control socket did not take (its client stopped reading or is gone).
    func controlDropped(tapFrame: Bool) {
        (tapFrame ? self.tapFramesDropped : self.controlDropped).increment()
    }

    /// The exposition text, with the gauges set from `depths` first.
    func render(depths: [(queue: String, depth: Int)]) -> String {
        for (queue, depth) in depths {
            let gauge =
                self.depths[queue]
                ?? CoreMetrics.Gauge(
                    label: "msghost_queue_depth", dimensions: [("queue", queue)], factory: self.factory)
            self.depths[queue] = gauge
            gauge.record(depth)
        }
        var buffer: [UInt8] = []
        self.registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
