import MsgHostCore
import MsgHostProtocol
import MsgHostTesting
import Testing

@testable import MsgHost

/// The daemon's metrics from the events and observations the loop sees, read back through a
/// strict Prometheus text reader.
@Suite struct DaemonMetricsTests {
    static func event(_ kind: EventKind, code: Int? = nil, name: String? = nil) -> EventRecord {
        EventRecord(
            seq: 1, time: 0, kind: kind.rawValue, device: "d", app: "a", conversation: nil, instance: nil, code: code,
            name: name, pid: nil, detail: nil)
    }

    @Test func eventsAreCountedByWhatTheyReport() throws {
        let metrics = DaemonMetrics()
        for _ in 0..<3 { metrics.count(Self.event(.sent)) }
        for _ in 0..<2 { metrics.count(Self.event(.sendRefused, code: 9, name: "sendWithoutRecentInteraction")) }
        metrics.count(Self.event(.sendRefused, code: 10, name: "sendWhileNotVisible"))
        metrics.count(Self.event(.launching))
        metrics.count(Self.event(.crashed))
        metrics.count(Self.event(.terminated, name: "idle"))
        metrics.count(Self.event(.terminated, name: "idle"))
        metrics.count(Self.event(.terminated, name: "exited by itself"))
        let text = try PrometheusText(metrics.render(depths: [("held_deliveries", 4)]))
        #expect(text.value("msghost_sends_total") == 3)
        #expect(text.value("msghost_send_refusals_total", ["code": "9", "name": "sendWithoutRecentInteraction"]) == 2)
        #expect(text.value("msghost_send_refusals_total", ["code": "10", "name": "sendWhileNotVisible"]) == 1)
        #expect(text.value("msghost_launches_total") == 1 && text.value("msghost_crashes_total") == 1)
        #expect(text.value("msghost_terminations_total", ["reason": "idle"]) == 2)
        #expect(text.value("msghost_terminations_total", ["reason": "exited by itself"]) == 1)
        #expect(text.value("msghost_events_total", ["kind": "sent"]) == 3)
        #expect(text.value("msghost_events_total", ["kind": "opened"]) == 0, "every kind is there from the start")
        #expect(text.value("msghost_queue_depth", ["queue": "held_deliveries"]) == 4)
        #expect(text.types["msghost_send_refusals_total"] == "counter" && text.types["msghost_queue_depth"] == "gauge")
    }

    @Test func callbacksAreCountedAndTheirRoundTripsTimed() throws {
        let metrics = DaemonMetrics()
        metrics.observe(.callbackSent(id: "h1", type: .touch), now: 1_000_000)
        metrics.observe(.callbackAcknowledged(id: "h1", type: .touch), now: 4_000_000)  // 3 ms
        metrics.observe(.callbackSent(id: "h2", type: .touch), now: 5_000_000)
        metrics.observe(.callbackAcknowledged(id: "unknown", type: .touch), now: 6_000_000)  // nothing to time
        metrics.storeCommitted(nanoseconds: 200_000)
        let text = try PrometheusText(metrics.render(depths: []))
        #expect(text.value("msghost_callbacks_total", ["type": "touch"]) == 2)
        #expect(text.value("msghost_callbacks_total", ["type": "didBecomeActive"]) == 0)
        #expect(text.types["msghost_callback_round_trip_seconds"] == "histogram")
        #expect(text.value("msghost_callback_round_trip_seconds_count", ["type": "touch"]) == 1)
        let sum = try #require(text.value("msghost_callback_round_trip_seconds_sum", ["type": "touch"]))
        #expect(abs(sum - 0.003) < 1e-9)
        #expect(text.value("msghost_callback_round_trip_seconds_bucket", ["type": "touch", "le": "0.002"]) == 0)
        #expect(text.value("msghost_callback_round_trip_seconds_bucket", ["type": "touch", "le": "0.005"]) == 1)
        #expect(text.value("msghost_store_commit_seconds_count") == 1)
    }

    @Test func theReaderRejectsWhatTheFormatForbids() {
        for bad in [
            "msghost_x 1",  // no final line feed
            "msghost x 1\n", "msghost_x{a=\"1\" 2\n", "msghost_x{a=1} 2\n", "msghost_x{a=\"\\q\"} 2\n",
            "msghost_x one\n",
            "# TYPE msghost_x counter\n# TYPE msghost_x counter\nmsghost_x 1\n",
            "# TYPE msghost_x counter\nmsghost_x -1\n",
            "# TYPE msghost_x counter\nmsghost_x{a=\"1\"} 1\nmsghost_y 1\nmsghost_x{a=\"2\"} 1\n",
            "# TYPE msghost_h histogram\nmsghost_h_bucket{le=\"1\"} 2\nmsghost_h_bucket{le=\"+Inf\"} 1\nmsghost_h_sum 1\nmsghost_h_count 1\n",
            "# TYPE msghost_h histogram\nmsghost_h_bucket{le=\"1\"} 1\nmsghost_h_sum 1\nmsghost_h_count 1\n",
        ] {
            #expect(throws: PrometheusText.Failure.self, "\(bad)") { try PrometheusText(bad) }
        }
        #expect(throws: Never.self) {
            try PrometheusText(
                "# HELP msghost_x Help.\n# TYPE msghost_x counter\nmsghost_x{a=\"q\\\"\\n\"} 1 1700000000\n")
        }
    }
}
