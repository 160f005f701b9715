import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The Python SDK as a package, checked from the one test command CI runs:
/// `mypy --strict` over its sources, and `python -m build` making a wheel and an sdist whose
/// version's major number is the daemon's protocol version, that install and import.
///
/// The build runs with `--no-isolation`: it uses the backend (hatchling) already installed by
/// scripts/bootstrap or .ci/run instead of downloading one into a fresh environment, so it
/// needs no network. Installs go into temporary `--target` directories with `--no-index
/// --no-deps` (pyzmq is already there), so nothing outside the test's directory changes.
@Suite struct PythonPackageTests {
    static let python = TestPaths.repository + "/python"

    @Test func mypyStrictIsCleanOverTheSources() throws {
        let cache = Self.scratch("mypy-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let run = try CommandRun(
            "/usr/bin/env", ["python3", "-m", "mypy", "--strict", "--cache-dir", cache, Self.python + "/src"])
        #expect(run.status == 0, "mypy --strict found errors:\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("Success: no issues found"), "\(run.stdout)\n\(run.stderr)")
    }

    @Test func buildMakesAWheelAndAnSdistVersionedByTheProtocolThatInstallAndImport() throws {
        let directory = Self.scratch("python-package")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dist = directory + "/dist"

        let build = try CommandRun(
            "/usr/bin/env",
            ["python3", "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", dist, Self.python])
        try #require(build.status == 0, "python -m build failed:\n\(build.stdout)\n\(build.stderr)")

        // One wheel and one sdist, of one version whose major number is the protocol's.
        let files = try FileManager.default.contentsOfDirectory(atPath: dist).sorted()
        let wheelPattern = #/^msghost-(\d+)\.(\d+)\.(\d+)-py3-none-any\.whl$/#
        let wheel = try #require(files.first { $0.wholeMatch(of: wheelPattern) != nil }, "no wheel among \(files)")
        let match = try #require(wheel.wholeMatch(of: wheelPattern))
        #expect(
            Int(match.output.1) == WireVersion.major,
            "the package's major version is not the protocol's (\(WireVersion.major)): \(wheel)")
        let version = "\(match.output.1).\(match.output.2).\(match.output.3)"
        #expect(files == ["msghost-\(version)-py3-none-any.whl", "msghost-\(version).tar.gz"], "\(files)")

        // The wheel installs, and what imports from it is it, with its metadata and plugin.
        let site = directory + "/site"
        try Self.pipInstall(dist + "/" + wheel, into: site)
        let metadata = try String(contentsOfFile: site + "/msghost-\(version).dist-info/METADATA", encoding: .utf8)
        #expect(metadata.contains("\nVersion: \(version)\n"), "\(metadata)")
        #expect(metadata.contains("\nRequires-Dist: pyzmq"), "\(metadata)")
        let entryPoints = try String(
            contentsOfFile: site + "/msghost-\(version).dist-info/entry_points.txt", encoding: .utf8)
        #expect(
            entryPoints.contains("[pytest11]") && entryPoints.contains("msghost = msghost.pytest_plugin"),
            "\(entryPoints)")
        #expect(FileManager.default.fileExists(atPath: site + "/msghost/py.typed"), "the wheel lacks py.typed")
        try Self.expectImports(from: site, version: version)

        let help = try CommandRun(
            "/usr/bin/env", ["python3", "-m", "pytest", "-p", "no:cacheprovider", "--help"],
            environment: ["PYTHONPATH": site])
        #expect(
            help.status == 0 && help.stdout.contains("--msghostd"),
            "the installed plugin's option is missing:\n\(help.stdout.suffix(2000))\n\(help.stderr)")

        // The sdist is complete: it builds and installs on its own (same backend, no network).
        let fromSource = directory + "/site-from-sdist"
        try Self.pipInstall(dist + "/msghost-\(version).tar.gz", into: fromSource, extra: ["--no-build-isolation"])
        try Self.expectImports(from: fromSource, version: version)
    }

    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
    }

    static func pipInstall(_ file: String, into target: String, extra: [String] = []) throws {
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                "--disable-pip-version-check",
            ] + extra + ["--target", target, file])
        try #require(run.status == 0, "pip install \(file) failed:\n\(run.stdout)\n\(run.stderr)")
    }

    /// Imports msghost with only `site` on PYTHONPATH: it must come from there, say `version`
    /// in `__version__` and in its installed metadata, and speak the daemon's protocol.
    static func expectImports(from site: String, version: String) throws {
        let script = """
            import importlib.metadata, msghost, msghost.envelope
            print(msghost.__file__)
            print(msghost.__version__, importlib.metadata.version("msghost"), msghost.PROTOCOL_VERSION, msghost.envelope.TAG.decode())
            """
        let run = try CommandRun("/usr/bin/env", ["python3", "-c", script], environment: ["PYTHONPATH": site])
        try #require(run.status == 0, "import msghost from \(site) failed:\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(site + "/msghost/") == true, "msghost imported from elsewhere: \(lines)")
        #expect(lines.last == "\(version) \(version) \(WireVersion.major) \(WireVersion.tag)", "\(lines)")
    }
}
