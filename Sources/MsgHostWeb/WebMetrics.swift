import Foundation
import Hummingbird
import MsgHostProtocol
import Prometheus

/// `/metrics`: the daemon's own metrics (control `metrics`, already Prometheus text) followed
/// by msghost-web's, from a swift-prometheus registry of its own. One scrape gives both, so a
/// Prometheus pointed at the page needs no access to the daemon's control socket.
public final class WebMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let requests: Counter
    private let failures: Counter
    private let daemonUp: Gauge
    private let refusals: [AccessRule: Counter]
    let streams: Gauge

    public init() {
        func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(
                namespace: "msghost", subsystem: "web", metricName: metric, unitName: unit, helpText: help)
        }
        self.requests = self.registry.makeCounter(
            descriptor: name("http_requests", "total", "HTTP requests msghost-web answered"))
        self.failures = self.registry.makeCounter(
            descriptor: name(
                "http_errors", "total",
                "HTTP requests answered with a status of 500 or more (the daemon did not answer)"))
        self.daemonUp = self.registry.makeGauge(
            descriptor: name("daemon", "up", "1 if the daemon answered the control request for this scrape"))
        self.streams = self.registry.makeGauge(descriptor: name("streams", "open", "Pages connected to /api/stream"))
        let refused = name(
            "http_refused", "total",
            "HTTP requests refused by an access rule (host, origin, token) before any route ran")
        let registry = self.registry
        self.refusals = Dictionary(
            uniqueKeysWithValues: AccessRule.allCases.map { rule in
                (rule, registry.makeCounter(descriptor: refused, labels: [("rule", rule.rawValue)]))
            })
    }

    var middleware: CountingMiddleware<BasicRequestContext> { CountingMiddleware(metrics: self) }

    func record(status: HTTPResponse.Status) {
        self.requests.increment()
        if status.code >= 500 { self.failures.increment() }
    }

    /// A request an access rule refused: someone tried (another site's page, a rebinding
    /// name, a client without the token), and an operator should be able to see it.
    func recordRefusal(_ rule: AccessRule) {
        self.refusals[rule]?.increment()
    }

    /// The text of one scrape.
    func exposition(link: DaemonLink) async -> Response {
        var text = ""
        do {
            let reply = try await link.request("metrics", timeout: .seconds(5))
            guard reply.ok else {
                throw DaemonLink.Unanswered(description: String(decoding: reply.body, as: UTF8.self))
            }
            text = try WireJSON.decode(MetricsText.self, from: reply.body).text
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            self.daemonUp.set(to: 1.0)
        } catch {
            self.daemonUp.set(to: 0.0)
        }
        self.streams.set(to: Double(link.pushes.listenerCount))
        text += self.registry.emitToString()
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private struct MetricsText: Decodable {
        var text: String
    }
}

/// Counts every answered request.
struct CountingMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: WebMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            let response = try await next(request, context)
            self.metrics.record(status: response.status)
            return response
        } catch {
            self.metrics.record(status: .internalServerError)
            throw error
        }
    }
}
