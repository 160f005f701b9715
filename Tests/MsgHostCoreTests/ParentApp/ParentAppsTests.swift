@testable import MsgHostCore
import HashTreeCollections
import MsgHostProtocol
import Testing

/// `ParentApps` alone: one parent app in a device's foreground, one sheet, and a sheet only
/// over the app that presented it.
@Suite struct ParentAppsTests {
    static let app = ParentApps.Foreground(app: "com.example.app", installID: "in1", launchID: "l1", instanceID: "i1")
    static let other = ParentApps.Foreground(app: "com.example.other", installID: "in2", launchID: "l2", instanceID: "i2")

    static func sheet(_ instance: String = "i1", device: String = "phone") -> ParentApps.Sheet {
        ParentApps.Sheet(device: device, app: "com.example.app", installID: "in1", instanceID: instance, recipients: ["ben@example.com"],
                         body: "hi", content: nil, presentedAt: Instant(milliseconds: 0))
    }

    @Test func aSheetNeedsItsAppInTheForegroundAndNoOtherSheet() throws {
        var apps = ParentApps()
        #expect(throws: ParentApps.Refusal.notInForeground) { try apps.present(Self.sheet()) }
        _ = apps.open(Self.app, on: "phone")
        #expect(throws: ParentApps.Refusal.notInForeground) { try apps.present(Self.sheet("i9")) }
        try apps.present(Self.sheet())
        #expect(throws: ParentApps.Refusal.alreadyPresented) { try apps.present(Self.sheet()) }
        let finished = apps.finish(device: "phone")
        #expect(finished?.recipients == ["ben@example.com"])
        try apps.present(Self.sheet())
    }

    @Test func closingOrReplacingTheAppTakesItsSheet() throws {
        var apps = ParentApps()
        _ = apps.open(Self.app, on: "phone")
        try apps.present(Self.sheet())
        let replaced = apps.open(Self.other, on: "phone")
        #expect(replaced.previous == Self.app)
        #expect(replaced.sheet?.instanceID == "i1")
        #expect(apps.sheets.isEmpty)
        let closed = apps.close(device: "phone")
        #expect(closed?.app == Self.other)
        let again = apps.close(device: "phone")
        #expect(again == nil)
    }

    @Test func reopeningTheSameAppKeepsItsSheet() throws {
        var apps = ParentApps()
        _ = apps.open(Self.app, on: "phone")
        try apps.present(Self.sheet())
        let again = apps.open(Self.app, on: "phone")
        #expect(again.previous == nil && again.sheet == nil)
        #expect(apps.sheets["phone"] != nil)
    }

    @Test func aLostInstanceLeavesTheForegroundWithItsSheet() throws {
        var apps = ParentApps()
        _ = apps.open(Self.app, on: "phone")
        _ = apps.open(Self.other, on: "pad")
        try apps.present(Self.sheet())
        let lost = apps.instanceGone("i1")
        let gone = try #require(lost)
        #expect(gone.device == "phone")
        #expect(gone.sheet != nil)
        #expect(apps.foreground["phone"] == nil)
        #expect(apps.foreground["pad"] == Self.other)
        let twice = apps.instanceGone("i1")
        #expect(twice == nil)
    }
}
