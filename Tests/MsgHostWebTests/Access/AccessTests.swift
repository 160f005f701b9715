import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The real msghost-web binary in front of a real daemon, asked as other sites' pages and
/// other clients would ask it: a foreign `Host` (DNS rebinding), a foreign `Origin`, a
/// `text/plain` POST (a `no-cors` fetch), no token, a wrong token. Each is refused and the
/// daemon hears nothing of it — its event log is unchanged; the page's own requests work.
@Suite struct AccessTests {
    static let open = #"{"device":"kate-iphone","conversation":"kate-john","app":"com.example.python-raw"}"#

    @Test func everyForeignOrUntokenedRequestIsRefusedAndTheDaemonHearsNothing() async throws {
        try await RunningWeb.with { daemon, web in
            let token = try #require(web.token)
            #expect(token.count == 64, "a made token is 256 bits in hex")
            let own = "127.0.0.1:\(web.port)"
            let before = try Self.eventCount(daemon)
            try await web.withClient { client in
                // (request, status, the rule the refusal must name)
                let refused: [(TestClient.Request, HTTPResponse.Status, String)] = [
                    // DNS rebinding: the page's name resolves to 127.0.0.1, so the request is
                    // same-origin in the browser, with the right cookie even; Host gives it away.
                    (
                        Self.post(authority: "evil.example:\(web.port)", cookie: token, web: web), .forbidden,
                        "Host rule"
                    ),
                    (Self.post(authority: "127.0.0.2:\(web.port)", cookie: token, web: web), .forbidden, "Host rule"),
                    (
                        Self.post(authority: "localhost:\(web.port + 1)", cookie: token, web: web), .forbidden,
                        "Host rule"
                    ),
                    (Self.post(authority: nil, cookie: token, web: web), .forbidden, "Host rule"),
                    (.init("/", method: .get, authority: "evil.example:\(web.port)"), .forbidden, "Host rule"),
                    // Another site's page: its Origin, or only Sec-Fetch-Site; another local port is another origin.
                    (Self.post(origin: "http://evil.example", cookie: token, web: web), .forbidden, "Origin rule"),
                    (
                        Self.post(origin: "http://127.0.0.1:\(web.port + 1)", cookie: token, web: web), .forbidden,
                        "Origin rule"
                    ),
                    (Self.post(origin: "null", cookie: token, web: web), .forbidden, "Origin rule"),
                    (Self.post(site: "cross-site", cookie: token, web: web), .forbidden, "Origin rule"),
                    (Self.post(site: "same-site", cookie: token, web: web), .forbidden, "Origin rule"),
                    (
                        .init(
                            "/api/stream", method: .get, authority: own,
                            headers: [.origin: "http://evil.example", .cookie: Self.cookie(token, web)]), .forbidden,
                        "Origin rule"
                    ),
                    (
                        .init(
                            "/api/stream", method: .get, authority: own,
                            headers: [Self.secFetchSite: "cross-site", .cookie: Self.cookie(token, web)]), .forbidden,
                        "Origin rule"
                    ),
                    // What a no-cors fetch or a form can send: not application/json.
                    (Self.post(type: "text/plain", cookie: token, web: web), .unsupportedMediaType, "application/json"),
                    (
                        Self.post(type: "application/x-www-form-urlencoded", cookie: token, web: web),
                        .unsupportedMediaType, "application/json"
                    ),
                    (Self.post(type: nil, cookie: token, web: web), .unsupportedMediaType, "application/json"),
                    // No token, a wrong one (as a cookie, as a bearer, for another port's cookie).
                    (Self.post(cookie: nil, web: web), .unauthorized, "token rule"),
                    (Self.post(cookie: String(token.reversed()), web: web), .unauthorized, "token rule"),
                    (Self.post(cookie: token + "0", web: web), .unauthorized, "token rule"),
                    (Self.post(cookie: nil, bearer: "0123456789abcdef0123", web: web), .unauthorized, "token rule"),
                    (
                        Self.post(
                            cookie: nil, web: web, extra: [.cookie: "msghost-web-token-\(web.port + 1)=\(token)"]),
                        .unauthorized, "token rule"
                    ),
                    (.init("/api/stream", method: .get, authority: own), .unauthorized, "token rule"),
                    (.init("/api/daemon", method: .get, authority: own), .unauthorized, "token rule"),
                    (
                        .init("/api/file?url=file:///etc/passwd", method: .get, authority: own), .unauthorized,
                        "token rule"
                    ),
                    (.init("/metrics", method: .get, authority: own), .unauthorized, "token rule"),
                    (
                        .init(
                            "/metrics", method: .get, authority: own,
                            headers: [.authorization: "Bearer wrong-token-0123456789"]), .unauthorized, "token rule"
                    ),
                ]
                for (request, status, rule) in refused {
                    let response = try await client.execute(request)
                    let shown =
                        "\(request.head.method) \(request.head.path ?? "") Host \(request.head.authority ?? "-") \(request.head.headerFields)"
                    #expect(response.status == status, "\(shown)")
                    #expect(
                        String(buffer: response.body ?? ByteBuffer()).contains(rule),
                        "\(shown): \(String(buffer: response.body ?? ByteBuffer()))")
                }
                // The classic cross-site request: curl's text/plain POST with a foreign Origin.
                let curl = try await client.execute(
                    Self.post(origin: "http://evil.example", type: "text/plain", cookie: nil, web: web))
                #expect(curl.status == .forbidden)
            }
            #expect(try Self.eventCount(daemon) == before, "a refused request reached the daemon")
            #expect(try daemon.control(.status, Empty(), as: StatusResult.self).extensions.isEmpty)

            // The page's own requests: its origin, its cookie, JSON.
            try await web.withClient { client in
                let response = try await client.execute(
                    Self.post(origin: "http://\(own)", site: "same-origin", cookie: token, web: web))
                #expect(response.status == .ok, "\(String(buffer: response.body ?? ByteBuffer()))")
                // A script: no Origin, the token as a bearer, JSON with a charset.
                let world = try await client.execute(
                    .init(
                        "/api/control/world", method: .post, authority: own,
                        headers: [
                            .authorization: "Bearer \(token)", .contentType: "application/json; charset=utf-8",
                        ], body: ByteBuffer(string: "{}")))
                #expect(world.status == .ok)
                let metrics = try await client.execute(
                    .init(
                        "/metrics", method: .get, authority: "localhost:\(web.port)",
                        headers: [.authorization: "Bearer \(token)"]))
                #expect(metrics.status == .ok)
            }
            #expect(try Self.eventCount(daemon) > before, "the page's own open did not reach the daemon")
            #expect(try daemon.control(.status, Empty(), as: StatusResult.self).extensions.count == 1)
        }
    }

    @Test func thePrintedURLSetsAnHttpOnlyStrictCookieAndThePageWithoutItAsksForTheToken() async throws {
        try await RunningWeb.with { _, web in
            let token = try #require(web.token)
            #expect(web.url == "http://127.0.0.1:\(web.port)/?token=\(token)")
            let own = "127.0.0.1:\(web.port)"
            try await web.withClient { client in
                let page = try await client.execute(.init("/?token=\(token)", method: .get, authority: own))
                #expect(page.status == .ok)
                #expect(String(buffer: page.body ?? ByteBuffer()).contains("/static/app.js"))
                let cookie = try #require(page.headers[.setCookie])
                #expect(cookie.hasPrefix("msghost-web-token-\(web.port)=\(token);"))
                for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
                    #expect(cookie.contains(attribute), "\(cookie)")
                }
                #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                // Without the token (or with a wrong one) the page is the one that asks for it.
                for path in ["/", "/?token=not-the-token-0123456789"] {
                    let asked = try await client.execute(.init(path, method: .get, authority: own))
                    #expect(asked.status == .unauthorized, "\(path)")
                    #expect(
                        String(buffer: asked.body ?? ByteBuffer()).contains("data-testid=\"token-page\""), "\(path)")
                    #expect(asked.headers[.setCookie] == nil)
                }
                // With the cookie alone, the page and the API answer.
                let again = try await client.execute(
                    .init("/", method: .get, authority: own, headers: [.cookie: Self.cookie(token, web)]))
                #expect(again.status == .ok)
                // The page's files hold no secret: served without the token.
                let script = try await client.execute(.init("/static/api.js", method: .get, authority: own))
                #expect(script.status == .ok)
            }
        }
    }

    @Test func aGivenTokenAndAnAllowedHostAreHonoured() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "msghost-web-token-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/token"
        let token = "given-token-0123456789"
        FileManager.default.createFile(
            atPath: file, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
        try await RunningWeb.with(arguments: [
            "--token-file", file, "--allow-host", "msghost.test", "--allow-host", "localhost:9999",
        ]) { _, web in
            #expect(web.token == token)
            try await web.withClient { client in
                for authority in ["msghost.test:\(web.port)", "MSGHOST.test:\(web.port)", "localhost:9999"] {
                    let response = try await client.execute(
                        .init(
                            "/api/daemon", method: .get, authority: authority,
                            headers: [.authorization: "Bearer \(token)"]))
                    #expect(response.status == .ok, "\(authority)")
                }
                for authority in ["msghost.test:9999", "other.test:\(web.port)"] {
                    let response = try await client.execute(
                        .init(
                            "/api/daemon", method: .get, authority: authority,
                            headers: [.authorization: "Bearer \(token)"]))
                    #expect(response.status == .forbidden, "\(authority)")
                }
            }
        }
    }

    @Test func noTokenIsOnlyForALoopbackListener() async throws {
        try await RunningWeb.with(arguments: ["--no-token"]) { daemon, web in
            #expect(web.token == nil)
            #expect(!web.url.contains("token"))
            try await web.withClient { client in
                let response = try await client.execute(Self.post(cookie: nil, web: web))
                #expect(response.status == .ok)
                // The Host and Origin rules still hold.
                let foreign = try await client.execute(Self.post(origin: "http://evil.example", cookie: nil, web: web))
                #expect(foreign.status == .forbidden)
            }
        }
        let web = TestPaths.binary("msghost-web", override: "MSGHOST_WEB_BINARY")
        let bad: [([String], String)] = [
            (["--no-token", "--host", "0.0.0.0", "--allow-remote"], "--no-token needs a loopback --host"),
            (["--no-token", "--token", "given-token-0123456789"], "one of --token, --token-file and --no-token"),
            (["--token", "short"], "16 to 256 characters"),
            (["--token", "has a space in it 0123"], "may hold only"),
            (["--allow-host", "evil example"], "is not a host name"),
            (["--allow-host", "example.com:99999"], "is not a host name"),
            (["--token-file", "/nonexistent/token"], "cannot read it"),
        ]
        for (arguments, message) in bad {
            let run = try CommandRun(web, ["--runtime-directory", "/nonexistent"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aTokenFileOthersCanReadIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "msghost-web-token-\(UUID().uuidString.prefix(8))"
        ).path
        FileManager.default.createFile(
            atPath: file, contents: Data("given-token-0123456789".utf8), attributes: [.posixPermissions: 0o644])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try CommandRun(
            TestPaths.binary("msghost-web", override: "MSGHOST_WEB_BINARY"),
            ["--runtime-directory", "/nonexistent", "--token-file", file])
        #expect(run.status == 64)
        #expect(run.stderr.contains("other users may read it (mode 644)"), "\(run.stderr)")
    }

    // MARK: Requests

    static var secFetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    static func cookie(_ token: String, _ web: RunningWeb) -> String { "msghost-web-token-\(web.port)=\(token)" }

    /// An `open` of the raw Python app on Kate's iPhone through the relay: what a page would
    /// send, varied one part at a time.
    static func post(
        authority: String? = "", origin: String? = nil, site: String? = nil, type: String? = "application/json",
        cookie token: String?, bearer: String? = nil, web: RunningWeb, extra: HTTPFields = [:]
    ) -> TestClient.Request {
        var headers = extra
        if let origin { headers[.origin] = origin }
        if let site { headers[Self.secFetchSite] = site }
        if let type { headers[.contentType] = type }
        if let token { headers[.cookie] = Self.cookie(token, web) }
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return .init(
            "/api/control/open", method: .post, authority: authority == "" ? "127.0.0.1:\(web.port)" : authority,
            headers: headers, body: ByteBuffer(string: Self.open))
    }

    /// How many events the daemon has logged (the event log's next sequence number).
    static func eventCount(_ daemon: TestDaemon) throws -> Int {
        try daemon.control(.events, EventsRequest(), as: EventsResult.self).next
    }
}
