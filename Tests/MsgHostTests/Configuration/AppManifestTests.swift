import Foundation
import MsgHostProtocol
import Testing

@testable import MsgHost

/// Pins down how app manifests (config/apps/*.yaml) load: every `.yaml`/`.yml` file of the
/// folder, in name order; a missing folder means no apps; a missing required field or a
/// bundle id used twice is an error naming the file; a relative `workingDirectory` is resolved
/// against the manifest's folder (which is also the default).
@Suite struct AppManifestTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    static let full = """
        bundleID: com.example.full
        displayName: Full Example
        command: python3
        args: [app.py, --verbose]
        env: {EXAMPLE: "1"}
        workingDirectory: sub/dir
        contexts: [media]
        """

    static func minimal(_ bundleID: String, name: String = "Minimal") -> String {
        "bundleID: \(bundleID)\ndisplayName: \(name)\ncommand: /bin/true\n"
    }

    func load() throws -> [AppManifest] { try AppManifest.loadAll(from: self.directory.path) }

    func error(sourceLocation: SourceLocation = #_sourceLocation) -> ConfigurationError? {
        #expect(throws: ConfigurationError.self, sourceLocation: sourceLocation) { try self.load() }
    }

    @Test func aGoodManifestLoadsEveryField() throws {
        try self.directory.write("full.yaml", Self.full)
        let manifest = try #require(try self.load().first)
        #expect(manifest.bundleID == "com.example.full")
        #expect(manifest.displayName == "Full Example")
        #expect(manifest.command == "python3")
        #expect(manifest.args == ["app.py", "--verbose"])
        #expect(manifest.env == ["EXAMPLE": "1"])
        #expect(manifest.workingDirectory == self.directory.path + "/sub/dir")
        #expect(
            manifest.descriptor
                == AppDescriptor(bundleID: "com.example.full", displayName: "Full Example", contexts: [.media]))
        #expect(manifest.descriptor.presentationContext == .media)
    }

    @Test func optionalFieldsDefault() throws {
        try self.directory.write("minimal.yml", Self.minimal("com.example.minimal"))
        let manifest = try #require(try self.load().first)
        #expect(manifest.args == nil)
        #expect(manifest.env == nil)
        #expect(manifest.descriptor.contexts == [.messages])
        let folder = URL(fileURLWithPath: manifest.workingDirectory ?? "").standardizedFileURL.path
        #expect(
            folder == URL(fileURLWithPath: self.directory.path).standardizedFileURL.path,
            "default: the manifest's folder")
    }

    @Test(arguments: [("../sibling", "/../sibling"), ("./here/../there", "/there"), ("/opt/app", nil)])
    func workingDirectoryIsResolvedAgainstTheManifestsFolder(given: String, expectedSuffix: String?) throws {
        try self.directory.write("app.yaml", Self.minimal("com.example.wd") + "workingDirectory: \(given)\n")
        let manifest = try #require(try self.load().first)
        let expected =
            expectedSuffix.map { URL(fileURLWithPath: self.directory.path + $0).standardizedFileURL.path } ?? given
        #expect(manifest.workingDirectory == expected)
    }

    @Test func onlyYAMLFilesAreReadInNameOrder() throws {
        try self.directory.write("b.yaml", Self.minimal("com.example.b"))
        try self.directory.write("a.yml", Self.minimal("com.example.a"))
        try self.directory.write("notes.txt", "not a manifest")
        try self.directory.write("c.yaml.bak", "bundleID: [")
        #expect(try self.load().map(\.bundleID) == ["com.example.a", "com.example.b"])
    }

    @Test func aMissingDirectoryMeansNoApps() throws {
        #expect(try AppManifest.loadAll(from: self.directory.path + "/does-not-exist").isEmpty)
    }

    @Test(arguments: ["bundleID", "displayName", "command"])
    func aMissingRequiredFieldNamesTheFileAndTheField(field: String) throws {
        let text = Self.minimal("com.example.broken").split(separator: "\n").filter { !$0.hasPrefix(field + ":") }
            .joined(separator: "\n")
        let path = try self.directory.write("broken.yaml", text + "\n")
        let error = self.error()
        #expect(error?.description.contains(path) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains(field) == true, "\(error?.description ?? "")")
    }

    @Test func theMemoryWarningLineLoadsAndMustBeBelowTheLimit() throws {
        try self.directory.write("m.yaml", Self.minimal("com.example.m") + "memoryLimitMB: 64\nmemoryWarningMB: 48\n")
        let manifest = try #require(try self.load().first)
        #expect(manifest.descriptor.memoryWarningBytes == 48 << 20 && manifest.descriptor.memoryLimitBytes == 64 << 20)
        let path = try self.directory.write(
            "m.yaml", Self.minimal("com.example.m") + "memoryLimitMB: 64\nmemoryWarningMB: 64\n")
        let error = self.error()
        #expect(
            error?.description
                == "\(path): memoryWarningMB (64) must be below memoryLimitMB (64): the warning comes before the kill",
            "\(error?.description ?? "")")
    }

    @Test func anEmptyBundleIDOrCommandIsAnError() throws {
        let path = try self.directory.write("empty.yaml", "bundleID: \"\"\ndisplayName: X\ncommand: /bin/true\n")
        #expect(self.error()?.description.contains(path) == true)
    }

    @Test func aBundleIDUsedTwiceIsAnErrorNamingTheSecondFile() throws {
        try self.directory.write("a.yaml", Self.minimal("com.example.same", name: "First"))
        let second = try self.directory.write("b.yaml", Self.minimal("com.example.same", name: "Second"))
        let error = self.error()
        #expect(error?.description.contains(second) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("com.example.same") == true)
    }

    @Test func anUnknownContextIsAnErrorNamingTheFile() throws {
        let path = try self.directory.write("ctx.yaml", Self.minimal("com.example.ctx") + "contexts: [facetime]\n")
        let error = self.error()
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("contexts") == true, "\(error?.description ?? "")")
    }
}
