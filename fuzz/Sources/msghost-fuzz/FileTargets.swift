import Foundation
import MsgHost
import MsgHostCore
import MsgHostProtocol

/// The configuration files, read through the daemon's own loaders. msghostd.yaml is loaded
/// from memory through the path the daemon takes once it has read the file; an app manifest
/// and a world seed are read only from a file by the daemon, so their input is written to one
/// (in /dev/shm when there is one, so it stays in memory) and loaded from there. Errors are
/// the expected outcome of most inputs; a crash, hang or leak is the finding.
enum FileTargets {
    /// A directory of this process's own, so that parallel fuzzers never share a file, under
    /// `MSGHOST_FUZZ_TMP` (`scripts/fuzz` makes one and removes it afterwards).
    static let directory: String = {
        let fallback = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let base = ProcessInfo.processInfo.environment["MSGHOST_FUZZ_TMP"] ?? fallback
        let path = "\(base)/msghost-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/apps", withIntermediateDirectories: true)
        return path
    }()

    /// The start of a PNG, as a layout image's binary frame.
    static let smallPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]

    static func write(_ input: [UInt8], to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
            fatalError("cannot write the fuzz input to \(path)")
        }
    }

    /// msghostd.yaml: the known-keys check, swift-configuration's YAML provider and every
    /// key's type and range, from memory (`DaemonConfiguration.load(yaml:…)`, which
    /// `msghostd`'s `load(path:…)` calls once it has read the file). The bytes become text as
    /// the file's read makes them (UTF-8, or the daemon stops with "cannot read"); the path
    /// names the file in errors, and its directory is where the default apps directory and
    /// world.yaml are looked for, as the file's would be.
    static func config(_ input: [UInt8]) {
        guard let text = String(bytes: input, encoding: .utf8) else { return }
        _ = try? DaemonConfiguration.load(
            yaml: text, path: Self.directory + "/msghostd.yaml", environment: [:], flags: [:])
    }

    /// An app manifest: known keys, types, ranges, the attach key's length.
    static func manifest(_ input: [UInt8]) {
        let apps = Self.directory + "/apps"
        Self.write(input, to: apps + "/app.yaml")
        _ = try? AppManifest.loadAll(from: apps)
    }

    /// A world seed: loaded, then applied to an empty world with the fuzzers' apps, with the
    /// control commands' checks (`HostStateMachine.applySeed`).
    static func seed(_ input: [UInt8]) {
        let path = Self.directory + "/world.yaml"
        Self.write(input, to: path)
        guard let seed = try? WorldSeed.load(path: path) else { return }
        var machine = HostStateMachine(
            world: World(), apps: FuzzHost.apps, settings: HostSettings(), ids: SequentialIDGenerator(),
            startedAt: FuzzHost.start, daemonPID: 4242)
        _ = try? machine.applySeed(seed, now: FuzzHost.start)
    }
}
