import Foundation
import Hummingbird
import MsgHostProtocol

/// The HTTP side of msghost-web: the page, a relay of control requests, the pushed stream,
/// stored files and `/metrics`. Every answer comes from the daemon's control API through
/// `DaemonLink`; msghost-web keeps no state of the world itself.
public enum WebServer {
    /// Control requests the relay refuses: subscriptions are the link's own (the page gets
    /// their pushes from `/api/stream`), and a page must not steal them.
    static let notRelayed: Set<String> = ["subscribe", "wireTap"]
    /// The largest request body the relay takes (a control request is small; the daemon's
    /// own limit on a frame is far above what a page sends).
    static let maxRequestBytes = 1 << 20

    /// `access`: who may use it (the Host, Origin and token rules, run in that order before
    /// any route). `timeout`: how long a relayed request waits for the daemon (a `touch` is
    /// answered once its callbacks settled: seconds, with a slow extension).
    public static func router(
        link: DaemonLink, watch: DaemonWatch, page: PageAssets, metrics: WebMetrics, access: WebAccess,
        timeout: Duration = .seconds(30)
    ) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(metrics.middleware)
        router.middlewares.add(HostCheck(access: access, metrics: metrics))
        router.middlewares.add(OriginCheck(metrics: metrics))
        router.middlewares.add(TokenCheck(access: access, page: page, metrics: metrics))
        router.get("/") { _, _ in page.response(for: "index.html") }
        router.get("/static/:name") { _, context in
            page.response(for: try context.parameters.require("name"))
        }
        router.get("/api/daemon") { _, _ in
            Self.json(.ok, WireJSON.encode(await watch.current))
        }
        router.post("/api/control/:command") { request, context in
            let command = try context.parameters.require("command")
            guard command.count <= 40, command.allSatisfy({ $0.isASCII && $0.isLetter }),
                !Self.notRelayed.contains(command)
            else {
                return Self.error(
                    .badRequest,
                    "msghost-web does not relay \(command.debugDescription): the page's stream is /api/stream")
            }
            var body = try await request.body.collect(upTo: Self.maxRequestBytes)
            let bytes = body.readBytes(length: body.readableBytes) ?? []
            return await Self.relay(link, command, body: bytes.isEmpty ? Array("{}".utf8) : bytes, timeout: timeout)
        }
        router.get("/api/stream") { request, _ in
            let withFrames = request.uri.queryParameters.get("frames") == "1"
            if withFrames { await watch.wantTap() }
            let kinds: Set<String> = withFrames ? ["daemon", "event", "frame", "ping"] : ["daemon", "event", "ping"]
            return Self.eventStream(link.pushes.listen(kinds: kinds))
        }
        router.get("/api/file") { request, _ in
            guard let url = request.uri.queryParameters.get("url") else {
                return Self.error(
                    .badRequest, "missing query parameter url (a file:// URL from a transcript or a view)")
            }
            return await Self.file(link, url: url)
        }
        Self.addRecordingRoutes(to: router, link: link, timeout: timeout)
        router.get("/metrics") { _, _ in
            await metrics.exposition(link: link)
        }
        return router
    }

    /// Server-sent events: one `event:` per push, named by its kind, with the daemon's JSON as
    /// `data:`; pings as comments.
    static func eventStream(_ pushes: AsyncStream<Push>) -> Response {
        let body = ResponseBody(
            asyncSequence: pushes.map { push -> ByteBuffer in
                if push.kind == "ping" { return ByteBuffer(string: ": ping\n\n") }
                let data = String(decoding: push.body, as: UTF8.self).replacingOccurrences(of: "\n", with: "\ndata: ")
                return ByteBuffer(string: "event: \(push.kind)\ndata: \(data)\n\n")
            })
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: body)
    }

    static func relay(_ link: DaemonLink, _ command: String, body: [UInt8], timeout: Duration) async -> Response {
        do {
            let reply = try await link.request(command, body: body, timeout: timeout)
            // The daemon's reply as it is: ok → 200; an error reply (its domain, code and
            // name inside) → 422, so a page can tell them apart without parsing first.
            return Self.json(reply.ok ? .ok : .unprocessableContent, reply.body)
        } catch {
            return Self.error(.badGateway, "\(error)")
        }
    }

    static func file(_ link: DaemonLink, url: String) async -> Response {
        let request = WireJSON.encode(["url": url])
        do {
            let reply = try await link.request("file", body: request)
            guard reply.ok else { return Self.json(.notFound, reply.body) }
            let file = try WireJSON.decode(FileReply.self, from: reply.body)
            guard let data = Data(base64Encoded: file.data) else {
                return Self.error(.badGateway, "the daemon's file reply is not base64")
            }
            var headers = HTTPFields()
            headers[.contentType] = file.mimeType
            headers[.cacheControl] = "max-age=86400"  // stored files are content-addressed: a URL's bytes never change
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        } catch {
            return Self.error(.badGateway, "\(error)")
        }
    }

    private struct FileReply: Decodable {
        var mimeType: String
        var data: String
    }

    static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An error of msghost-web itself, shaped like a daemon error reply (domain `msghost.web`).
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        struct Body: Encodable {
            struct Failure: Encodable {
                var domain = "msghost.web"
                var code: Int
                var name: String
                var description: String
            }
            var status = "error"
            var error: Failure
        }
        let failure = Body.Failure(code: Int(status.code), name: status.reasonPhrase, description: message)
        return Self.json(status, WireJSON.encode(Body(error: failure)))
    }
}
