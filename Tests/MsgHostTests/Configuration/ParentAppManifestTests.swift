import Foundation
import MsgHostProtocol
import Testing

@testable import MsgHost

/// A manifest's `parentApp` section (PROTOCOL.md §4.10): its command runs with the
/// extension's `env` and then its own, `MSGHOST_ROLE=parentApp`, a working directory resolved
/// like the extension's (and defaulting to it); `opensMessages` reaches the host; an unknown
/// key under it, or an empty command, is an error naming the file.
@Suite struct ParentAppManifestTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    func load() throws -> [AppManifest] { try AppManifest.loadAll(from: self.directory.path) }

    static let manifest = """
        bundleID: com.example.shop
        displayName: Shop
        command: python3
        args: [extension.py]
        env: {SHARED: "1", WHO: extension}
        workingDirectory: ext
        """

    @Test func theParentAppRunsItsOwnCommandWithTheSharedEnvironment() throws {
        try self.directory.write(
            "shop.yaml",
            Self.manifest
                + "\nparentApp: {command: python3, args: [shop.py], env: {WHO: parent}, workingDirectory: app, opensMessages: true}\n"
        )
        let manifest = try #require(try self.load().first)
        #expect(manifest.descriptor.hasParentApp && manifest.descriptor.opensMessagesInParentApp)
        let parent = try #require(manifest.forParentApp())
        #expect(parent.command == "python3" && parent.args == ["shop.py"])
        #expect(parent.env == ["SHARED": "1", "WHO": "parent", "MSGHOST_ROLE": "parentApp"])
        #expect(parent.workingDirectory == self.directory.path + "/app")
        #expect(manifest.workingDirectory == self.directory.path + "/ext", "the extension's own stays")
    }

    @Test func withoutOneThereIsNoParentAppAndTheDefaultsHold() throws {
        try self.directory.write("shop.yaml", Self.manifest + "\nparentApp: {command: ./shop}\n")
        let manifest = try #require(try self.load().first)
        #expect(manifest.descriptor.hasParentApp && !manifest.descriptor.opensMessagesInParentApp)
        #expect(
            manifest.forParentApp()?.workingDirectory == self.directory.path + "/ext",
            "the extension's working directory by default")
        try self.directory.write("shop.yaml", Self.manifest)
        let plain = try #require(try self.load().first)
        #expect(!plain.descriptor.hasParentApp)
        #expect(plain.forParentApp() == nil)
    }

    @Test(arguments: ["parentApp: {command: python3, colour: red}", "parentApp: {command: \"\"}"])
    func aBadSectionIsAnErrorNamingTheFile(_ section: String) throws {
        try self.directory.write("shop.yaml", Self.manifest + "\n" + section + "\n")
        let error = #expect(throws: ConfigurationError.self) { try self.load() }
        #expect(error?.description.contains("shop.yaml") == true)
    }
}
