import Foundation
import Hummingbird
import HummingbirdTesting
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import MsgHostWeb
import Testing

/// msghost-web's routes against a real daemon: the relay answers as the daemon does, the page
/// is served from memory, and `/metrics` is Prometheus text.
@Suite struct WebServerTests {
    @Test func relayAnswersWhatTheDaemonAnswers() async throws {
        try await withWeb { client, _ in
            try await client.execute(
                uri: "/api/control/world", method: .post, headers: Self.headers, body: ByteBuffer(string: "{}")
            ) { response in
                #expect(response.status == .ok)
                let world = try WireJSON.decode(WorldResult.self, from: Array(buffer: response.body))
                #expect(world.devices.map(\.id).sorted() == ["john-iphone", "kate-iphone"])
            }
            // An error reply is relayed as it is, with 422: its domain, code and name inside.
            try await client.execute(
                uri: "/api/control/open", method: .post, headers: Self.headers,
                body: ByteBuffer(string: #"{"device":"nobody"}"#)
            ) { response in
                #expect(response.status == .unprocessableContent)
                let reply = try WireJSON.decode(ReplyStatus.self, from: Array(buffer: response.body))
                #expect(reply.failure != nil)
            }
            try await client.execute(uri: "/api/control/noSuchCommand", method: .post, headers: Self.headers) {
                response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("unknownType"))
            }
            // Subscriptions are the link's own; a page gets their pushes from /api/stream.
            for command in ["subscribe", "wireTap", "bad-name", String(repeating: "a", count: 41)] {
                try await client.execute(uri: "/api/control/\(command)", method: .post, headers: Self.headers) {
                    response in
                    #expect(response.status == .badRequest, "\(command)")
                    #expect(String(buffer: response.body).contains("msghost.web"))
                }
            }
        }
    }

    @Test func aRequestBodyOverTheLimitIsRefused() async throws {
        try await withWeb { client, _ in
            let big = ByteBuffer(string: "{\"pad\":\"" + String(repeating: "x", count: 2 << 20) + "\"}")
            try await client.execute(uri: "/api/control/world", method: .post, headers: Self.headers, body: big) {
                response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func thePageIsServedByNameOnly() async throws {
        try await withWeb { client, _ in
            try await client.execute(uri: "/", method: .get, headers: Self.headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(String(buffer: response.body).contains("/static/app.js"))
            }
            for (name, type) in [
                ("app.js", "text/javascript"), ("phone.js", "text/javascript"), ("style.css", "text/css"),
            ] {
                try await client.execute(uri: "/static/\(name)", method: .get, headers: Self.headers) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(name)")
                }
            }
            for path in ["/static/..%2F..%2FPackage.swift", "/static/missing.js", "/static/%2Fetc%2Fpasswd"] {
                try await client.execute(uri: path, method: .get, headers: Self.headers) { response in
                    #expect(response.status == .notFound, "\(path)")
                }
            }
        }
    }

    @Test func metricsAreTextWithTheWebsOwnCounters() async throws {
        try await withWeb { client, _ in
            try await client.execute(uri: "/metrics", method: .get, headers: Self.headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = String(buffer: response.body)
                #expect(text.contains("# TYPE msghost_web_http_requests_total counter"))
                #expect(text.contains("msghost_web_daemon_up "))
            }
        }
    }

    @Test func aDaemonThatDoesNotAnswerIsABadGateway() async throws {
        let link = DaemonLink(
            endpoint: .init(address: "ipc:///tmp/msghost-web-test-\(UUID().uuidString.prefix(8))/control.sock"))
        try link.start()
        defer { link.stop() }
        let router = WebServer.router(
            link: link, watch: DaemonWatch(link: link), page: try PageAssets.bundled(), metrics: WebMetrics(),
            access: Self.access, timeout: .milliseconds(300))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/control/status", method: .post, headers: Self.headers) { response in
                #expect(response.status == .badGateway)
                #expect(String(buffer: response.body).contains("no reply from msghostd"))
            }
        }
    }

    /// The router test client addresses every request to `localhost` without a port: as
    /// served on HTTP's default port. The access rules themselves: `AccessTests`.
    static let access = WebAccess(
        port: ListeningPort(80), token: try! WebToken("router-test-token-0123456789", source: "test"))
    /// A script's request: the token as a bearer, JSON.
    static let headers: HTTPFields = [
        .authorization: "Bearer router-test-token-0123456789", .contentType: "application/json",
    ]

    /// Runs `body` with a test client of msghost-web's router, linked to a real daemon.
    private func withWeb(_ body: @escaping @Sendable (any TestClientProtocol, DaemonLink) async throws -> Void)
        async throws
    {
        try await TestDaemon.with { daemon in
            let link = DaemonLink(endpoint: .init(address: daemon.control.endpoint))
            try link.start()
            defer { link.stop() }
            let router = WebServer.router(
                link: link, watch: DaemonWatch(link: link), page: try PageAssets.bundled(), metrics: WebMetrics(),
                access: Self.access)
            try await Application(router: router).test(.router) { client in try await body(client, link) }
        }
    }
}
