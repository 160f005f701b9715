import Foundation

/// Runs an example's Python tests (`examples/NAME/tests`) with pytest and msghost's plugin
/// from the source tree, so nothing needs installing, against this build's msghostd and the
/// binaries `environment` names. `no:msghost` keeps an installed copy of the plugin (registered
/// by its entry point) from loading twice.
public enum Pytest {
    public static func run(example: String, environment: [String: String]) throws -> CommandRun {
        try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-p",
                "msghost.pytest_plugin",
                TestPaths.repository + "/examples/\(example)/tests",
            ],
            environment: ["PYTHONPATH": TestPaths.repository + "/python/src", "MSGHOSTD": TestPaths.msghostd].merging(
                environment
            ) { $1 })
    }
}
