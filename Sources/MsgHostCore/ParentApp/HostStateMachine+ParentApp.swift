import HashTreeCollections
import MsgHostProtocol

/// The parent app on a device (SPEC §8; PROTOCOL.md §4.10): the user opens it and closes it
/// through control. It runs as its own process, launched and supervised as an extension is,
/// with one instance that its callbacks name; it is not presented in Messages, so none of the
/// extension's callbacks or rules apply to it. `ParentApps` holds who is in the foreground.
extension HostStateMachine {
    /// `openParentApp`: the app comes to the foreground of the device, started if it does not
    /// run: `applicationDidBecomeActive`. As when the user switches apps, the extension
    /// presented in Messages on that device resigns, and another parent app in the foreground
    /// closes (its sheet cancelled). A no-op when it is in the foreground already.
    mutating func openParentApp(_ request: ParentAppRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let device = try self.world.device(request.device)
        try self.requireApp(request.app)
        let (app, install) = try ParentApps.openable(
            request.app, descriptor: self.apps[request.app], on: device,
            install: self.world.install(device: device.id, app: request.app))
        let (instanceID, outcome) = try self.foregroundParentApp(app, install: install, device: device.id, now: now)
        let result = ControlResult.parentApp(ParentAppResult(instance: instanceID))
        return self.reply(to: to, result, after: outcome, now: now)
    }

    /// The parent app comes to the foreground: started if needed, `applicationDidBecomeActive`;
    /// what was presented on the device resigns. Returns its instance and what to wait for.
    mutating func foregroundParentApp(_ app: AppDescriptor, install: Install, device: String, now: Instant)
        throws(WireError) -> (String, Outcome)
    {
        try self.requireNotQuarantined(device: device, app: app.bundleID, role: .parentApp)
        if let current = self.parentApps.foreground(app.bundleID, on: device) {
            return (current.instanceID, Outcome([], [current.instanceID]))
        }
        var outcome = Outcome()
        if let presented = self.screens.presented[device] {
            outcome += try reading(self.resign(presented, now: now))
        }
        outcome += self.closeParentApp(device: device, reason: "another parent app opened", now: now)
        let (launchID, launchActions) = self.processServing(
            device: device, app: app.bundleID, installID: install.id, role: .parentApp, now: now)
        outcome.actions += launchActions
        let instanceID = self.makeInstanceID()
        // Not presented in Messages and in no conversation: only its own callbacks reach it.
        self.adopt(
            Instance(
                id: instanceID, launchID: launchID, device: device, conversation: "", app: app.bundleID,
                installID: install.id, context: .messages, style: .expanded))
        _ = self.parentApps.open(
            .init(app: app.bundleID, installID: install.id, launchID: launchID, instanceID: instanceID), on: device)
        outcome.actions.append(
            self.outbox.record(.parentAppOpened, now: now, device: device, app: app.bundleID, instance: instanceID))
        outcome.actions += self.enqueue(
            [(.applicationDidBecomeActive, OutboundBody.instance(InstanceBody(instance: instanceID)))], on: instanceID,
            now: now)
        outcome.instances.insert(instanceID)
        return (instanceID, outcome)
    }

    /// A received bubble tapped where the app's manifest chose the parent app
    /// (`parentApp.opensMessages`): it comes to the foreground and gets `openURL` with the
    /// message's URL and the message as its install sees it.
    mutating func openInParentApp(
        _ stored: StoredMessage, app: AppDescriptor, install: Install, device: String, now: Instant
    ) throws(WireError) -> (String, Outcome) {
        var (instanceID, outcome) = try self.foregroundParentApp(app, install: install, device: device, now: now)
        let message = self.rendering.messageValue(stored, for: install.id)
        outcome.actions.append(
            self.outbox.record(
                .openedURL, now: now, device: device, app: app.bundleID, conversation: stored.conversation,
                instance: instanceID, detail: "in the parent app: \(message.url ?? "no url")"))
        outcome.actions += self.enqueue(
            [(.openURL, OutboundBody.encoding(OpenURLBody(instance: instanceID, url: message.url, message: message)))],
            on: instanceID, now: now)
        outcome.instances.insert(instanceID)
        return (instanceID, outcome)
    }

    /// The parent app in the foreground of `device` leaves it: a sheet it had up is cancelled
    /// (`messageComposeDidFinish` cancelled), then `applicationWillResignActive`; its process
    /// is then ended as an idle extension's is (ours: iOS would suspend it; nothing it holds in
    /// memory survives, as for extensions).
    mutating func closeParentApp(device: String, reason: String, now: Instant) -> Outcome {
        guard let (app, sheet) = self.parentApps.close(device: device) else { return Outcome() }
        var actions: [HostAction] = []
        if let sheet { actions += self.sheetFinished(sheet, .cancelled, reason: reason, now: now) }
        actions.append(
            self.outbox.record(
                .parentAppClosed, now: now, device: device, app: app.app, instance: app.instanceID, detail: reason))
        // Resigning: once its last callback is acknowledged it is resigned and the process idle.
        self.screens[app.instanceID]?.phase = .resigning
        actions += self.enqueue(
            [(.applicationWillResignActive, OutboundBody.instance(InstanceBody(instance: app.instanceID)))],
            on: app.instanceID, now: now)
        return Outcome(actions, [app.instanceID])
    }

    /// `closeParentApp`.
    mutating func closeParentAppCommand(_ request: DeviceRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        _ = try self.world.device(request.device)
        _ = try self.parentApps.foreground(on: request.device)
        let outcome = self.closeParentApp(device: request.device, reason: "closed by the user", now: now)
        return self.reply(to: to, .empty, after: outcome, now: now)
    }

    /// The instance a control `touch` on `device` reaches when a parent app is in the
    /// foreground there (nil: none is, and the touch goes to Messages). A sheet covers the app.
    func parentAppTouchable(device: String) throws(WireError) -> Instance? {
        guard let app = self.parentApps.foreground[device], let instance = self.screens[app.instanceID] else {
            return nil
        }
        try self.parentApps.requireUncovered(app, on: device)
        return instance
    }

    /// The app was uninstalled from `device`: its parent app leaves the foreground there
    /// (its process is ended with the extension's).
    mutating func parentAppGone(device: String, app: String, now: Instant) -> [HostAction] {
        guard let current = self.parentApps.foreground(app, on: device) else { return [] }
        return self.parentApps.instanceLost(current.instanceID, outbox: &self.outbox, now: now)
    }
}
