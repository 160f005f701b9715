import HTTPTypes
import Hummingbird

/// The `Origin` rule: a request that can change anything (every method but `GET` and `HEAD`)
/// and every `/api/` route, the event stream among them, must come from the page's own origin
/// or from no page at all (a script, `curl`: no `Origin`, no `Sec-Fetch-Site`). A `POST` must
/// also say `application/json`.
///
/// A browser lets any page send a "simple" request to any address without asking first —
/// `fetch(url, {method: "POST", mode: "no-cors", body})`, a form — and only hides the answer;
/// the request itself is carried out. Such a request says where it comes from (`Origin`,
/// `Sec-Fetch-Site`) and cannot be `application/json` (that needs a preflight, which another
/// origin fails here too), so refusing those stops it before the daemon hears of it. This
/// holds even for a page on another port of `127.0.0.1`, whose requests do carry the page's
/// cookie (same site), and so is not left to the cookie's `SameSite`.
struct OriginCheck<Context: RequestContext>: RouterMiddleware {
    let metrics: WebMetrics

    static var secFetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let changes = request.method != .get && request.method != .head
        guard changes || request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        guard let (status, reason) = Self.refusal(of: request) else { return try await next(request, context) }
        self.metrics.recordRefusal(.origin)
        return WebServer.error(
            status, "refused by the Origin rule: \(reason) (docs/WEB.md, \"Who can reach the page\")")
    }

    /// Why `request` may not reach its route, or nil if it may.
    static func refusal(of request: Request) -> (HTTPResponse.Status, String)? {
        // HostCheck ran first: the authority is one of the page's own names.
        let own = "http://\(request.head.authority ?? "")"
        if let origin = request.headers[.origin], origin.lowercased() != own.lowercased() {
            return (
                .forbidden,
                "a request from \(origin.debugDescription) may not reach \(request.uri.path); only the page's own origin, \(own), may"
            )
        }
        if let site = request.headers[Self.secFetchSite]?.lowercased(), site != "same-origin" && site != "none" {
            return (
                .forbidden,
                "a request from a page of another origin (Sec-Fetch-Site: \(site)) may not reach \(request.uri.path)"
            )
        }
        if request.method == .post {
            // Exactly application/json (any parameters): not a wildcard such as */json.
            let type = request.headers[.contentType].flatMap { MediaType(from: $0.lowercased()) }
            if type?.type != .application || type?.subType != "json" {
                let shown =
                    request.headers[.contentType].map { "Content-Type \($0.debugDescription)" } ?? "no Content-Type"
                return (
                    .unsupportedMediaType,
                    "a POST must be application/json, got \(shown): a form or a text/plain POST is what a page of another site can send without asking"
                )
            }
        }
        return nil
    }
}
