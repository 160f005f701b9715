import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What a tap on a bubble does, by device and app (SPEC §3, §5): the decision alone.
@Suite struct BubbleTapTests {
    static let bubble = TranscriptEntry(id: 1, messageID: "m1", kind: .bubble)
    static let install = Install(id: "in1", device: "phone", app: "com.example.cone", installedAt: 0)
    static let app = AppDescriptor(bundleID: "com.example.cone", displayName: "Cone")

    static func message(url: String? = "https://example.com/cone") -> StoredMessage {
        StoredMessage(
            id: "m1", conversation: "c", app: "com.example.cone", sender: "kate", senderDevice: "kphone",
            senderInstall: "in0",
            sentAt: 0, content: .app(MessageValue(url: url), image: nil, media: nil))
    }

    private func decide(
        _ platform: Platform, entry: TranscriptEntry = Self.bubble, message: StoredMessage? = Self.message(),
        installed: Bool = true,
        app: AppDescriptor = Self.app
    ) -> BubbleTap {
        BubbleTap.decide(
            entry, message: message, on: Device(id: "phone", owner: "john", platform: platform),
            install: installed ? Self.install : nil, app: app)
    }

    @Test func anInstalledAppOpensOnIOS() {
        guard case .app(let app, let install) = self.decide(.ios17) else {
            Issue.record("iOS opens the app")
            return
        }
        #expect(app.bundleID == Self.app.bundleID && install == Self.install)
    }

    @Test func theManifestMaySendTheTapToTheParentApp() {
        var app = Self.app
        app.hasParentApp = true
        app.opensMessagesInParentApp = true
        guard case .parentApp = self.decide(.ios11, app: app) else {
            Issue.record("the parent app opens it")
            return
        }
    }

    @Test func macOSOpensOnlyHTTPURLs() {
        guard case .openURL("https://example.com/cone") = self.decide(.macos) else {
            Issue.record("macOS opens the URL")
            return
        }
        guard case .nothing(let reason) = self.decide(.macos, message: Self.message(url: "data:,x")) else {
            Issue.record("not a data URL")
            return
        }
        #expect(reason == "macOS opens only http(s) URLs")
    }

    @Test func nothingOpensWhereNoAppRunsOrNoneIsInstalled() {
        guard case .nothing(let watch) = self.decide(.watchos),
            case .nothing(let missing) = self.decide(.ios10, installed: false)
        else {
            Issue.record("nothing opens")
            return
        }
        #expect(watch == "watchos runs no iMessage apps")
        #expect(missing == "com.example.cone is not installed on phone")
    }

    @Test func aSummaryOrATextCannotBeOpened() {
        guard
            case .nothing(let summary) = self.decide(
                .ios17, entry: TranscriptEntry(id: 2, messageID: "m1", kind: .summary)),
            case .nothing(let text) = self.decide(.ios17, message: nil)
        else {
            Issue.record("nothing opens")
            return
        }
        #expect(summary == "a summary entry cannot be opened" && text == "not an app message")
    }
}
