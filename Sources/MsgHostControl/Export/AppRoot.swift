import MsgHostProtocol

/// The folder a recorded session's apps live in: the deepest folder that holds the working
/// directories of all of them (which the recording daemon made absolute). An exported test
/// names the manifests' paths under it relative to it, and finds it relative to the test file
/// or through one variable, so that it runs in another checkout; a path outside it (a system
/// `python3`) stays as it was.
struct AppRoot: Equatable {
    /// Absolute, without a trailing slash (`/` itself for folders with nothing more in common).
    var path: String

    /// The common folder of the manifests' working directories; nil when none has one.
    init?(_ manifests: [JSONValue]) {
        let folders = manifests.compactMap { manifest -> [Substring]? in
            guard case .object(let fields) = manifest, case .string(let path)? = fields["workingDirectory"],
                path.hasPrefix("/")
            else { return nil }
            return path.split(separator: "/")
        }
        guard var common = folders.first else { return nil }
        for parts in folders.dropFirst() {
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        self.path = "/" + common.joined(separator: "/")
    }

    /// `path` relative to the root (`""` for the root itself), or nil when it is not under it.
    func relative(_ path: String) -> String? {
        if path == self.path { return "" }
        let prefix = self.path == "/" ? "/" : self.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The way from the absolute folder `directory` to the root, as `..` steps and names.
    func path(from directory: String) -> String {
        let from = directory.split(separator: "/")
        let to = self.path.split(separator: "/")
        let shared = zip(from, to).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared).map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }
}
