import ArgumentParser
import Foundation
import Logging
import Metrics
import MsgHost
import Prometheus
import ServiceLifecycle
import UnixSignals

/// msghostd: the Messages host daemon.
///
/// Configuration is read from the YAML file, then `MSGHOSTD_*` environment variables, then
/// these flags; later sources win. See config/msghostd.yaml for every key.
@main
struct Msghostd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "msghostd",
        abstract: "Emulate Apple's Messages host for iMessage-app extensions.",
        discussion: """
            Keys can also be set in the environment: MSGHOSTD_ plus the key in upper case with \
            underscores, e.g. MSGHOSTD_STATE_DIRECTORY or MSGHOSTD_INTERACTION_WINDOW_MS.
            """)

    @Option(help: "The YAML configuration file.")
    var config: String = "/etc/msghost/msghostd.yaml"

    @Option(help: "Where the world is stored (state.directory).")
    var stateDirectory: String?

    @Option(help: "Where the ipc sockets are made (runtime.directory).")
    var runtimeDirectory: String?

    @Option(help: "The folder of app manifests (apps.directory).")
    var appsDirectory: String?

    @Option(help: "A world seed applied to an empty state directory (world.seed).")
    var world: String?

    @Option(help: "The endpoint extensions connect to (endpoints.extension).")
    var extensionEndpoint: String?

    @Option(help: "The endpoint control clients connect to (endpoints.control).")
    var controlEndpoint: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (log.level).")
    var logLevel: String?

    @Option(help: "system, or manual: time moves only through `msghostctl clock advance` (clock).")
    var clock: String?

    func run() async throws {
        // A write past RLIMIT_FSIZE must fail (EFBIG), not kill the daemon: the store then
        // answers storageUnavailable and the daemon stays up (PROTOCOL.md §3.5). Extensions
        // start with every signal at its default (the spawner resets them).
        signal(SIGXFSZ, SIG_IGN)
        // Output that nobody reads any more (its terminal, or the program that started it, went
        // away) must not kill the daemon at its next log line: the write fails with EPIPE and
        // the line is lost, as systemd's IgnoreSIGPIPE=yes has it for services.
        signal(SIGPIPE, SIG_IGN)
        let configPath =
            self.config.hasPrefix("/") ? self.config : FileManager.default.currentDirectoryPath + "/" + self.config
        let explicitConfig = CommandLine.arguments.contains { $0 == "--config" || $0.hasPrefix("--config=") }
        let configuration: DaemonConfiguration
        do {
            configuration = try await DaemonConfiguration.load(
                path: configPath, allowMissing: !explicitConfig, environment: ProcessInfo.processInfo.environment,
                flags: [
                    "state.directory": self.stateDirectory, "runtime.directory": self.runtimeDirectory,
                    "apps.directory": self.appsDirectory, "world.seed": self.world,
                    "endpoints.extension": self.extensionEndpoint, "endpoints.control": self.controlEndpoint,
                    "log.level": self.logLevel, "clock": self.clock,
                ])
        } catch {
            Self.fail("configuration: \(error)")
        }
        let level = Logger.Level(rawValue: configuration.logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "msghostd")
        // swift-metrics into a Prometheus registry, which control `metrics` renders.
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        let service = HostService(configuration: configuration, logger: logger, metrics: registry)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as ConfigurationError {
            Self.fail(error.description)
        } catch {
            Self.fail("\(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("msghostd: \(message)\n".utf8))
        Foundation.exit(78)  // EX_CONFIG
    }
}
