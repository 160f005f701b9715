import Foundation
import HummingbirdTesting
import MsgHostControl
import MsgHostTesting

/// The msghost-web binary, started against a test daemon the way a user starts it, with the
/// URL it printed (and so its port and token); stopped when the test ends.
final class RunningWeb: @unchecked Sendable {
    let process = Process()
    let url: String
    let port: Int
    /// The token in the printed URL; nil with `--no-token`.
    let token: String?
    private let logPath: String

    init(endpoint: String, arguments: [String] = [], directory: String) throws {
        self.logPath = directory + "/msghost-web.log"
        FileManager.default.createFile(atPath: self.logPath, contents: nil)
        let output = Pipe()
        self.process.executableURL = URL(
            fileURLWithPath: TestPaths.binary("msghost-web", override: "MSGHOST_WEB_BINARY"))
        self.process.arguments = ["--endpoint", endpoint, "--port", "0"] + arguments
        self.process.standardOutput = output
        self.process.standardError = FileHandle(forWritingAtPath: self.logPath)
        try self.process.run()
        // The one line msghost-web prints once it listens: "msghost-web: open URL  (daemon: …)".
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        let line = String(decoding: printed, as: UTF8.self)
        guard let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }).map(String.init),
            let components = URLComponents(string: url), let port = components.port
        else {
            self.process.terminate()
            let log = (try? String(contentsOfFile: directory + "/msghost-web.log", encoding: .utf8)) ?? ""
            throw TestDaemonError(description: "msghost-web printed no URL: \(line.debugDescription); its log: \(log)")
        }
        self.url = url
        self.port = port
        self.token = components.queryItems?.first(where: { $0.name == "token" })?.value
    }

    var log: String { (try? String(contentsOfFile: self.logPath, encoding: .utf8)) ?? "" }

    /// Runs `body` with an HTTP client connected to msghost-web's port.
    func withClient<Value: Sendable>(_ body: @escaping @Sendable (TestClient) async throws -> Value) async throws
        -> Value
    {
        try await TestClient.withClient(host: "127.0.0.1", port: self.port, operation: body)
    }

    func stop() {
        if self.process.isRunning {
            self.process.terminate()
            self.process.waitUntilExit()
        }
    }

    deinit { self.stop() }

    /// msghost-web beside a fresh test daemon, for `body`; both stopped after. All of it runs
    /// on a thread of its own (`OwnThreads`), not on the pool the synchronous tests block.
    static func with(
        arguments: [String] = [], _ body: @escaping @Sendable (TestDaemon, RunningWeb) async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreads()) {
            try await TestDaemon.with { daemon in
                let web = try RunningWeb(
                    endpoint: daemon.control.endpoint, arguments: arguments, directory: daemon.directory)
                defer { web.stop() }
                do {
                    try await body(daemon, web)
                } catch {
                    print("---- msghost-web log ----\n\(web.log)")
                    throw error
                }
            }
        }
    }
}
