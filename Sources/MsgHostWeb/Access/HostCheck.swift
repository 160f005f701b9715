import Hummingbird

/// The `Host` rule: msghost-web answers only requests addressed to a loopback name
/// (`127.0.0.1`, `localhost`, `[::1]`) with its own port, or to a name the operator allowed
/// with `--allow-host`. Anything else is `403`, before any route runs.
///
/// This is what stops DNS rebinding: a page at `http://evil.example:8080/` whose name later
/// resolves to 127.0.0.1 is same-origin with what it then reaches, so the browser would let
/// it read every answer; but its requests say `Host: evil.example:8080`, and are refused.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    let access: WebAccess
    let metrics: WebMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority, self.admits(authority) else {
            let port = self.access.port.value
            let allowed =
                self.access.allowedHosts.isEmpty
                ? ""
                : ", nor one given with --allow-host (\(self.access.allowedHosts.sorted().joined(separator: ", ")))"
            let shown = request.head.authority.map { "\"\($0)\"" } ?? "(none)"
            self.metrics.recordRefusal(.host)
            return WebServer.error(
                .forbidden,
                "refused by the Host rule: Host \(shown) is not a loopback name (127.0.0.1, localhost, [::1]) with port \(port)\(allowed); to reach msghost-web by another name, start it with --allow-host NAME (docs/WEB.md, \"Who can reach the page\")"
            )
        }
        return try await next(request, context)
    }

    /// Whether a request to `authority` (the `Host` header) is one msghost-web answers.
    func admits(_ authority: String) -> Bool {
        guard let (name, port) = WebAccess.split(authority) else { return false }
        let listening = self.access.port.value
        if let port, self.access.allowedHosts.contains("\(name):\(port)") { return true }
        guard WebAccess.loopbackNames.contains(name) || self.access.allowedHosts.contains(name) else { return false }
        // A browser leaves out the port only when it is HTTP's default.
        return (port ?? 80) == listening
    }
}
