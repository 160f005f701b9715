import HashTreeCollections
import MsgHostProtocol

/// What the user sees, and the callbacks that follow from it (SPEC §3): opening an app from
/// the drawer, tapping bubbles, the chevron, showing a conversation, closing, and the
/// transcript-style instances that draw live-layout bubbles.
extension HostStateMachine {
    // MARK: Opening

    /// Opens `app` on `device` in `conversation` (drawer: compact; bubble: expanded with the
    /// tapped entry selected), cold: willBecomeActive → didBecomeActive → viewWillAppear →
    /// viewDidAppear. Anything else presented on the device resigns first.
    mutating func launchMain(
        app: AppDescriptor, install: Install, device: String, conversation: String, style: PresentationStyle,
        selectedEntry: Int?, now: Instant
    ) throws(HistoryUnreadable) -> (String, Outcome) {
        var outcome = try self.show(device: device, conversation: conversation, now: now)
        if let current = self.screens.presented[device] {
            outcome += try self.resign(current, now: now)
        }
        let (instanceID, started) = try self.start(
            app: app, install: install, device: device, conversation: conversation, style: style,
            selecting: selectedEntry, now: now)
        return (instanceID, outcome + started)
    }

    /// A new instance of `app` on `device` (its process launched if none serves it), presented
    /// unless it draws a live bubble, and cold-started (`Instance.coldStart`).
    private mutating func start(
        app: AppDescriptor, install: Install, device: String, conversation: String, style: PresentationStyle,
        selecting entry: Int?, now: Instant
    ) throws(HistoryUnreadable) -> (String, Outcome) {
        let (launchID, launched) = self.processServing(
            device: device, app: app.bundleID, installID: install.id, now: now)
        var instance = Instance(
            id: self.makeInstanceID(), launchID: launchID, device: device, conversation: conversation,
            app: app.bundleID,
            installID: install.id, context: app.presentationContext, style: style)
        instance.selectedEntry = entry
        instance.liveEntry = style == .transcript ? entry : nil
        self.adopt(instance)
        let event: HostAction
        if style == .transcript {
            event = self.outbox.record(
                .liveBubble, now: now, device: device, app: app.bundleID, conversation: conversation,
                instance: instance.id, detail: "entry \(entry ?? 0)")
        } else {
            self.screens.present(instance.id)
            event = self.outbox.record(
                .opened, now: now, device: device, app: app.bundleID, conversation: conversation, instance: instance.id,
                detail: style.rawValue)
        }
        let coldStart = self.enqueue(
            instance.coldStart(
                activation: try self.activationBody(instance), offering: self.settings.liveBubbleSize.value),
            on: instance.id, now: now)
        return (instance.id, Outcome(launched + [event] + coldStart, [instance.id]))
    }

    /// A new instance, served by its process.
    mutating func adopt(_ instance: Instance) {
        self.screens.add(instance)
        self.processes.adopt(instance.id, by: instance.launchID)
    }

    /// `willBecomeActive`/`didBecomeActive`/`willResignActive`/`didResignActive` body.
    func activationBody(_ instance: Instance) throws(HistoryUnreadable) -> OutboundBody {
        .activation(
            ActivationBody(
                instance: instance.id, conversation: try self.rendering.conversationValue(for: instance),
                presentationStyle: instance.style, presentationContext: instance.context))
    }

    // MARK: Resigning

    /// Starts the resign sequence (SPEC §3): viewWillDisappear → viewDidDisappear →
    /// willResignActive → didResignActive. The instance stops being visible at once.
    mutating func resign(_ instanceID: String, now: Instant) throws(HistoryUnreadable) -> Outcome {
        guard var instance = self.screens[instanceID],
            let callbacks = try instance.resign(activation: self.activationBody)
        else { return Outcome([], [instanceID]) }
        self.screens[instanceID] = instance
        self.screens.stopPresenting(instanceID)
        var actions: [HostAction] = [
            self.outbox.record(
                .closed, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                instance: instanceID)
        ]
        actions += self.screens.clearView(of: instance, outbox: &self.outbox, now: now)
        return Outcome(actions + self.enqueue(callbacks, on: instanceID, now: now), [instanceID])
    }

    // MARK: Showing a conversation

    /// The device shows `conversation` (nil: none). Leaving a conversation resigns the app
    /// presented in it and tears down its live bubbles; arriving marks messages seen and starts
    /// the live bubbles' instances.
    mutating func show(device: String, conversation: String?, now: Instant) throws(HistoryUnreadable) -> Outcome {
        var outcome = Outcome()
        for id in self.screens.leaving(device: device, for: conversation) { outcome += try self.resign(id, now: now) }
        self.screens.show(conversation, on: device)
        if let conversation {
            outcome.actions += try self.world.markSeen(
                device: device, conversation: conversation, expiryMs: self.settings.expiryMs, now: now)
            outcome += try self.reconcileLiveInstances(device: device, conversation: conversation, now: now)
        }
        return outcome
    }

    /// One transcript-style instance per live-layout bubble on screen (among the newest
    /// `settings.entriesOnScreen` entries, as Messages draws only what is visible), where the
    /// device can run them (iOS 11 and later, app installed, not quarantined); instances whose
    /// bubble went away or scrolled off resign. So a long history costs nothing here.
    mutating func reconcileLiveInstances(device deviceID: String, conversation: String, now: Instant)
        throws(HistoryUnreadable) -> Outcome
    {
        var outcome = Outcome()
        guard self.screens.showing[deviceID] == conversation, let device = self.world.devices[deviceID] else {
            return outcome
        }
        // Only live-layout bubbles can have a live instance, so their index stands for every bubble.
        let onScreen = try self.world.liveBubbles(
            device: deviceID, conversation: conversation, onScreen: self.settings.entriesOnScreen)
        let (gone, undrawn) = self.screens.liveBubbleChanges(
            device: deviceID, conversation: conversation, onScreen: onScreen)
        for id in gone { outcome += try self.resign(id, now: now) }
        guard device.platform.runsLiveLayouts else { return outcome }
        for entry in undrawn {
            guard let message = try self.world.message(entry.messageID), let app = message.app,
                let descriptor = self.apps[app],
                case .live = message.message?.layout, let install = self.world.install(device: deviceID, app: app),
                !self.processes.isQuarantined(ProcessKey(device: deviceID, app: app))
            else { continue }
            outcome += try self.start(
                app: descriptor, install: install, device: deviceID, conversation: conversation, style: .transcript,
                selecting: entry.id, now: now
            ).1
        }
        return outcome
    }

    // MARK: Taps and the chevron

    /// The user taps a bubble (SPEC §3, §5 fallbacks).
    mutating func tap(_ request: TapRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(request.device)
        let conversation = try self.world.memberConversation(request.conversation, of: device)
        guard let entry = try reading(self.world.entry(request.entry, device: device.id, conversation: conversation.id))
        else {
            throw .control(
                .notFound, "no entry \(request.entry) in \(conversation.id) on \(device.id) (see `transcript`)")
        }
        var shown = try reading(self.show(device: device.id, conversation: conversation.id, now: now))
        let message = try reading(self.world.message(entry.messageID))
        let appID = message?.app ?? ""
        let result: TapResult
        switch BubbleTap.decide(
            entry, message: message, on: device, install: self.world.install(device: device.id, app: appID),
            app: self.apps[appID])
        {
        case .nothing(let reason):
            result = TapResult(action: "none", reason: reason)
        case .openURL(let url):
            shown.actions.append(
                self.outbox.record(
                    .openedURL, now: now, device: device.id, app: appID, conversation: conversation.id, detail: url))
            result = TapResult(action: "openedURL", url: url)
        case .parentApp(let app, let install):
            guard let message else { return [] }
            let (instanceID, opened) = try self.openInParentApp(
                message, app: app, install: install, device: device.id, now: now)
            (result, shown) = (
                TapResult(action: "openedParentApp", instance: instanceID, url: message.message?.url), shown + opened
            )
        case .app(let app, let install):
            try self.requireNotQuarantined(device: device.id, app: appID)
            if let open = self.screens.activeMain(device: device.id, app: appID, conversation: conversation.id) {
                (result, shown) = (
                    TapResult(action: "selected", instance: open.id),
                    shown + Outcome(try reading(self.select(entry.id, on: open.id, now: now)), [open.id])
                )
            } else {
                let (instanceID, launched) = try reading(
                    self.launchMain(
                        app: app, install: install, device: device.id, conversation: conversation.id, style: .expanded,
                        selectedEntry: entry.id, now: now))
                (result, shown) = (TapResult(action: "selected", instance: instanceID), shown + launched)
            }
        }
        return self.reply(to: to, .tapped(result), after: shown, now: now)
    }

    /// A bubble tapped while the app is active: willTransition(expanded) → willSelect →
    /// didSelect → didTransition(expanded) from compact; only the selection when already
    /// expanded, and nothing when that message is already selected.
    mutating func select(_ entry: Int, on instanceID: String, now: Instant) throws(HistoryUnreadable) -> [HostAction] {
        guard var instance = self.screens[instanceID] else { return [] }
        let callbacks = try instance.select(entry) { selected throws(HistoryUnreadable) in
            guard
                let stored = try self.world.message(
                    try self.world.entry(entry, device: selected.device, conversation: selected.conversation)?.messageID
                        ?? "")
            else { return [] }
            return [
                try self.rendering.messageCallback(.willSelect, stored, to: selected),
                try self.rendering.messageCallback(.didSelect, stored, to: selected),
            ]
        }
        self.screens[instanceID] = instance
        return self.enqueue(callbacks, on: instanceID, now: now)
    }

    /// The chevron, or `requestPresentationStyle` (`Instance.transition`).
    mutating func transition(_ instanceID: String, to style: PresentationStyle, now: Instant) -> [HostAction] {
        guard var instance = self.screens[instanceID] else { return [] }
        let callbacks = instance.transition(to: style)
        guard !callbacks.isEmpty else { return [] }
        self.screens[instanceID] = instance
        return [
            self.outbox.record(
                .transition, now: now, device: instance.device, app: instance.app, instance: instanceID,
                detail: style.rawValue)
        ]
            + self.enqueue(callbacks, on: instanceID, now: now)
    }
}

extension Platform {
    /// iOS 11 added live layouts; older systems draw the alternate layout.
    var runsLiveLayouts: Bool { self == .ios11 || self == .ios17 }
    /// Where an installed iMessage app can run at all.
    var runsExtensions: Bool { self == .ios10 || self == .ios11 || self == .ios17 }
}
