import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The ipc endpoints are plain (no CURVE): what keeps other users out is the runtime
/// directory, which msghostd makes 0700 (docs/SECURITY.md). Shown with a real client running
/// as uid 65534 (nobody), which CI can start because it runs as root.
@Suite struct IpcPermissionTests {
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// The system's Python, not a per-user one (root's pyenv is out of nobody's reach).
    static let python = ["/usr/bin/python3", "/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Connects to the Unix socket behind an ipc endpoint (what libzmq does first) and, if that
    /// works, sends the ZMTP greeting and waits for the daemon's: "talked", or "refused: why"
    /// with exit status 3. The standard library only, so that any uid can run it.
    static let probe = """
        import os, socket, sys
        print(f"uid {os.getuid()}", file=sys.stderr)
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(2)
        try:
            s.connect(sys.argv[1])
            s.sendall(b"\\xff" + bytes(8) + b"\\x7f")
            print("talked" if s.recv(10) else "refused: closed")
        except OSError as error:
            print(f"refused: {error.strerror or error}")
            sys.exit(3)
        """

    @Test(
        .enabled(
            if: getuid() == 0 && setpriv != nil && python != nil,
            "needs root (to start a client as another uid), setpriv and /usr/bin/python3"))
    func anotherUIDCannotConnectToTheIpcSockets() throws {
        try TestDaemon.with(apps: []) { daemon in
            let runtime = daemon.directory + "/run"
            let mode = try FileManager.default.attributesOfItem(atPath: runtime)[.posixPermissions] as? Int
            #expect(mode == 0o700)
            // Everything above the runtime directory is open to the probe, so that a refusal
            // below is the runtime directory's alone.
            chmod(daemon.directory, 0o755)
            for socket in ["control.sock", "extensions.sock"] {
                let path = runtime + "/" + socket
                let owner = try CommandRun(Self.python!, ["-c", Self.probe, path])
                #expect(
                    owner.status == 0 && owner.stdout.contains("talked"),
                    "the daemon's own uid must get through: \(owner.stdout) \(owner.stderr)")

                let other = try CommandRun(
                    Self.setpriv!,
                    [
                        "--reuid=65534", "--regid=65534", "--clear-groups", "--", Self.python!, "-c", Self.probe, path,
                    ])
                #expect(other.stderr.contains("uid 65534"), "the probe must really run as 65534: \(other.stderr)")
                #expect(
                    other.status == 3 && other.stdout.contains("refused: Permission denied"),
                    "uid 65534 must not connect: \(other.stdout) \(other.stderr)")
            }
            let counters = try daemon.status().counters
            #expect(counters["protocolErrors"] ?? 0 == 0)
        }
    }
}
