import Synchronization

/// Who may use msghost-web, as the three checks in front of every route see it
/// (docs/WEB.md, "Who can reach the page"): the `Host` names it answers to, the port it
/// listens on (the page's own origin is `http://HOST:PORT`), and the token, if any.
///
/// Listening on loopback is no boundary against the developer's own browser: any page of any
/// site can send requests to `127.0.0.1`, and a DNS-rebinding name can make them same-origin.
/// Each check closes one way in: `HostCheck` the rebinding, `OriginCheck` the requests other
/// sites' pages send without asking (a `no-cors` POST, a form), `TokenCheck` everyone who does
/// not have the URL msghost-web printed.
public struct WebAccess: Sendable {
    /// Names the page answers to besides the loopback ones, lowercased, each as `name` (with
    /// the listening port) or `name:port` (with that port: an SSH tunnel's local end).
    public var allowedHosts: Set<String>
    /// The port the page listens on; set once the server runs (`--port 0` picks it then).
    public let port: ListeningPort
    /// The token every `/api/` route, `/metrics` and the page need; nil with `--no-token`.
    public var token: WebToken?

    /// The names every msghost-web answers to: the loopback ones, which only this machine
    /// reaches and no DNS answer can stand for.
    public static let loopbackNames: [String] = ["127.0.0.1", "localhost", "[::1]"]

    public init(allowedHosts: Set<String> = [], port: ListeningPort, token: WebToken?) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.port = port
        self.token = token
    }

    /// `name` and `port` of a `Host` value (`localhost:8080`, `[::1]:8080`, `example.com`),
    /// the name lowercased; nil for anything else.
    public static func split(_ authority: String) -> (name: String, port: Int?)? {
        let text = authority.lowercased()
        let name: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[...close]
            rest = text[text.index(after: close)...]
        } else if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            rest = text[colon...]
        } else {
            name = text[...]
            rest = ""
        }
        guard !name.isEmpty else { return nil }
        if rest.isEmpty { return (String(name), nil) }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let port = Int(digits), port <= 65_535
        else { return nil }
        return (String(name), port)
    }

    /// `text` (an `--allow-host` value) as the allow-list keeps it, lowercased: a DNS name, an
    /// IPv4 address or a bracketed IPv6 address, with an optional `:PORT`; nil for anything else.
    public static func allowedHost(_ text: String) -> String? {
        guard let (name, _) = Self.split(text) else { return nil }
        if name.hasPrefix("[") {
            let inside = name.dropFirst().dropLast()
            return name.hasSuffix("]") && !inside.isEmpty
                && inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) ? text.lowercased() : nil
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            name.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        return valid ? text.lowercased() : nil
    }

    /// The name of the cookie the page keeps its token in. Cookies are not kept apart by port,
    /// so two msghost-webs on one machine each name theirs by its port (as Jupyter does).
    var cookieName: String { "msghost-web-token-\(self.port.value)" }
}

/// The three rules, in the order they run; the label of `msghost_web_http_refused_total`.
enum AccessRule: String, CaseIterable, Sendable {
    case host, origin, token
}

/// The port the server listens on, known for certain only once it is bound.
public final class ListeningPort: Sendable {
    private let port: Atomic<Int>

    public init(_ port: Int) { self.port = Atomic(port) }

    public var value: Int { self.port.load(ordering: .acquiring) }

    /// Called from the server's `onServerRunning` with the port it bound.
    public func set(_ port: Int) { self.port.store(port, ordering: .releasing) }
}
