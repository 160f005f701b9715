import Foundation
import Synchronization

/// Each install's own data directory, as an iOS app has its container (docs/PROTOCOL.md §4.1).
///
/// On iOS, Kate's and John's copies of an app each write to their own container; here every
/// extension runs on the same machine, so without this two "devices" would share whatever the
/// app writes under `$HOME`. A container is `<state>/containers/<install id>`, with `home`,
/// `tmp` and the XDG directories inside it; the launch environment points `HOME`, `TMPDIR`
/// and `XDG_*_HOME` there, so `UserDefaults`, Python's usual paths and plain files land in it.
/// `CFFIXED_USER_HOME` too, as the iOS Simulator sets it for an app: Swift's Foundation takes
/// `NSHomeDirectory()`, `homeDirectoryForCurrentUser` and the Documents directory from it, not
/// from `HOME` (without it they are the daemon user's home, shared by every install).
///
/// It belongs to the install, not the process: it outlives terminations and daemon restarts,
/// and is deleted once the install is gone (after the uninstall is committed, and only when
/// no process of that install still runs, so nothing writes into a directory being removed).
/// A reinstall is a new install with a new id, so it starts empty, as on iOS.
final class ExtensionContainers: Sendable {
    /// `<state>/containers`.
    let root: String
    /// The directories made inside each container, and the variables that name them.
    static let layout: [(variable: String, directory: String)] = [
        ("HOME", "home"), ("TMPDIR", "tmp"), ("XDG_DATA_HOME", "home/.local/share"),
        ("XDG_CONFIG_HOME", "home/.config"), ("XDG_CACHE_HOME", "home/.cache"), ("XDG_STATE_HOME", "home/.local/state"),
        ("CFFIXED_USER_HOME", "home"),
    ]

    private struct State {
        /// install id → processes launched into it and not yet exited.
        var running: [String: Int] = [:]
        /// Installs removed since the daemon started: a container still in use is deleted when
        /// its last process exits, and a launch still on its way is not given one again.
        var removed: Set<String> = []
    }
    private let state = Mutex(State())

    init(stateDirectory: String) {
        self.root = stateDirectory + "/containers"
    }

    /// The container of `installID`; nil for an id that is no plain file name (the daemon
    /// makes UUIDs, so this only guards against a path escaping `root`).
    func path(_ installID: String) -> String? {
        guard !installID.isEmpty, installID != ".", installID != "..", !installID.contains("/"),
            !installID.contains("\0")
        else { return nil }
        return self.root + "/" + installID
    }

    /// Makes the container (mode 0700, each directory of it too) for a process about to start,
    /// counts that process in, and returns the environment that points into it.
    func enter(installID: String) throws -> [String: String] {
        guard let container = self.path(installID) else {
            throw ContainerError("install id \"\(installID)\" cannot name a directory")
        }
        var environment = ["MSGHOST_CONTAINER": container]
        let gone: Bool = self.state.withLock { state in
            if !state.removed.contains(installID) { state.running[installID, default: 0] += 1 }
            return state.removed.contains(installID)
        }
        guard !gone else { throw ContainerError("install \(installID) was uninstalled") }
        do {
            try Self.makeDirectory(self.root)
            try Self.makeDirectory(container)
            for (variable, directory) in Self.layout {
                let path = container + "/" + directory
                try Self.makeDirectory(path)
                environment[variable] = path
            }
        } catch {
            self.leave(installID: installID)  // no process will start
            throw error
        }
        return environment
    }

    /// A process counted in by `enter` has exited: the container goes if its install has.
    func leave(installID: String) {
        let remove: Bool = self.state.withLock { state in
            let left = (state.running[installID] ?? 1) - 1
            state.running[installID] = left > 0 ? left : nil
            return left <= 0 && state.removed.contains(installID)
        }
        if remove { self.delete(installID) }
    }

    /// The install was removed (committed): its container goes now, or when its last process
    /// exits.
    func remove(installID: String) {
        let now: Bool = self.state.withLock { state in
            state.removed.insert(installID)
            return state.running[installID] == nil
        }
        if now { self.delete(installID) }
    }

    /// At start: deletes the containers of installs that no longer exist (a daemon that
    /// stopped between an uninstall's commit and its container's removal). Returns how many.
    @discardableResult
    func sweep(keeping installs: Set<String>) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: self.root) else { return 0 }
        let stale = names.filter { !installs.contains($0) }
        for name in stale { self.delete(name) }
        return stale.count
    }

    private func delete(_ installID: String) {
        guard let container = self.path(installID) else { return }
        try? FileManager.default.removeItem(atPath: container)
    }

    private static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // An existing directory keeps its mode: put it back to 0700 (the app may have
            // changed it; the daemon's own files stay private).
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        } catch {
            throw ContainerError("cannot make the container directory \(path): \(error.localizedDescription)")
        }
    }
}

struct ContainerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
