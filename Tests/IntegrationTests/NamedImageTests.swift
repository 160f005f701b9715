import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// `layout.image = UIImage(named:)` in a Swift extension (Tests/Fixtures/StickerApp), under a
/// real daemon: the named file's bytes are the bubble's image on the other device.
@Suite struct NamedImageTests {
    static let app = "com.example.stickers"
    static let fixture = TestPaths.repository + "/Tests/Fixtures/StickerApp"

    static func stickerApp(workingDirectory: String, env: [String: String] = [:]) -> TestDaemon.App {
        TestDaemon.App(
            bundleID: app, command: TestPaths.binary("StickerApp", override: "STICKER_APP_BINARY"), args: [],
            workingDirectory: workingDirectory, env: env)
    }

    /// Kate's open app inserts a bubble with the named image; she sends it; John's transcript has it.
    static func sendNamedImage(_ name: String, in daemon: TestDaemon) throws -> (caption: String?, image: Data?) {
        try daemon.touch("kate-iphone", payload: .object(["image": .string(name)]))
        try daemon.settle()
        try daemon.control(.send, InputFieldRequest(device: "kate-iphone", conversation: daemon.conversation))
        let entry = try #require(try daemon.transcript("john-iphone").last)
        guard case .template(let layout)? = entry.message?.layout else { return (entry.rendered?.caption, nil) }
        let image = try layout.image?.url.flatMap(URL.init(string:)).map { try Data(contentsOf: $0) }
        return (entry.rendered?.caption, image)
    }

    @Test func aNamedImageIsFoundInResourcesBesideTheWorkingDirectory() throws {
        // The manifest's workingDirectory is the fixture's folder: `Resources/cone.png` is found.
        try TestDaemon.with(apps: [Self.stickerApp(workingDirectory: Self.fixture)]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let sent = try Self.sendNamedImage("cone", in: daemon)
            #expect(sent.caption == "320×300")
            let cone = try Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/Resources/cone.png"))
            #expect(sent.image == cone)
        }
    }

    @Test func MSGHOST_RESOURCESNamesTheDirectoryAndScaleVariantsAreFound() throws {
        // Elsewhere, the manifest's env names it; "cup" exists only as cup@2x.png (400×360 px).
        let app = Self.stickerApp(workingDirectory: "/", env: ["MSGHOST_RESOURCES": Self.fixture + "/Resources"])
        try TestDaemon.with(apps: [app]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let sent = try Self.sendNamedImage("cup", in: daemon)
            #expect(sent.caption == "200×180")
            let cup = try Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/Resources/cup@2x.png"))
            #expect(sent.image == cup)
            #expect(try Self.sendNamedImage("waffle", in: daemon).caption == "no image called waffle")
        }
    }
}
