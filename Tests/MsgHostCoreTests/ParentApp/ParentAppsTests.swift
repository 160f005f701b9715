import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// `ParentApps` alone: one parent app in a device's foreground, one sheet, and a sheet only
/// over the app that presented it.
@Suite struct ParentAppsTests {
    static let app = ParentApps.Foreground(app: "com.example.app", installID: "in1", launchID: "l1", instanceID: "i1")
    static let other = ParentApps.Foreground(
        app: "com.example.other", installID: "in2", launchID: "l2", instanceID: "i2")

    static func sheet(_ instance: String = "i1", device: String = "phone") -> ParentApps.Sheet {
        ParentApps.Sheet(
            device: device, app: "com.example.app", installID: "in1", instanceID: instance,
            recipients: ["ben@example.com"],
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

    @Test func theForegroundAppIsFoundByDeviceAndByApp() throws {
        var apps = ParentApps()
        let none = #expect(throws: WireError.self) { try apps.foreground(on: "phone") }
        #expect(
            none?.isControl(.invalidState) == true && none?.description == "no parent app is in the foreground of phone"
        )
        _ = apps.open(Self.app, on: "phone")
        #expect(try apps.foreground(on: "phone") == Self.app)
        #expect(apps.foreground("com.example.app", on: "phone") == Self.app)
        #expect(
            apps.foreground("com.example.other", on: "phone") == nil
                && apps.foreground("com.example.app", on: "pad") == nil)
    }

    @Test func aSheetCoversItsAppFromTouches() throws {
        var apps = ParentApps()
        _ = apps.open(Self.app, on: "phone")
        try apps.requireUncovered(Self.app, on: "phone")
        try apps.present(Self.sheet())
        let covered = #expect(throws: WireError.self) { try apps.requireUncovered(Self.app, on: "phone") }
        #expect(covered?.isControl(.invalidState) == true)
        #expect(
            covered?.description == "a compose sheet covers com.example.app on phone: send or cancel it first (compose)"
        )
    }

    @Test func aParentAppOpensOnlyWhereItsManifestPlatformAndInstallAllow() throws {
        var descriptor = AppDescriptor(bundleID: "com.example.app", displayName: "App")
        let phone = Device(id: "phone", owner: "amber@example.com")
        let install = Install(id: "in1", device: "phone", app: "com.example.app", installedAt: 0)
        func refusal(_ descriptor: AppDescriptor?, _ device: Device, _ install: Install?) -> WireError? {
            #expect(throws: WireError.self) {
                try ParentApps.openable("com.example.app", descriptor: descriptor, on: device, install: install)
            }
        }
        #expect(
            refusal(descriptor, phone, install)?.description
                == "com.example.app's manifest names no parent app (parentApp)")
        #expect(refusal(nil, phone, install)?.isControl(.notFound) == true)
        descriptor.hasParentApp = true
        let watch = refusal(descriptor, Device(id: "watch", owner: "amber@example.com", platform: .watchos), install)
        #expect(
            watch?.isControl(.invalidState) == true
                && watch?.description == "watch runs watchos, which has no iMessage apps")
        #expect(refusal(descriptor, phone, nil)?.description == "com.example.app is not installed on phone")
        let (app, installed) = try ParentApps.openable(
            "com.example.app", descriptor: descriptor, on: phone, install: install)
        #expect(app == descriptor && installed == install)
    }
}

/// A parent app's lost instance is logged: its sheet unanswered, then its leaving.
@Suite struct ParentAppsLostTests {
    @Test func aLostInstanceIsLoggedWithItsSheet() throws {
        var apps = ParentApps()
        var outbox = Outbox(eventLogCapacity: 8)
        _ = apps.open(.init(app: "app", installID: "in", launchID: "l1", instanceID: "i1"), on: "phone")
        try apps.present(ParentAppsTests.sheet())
        let actions = apps.instanceLost("i1", outbox: &outbox, now: Instant(milliseconds: 1))
        #expect(actions.count == 2 && outbox.events.records.map(\.kind) == ["composeFinished", "parentAppClosed"])
        #expect(apps.instanceLost("i1", outbox: &outbox, now: Instant(milliseconds: 1)).isEmpty, "once")
    }
}
