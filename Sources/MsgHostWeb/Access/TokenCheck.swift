import Hummingbird

/// The token rule: the page (`/`), every `/api/` route and `/metrics` need msghost-web's
/// token; without it they are `401`. The page's own files (`/static/…`) hold no secret and
/// are served to anyone the Host rule admits.
///
/// As in Jupyter, the token comes in the URL msghost-web prints (`/?token=…`); the page then
/// keeps it in an `HttpOnly`, `SameSite=Strict` cookie (named by the port: cookies are not
/// kept apart by port), so its script never sees it and no other site's page sends it. A
/// script sends `Authorization: Bearer TOKEN` instead.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let access: WebAccess
    let page: PageAssets
    let metrics: WebMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let token = self.access.token else { return try await next(request, context) }
        let path = request.uri.path
        let isPage = path == "/"
        guard isPage || path.hasPrefix("/api/") || path == "/metrics" else { return try await next(request, context) }
        if isPage, let given = request.uri.queryParameters.get("token") {
            // The printed URL: keep its token in the cookie. The page then takes the token out
            // of the address bar (history.replaceState), so it is not left in the history.
            guard token.matches(given) else { return self.refuse(path) }
            var response = try await next(request, context)
            response.setCookie(
                Cookie(name: self.access.cookieName, value: token.value, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        if let cookie = request.cookies[self.access.cookieName], token.matches(cookie.value) {
            return try await next(request, context)
        }
        if let given = Self.bearer(request.headers[.authorization]), token.matches(given) {
            return try await next(request, context)
        }
        return self.refuse(path)
    }

    /// `401`: for the page, the page that asks for the token; for the rest, an error naming the rule.
    func refuse(_ path: String) -> Response {
        self.metrics.recordRefusal(.token)
        if path == "/" { return self.page.response(for: "token.html", status: .unauthorized) }
        var response = WebServer.error(
            .unauthorized,
            "refused by the token rule: \(path) needs msghost-web's token; open the URL msghost-web printed (http://…/?token=…), or send Authorization: Bearer TOKEN (docs/WEB.md, \"Who can reach the page\")"
        )
        response.headers[.wwwAuthenticate] = #"Bearer realm="msghost-web""#
        return response
    }

    /// The credentials of `Authorization: Bearer TOKEN` (or Jupyter's `token TOKEN`).
    static func bearer(_ header: String?) -> Substring? {
        guard let header, let space = header.firstIndex(of: " ") else { return nil }
        let scheme = header[..<space].lowercased()
        guard scheme == "bearer" || scheme == "token" else { return nil }
        return header[header.index(after: space)...].drop { $0 == " " }
    }
}
