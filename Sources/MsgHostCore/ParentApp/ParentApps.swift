import HashTreeCollections
import MsgHostProtocol

/// The parent apps in the foreground of devices, and the compose sheets
/// (`MFMessageComposeViewController`) they present (SPEC §8, the parent app; PROTOCOL.md §4.10).
///
/// It owns the invariants between them: a device has at most one parent app in the
/// foreground and at most one sheet; a sheet exists only over the parent app that presented
/// it, in the foreground of its device, so closing the app (or losing its process) takes the
/// sheet with it. Presentation state, like what Messages shows: in memory only.
struct ParentApps: Sendable {
    /// A parent app in the foreground of a device: its process and the instance its
    /// callbacks name.
    struct Foreground: Sendable, Equatable {
        let app: String
        let installID: String
        let launchID: String
        let instanceID: String
    }

    /// A compose sheet up on a device, as the parent app filled it in. Only the user finishes
    /// it (control `compose`).
    struct Sheet: Sendable {
        let device: String
        let app: String
        let installID: String
        let instanceID: String
        /// Handles, as the user would type them.
        let recipients: [String]
        let body: String?
        /// The `MSMessage`, its files already in the store; nil for a sheet of text only.
        let content: MessageContent?
        let presentedAt: Instant
    }

    /// Why a sheet cannot be presented.
    enum Refusal: Error, Equatable {
        /// The presenting instance is not the parent app in its device's foreground.
        case notInForeground
        /// A sheet is already up on that device.
        case alreadyPresented
    }

    @Journaled private(set) var foreground: TreeDictionary<String, Foreground> = [:]
    @Journaled private(set) var sheets: TreeDictionary<String, Sheet> = [:]

    /// The unit ends: kept, or undone (puts the parent apps and their sheets back as when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.$foreground.closeUnit(undoing: undoing)
        self.$sheets.closeUnit(undoing: undoing)
    }

    /// `app` comes to the foreground of `device`. The parent app that was there (a different
    /// one) leaves it, with its sheet: both are returned so the caller can tell them.
    mutating func open(_ app: Foreground, on device: String) -> (previous: Foreground?, sheet: Sheet?) {
        let previous = self.foreground[device]
        guard previous != app else { return (nil, nil) }
        let sheet = previous == nil ? nil : self.sheets.removeValue(forKey: device)
        self.foreground[device] = app
        return (previous, sheet)
    }

    /// The parent app leaves the foreground of `device` (the user closed it), with its sheet.
    mutating func close(device: String) -> (app: Foreground, sheet: Sheet?)? {
        guard let app = self.foreground.removeValue(forKey: device) else { return nil }
        return (app, self.sheets.removeValue(forKey: device))
    }

    /// Whether `instanceID` could present a sheet on `device` now.
    func refusal(instanceID: String, device: String) -> Refusal? {
        guard self.foreground[device]?.instanceID == instanceID else { return .notInForeground }
        guard self.sheets[device] == nil else { return .alreadyPresented }
        return nil
    }

    /// Puts the sheet up, unless `refusal` says why not.
    mutating func present(_ sheet: Sheet) throws(Refusal) {
        if let refusal = self.refusal(instanceID: sheet.instanceID, device: sheet.device) { throw refusal }
        self.sheets[sheet.device] = sheet
    }

    /// The user sent or cancelled the sheet on `device`: it goes.
    mutating func finish(device: String) -> Sheet? { self.sheets.removeValue(forKey: device) }

    /// The parent app `app` if it is in the foreground of `device`.
    func foreground(_ app: String, on device: String) -> Foreground? {
        self.foreground[device].flatMap { $0.app == app ? $0 : nil }
    }

    /// The parent app in the foreground of `device`, which the user can close.
    func foreground(on device: String) throws(WireError) -> Foreground {
        guard let app = self.foreground[device] else {
            throw .control(.invalidState, "no parent app is in the foreground of \(device)")
        }
        return app
    }

    /// A control `touch` on `device` reaches `app`, the parent app in its foreground, unless a
    /// sheet covers it: only Send or Cancel can be touched then.
    func requireUncovered(_ app: Foreground, on device: String) throws(WireError) {
        guard self.sheets[device] == nil else {
            throw .control(
                .invalidState, "a compose sheet covers \(app.app) on \(device): send or cancel it first (compose)")
        }
    }

    /// The app (`descriptor`, the manifest of `bundleID`) and its install on `device`, if its
    /// parent app can come to the foreground there: the manifest names one, the device runs
    /// iMessage apps, and the app is installed on it.
    static func openable(_ bundleID: String, descriptor: AppDescriptor?, on device: Device, install: Install?)
        throws(WireError) -> (AppDescriptor, Install)
    {
        guard let descriptor, descriptor.hasParentApp else {
            throw .control(.notFound, "\(bundleID)'s manifest names no parent app (parentApp)")
        }
        guard device.platform.runsExtensions else {
            throw .control(.invalidState, "\(device.id) runs \(device.platform.rawValue), which has no iMessage apps")
        }
        guard let install else { throw .control(.notFound, "\(bundleID) is not installed on \(device.id)") }
        return (descriptor, install)
    }

    /// The instance's process is gone: whatever of it was in a foreground goes too.
    mutating func instanceGone(_ instanceID: String) -> (device: String, app: Foreground, sheet: Sheet?)? {
        guard let (device, app) = self.foreground.first(where: { $0.value.instanceID == instanceID }) else {
            return nil
        }
        self.foreground[device] = nil
        return (device, app, self.sheets.removeValue(forKey: device))
    }

    /// A parent-app instance went with its process (crash, kill, termination, uninstall): it
    /// leaves the foreground, and its sheet goes unanswered (there is no one left to tell);
    /// both are logged.
    mutating func instanceLost(_ instanceID: String, outbox: inout Outbox, now: Instant) -> [HostAction] {
        guard let (device, app, sheet) = self.instanceGone(instanceID) else { return [] }
        var actions: [HostAction] = []
        if sheet != nil {
            actions.append(
                outbox.record(
                    .composeFinished, now: now, device: device, app: app.app, instance: instanceID,
                    name: MessageComposeResult.cancelled.rawValue, detail: "the parent app's process ended"))
        }
        return actions + [
            outbox.record(
                .parentAppClosed, now: now, device: device, app: app.app, instance: instanceID,
                detail: "its process ended")
        ]
    }
}
