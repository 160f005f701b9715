import HashTreeCollections
import MsgHostProtocol

/// What the emulated user does on a device (SPEC §3, §4): open an app from the drawer, touch
/// it, close it, tap a bubble, the chevron, show a conversation, the input field, a view's
/// buttons, keeping an expiring message. A request that causes callbacks is answered once
/// every one of them was acknowledged (`reply(…after:)`).
extension HostStateMachine {
    mutating func act(_ request: UserRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        switch request {
        case .open(let body):
            return try self.open(body, to: to, now: now)
        case .close(let body):
            let open = try self.screens.open(on: try self.world.device(body.device).id, activeOnly: false)
            return self.reply(to: to, .empty, after: try reading(self.resign(open.id, now: now)), now: now)
        case .touch(let body):
            var instance = try self.parentAppTouchable(device: body.device)
            if instance == nil { instance = try self.touchable(device: body.device, action: "touch") }
            guard let instance else { return [] }
            return self.userTouch(
                TouchBody(instance: instance.id, payload: body.payload ?? .null), on: instance, to: to, now: now)
        case .tap(let body):
            _ = try ControlRange.entryID.check(body.entry, "entry")
            return try self.tap(body, to: to, now: now)
        case .chevron(let body):
            let open = try self.screens.open(on: try self.world.device(body.device).id, activeOnly: true)
            let style: PresentationStyle = open.style == .compact ? .expanded : .compact
            return self.transition(open.id, to: style, now: now)
                + self.reply(
                    to: to, .opened(OpenResult(instance: open.id, presentationStyle: style)), after: [open.id], now: now
                )
        case .show(let body):
            let device = try self.world.device(body.device)
            if let conversation = body.conversation {
                _ = try self.world.memberConversation(conversation, of: device, readOnly: true)
            }
            let outcome = try reading(self.show(device: device.id, conversation: body.conversation, now: now))
            return self.reply(to: to, .empty, after: outcome, now: now)
        case .typeText(let body):
            return self.ok(
                .empty,
                persisting: try self.world.type(body.text, device: body.device, conversation: body.conversation),
                to: to, now: now)
        case .send(let body):
            return try self.sendInputField(body, to: to, now: now)
        case .cancel(let body):
            return try self.cancelInputField(body, to: to, now: now)
        case .inputField(let body):
            return self.ok(.inputField(try self.observer.inputField(body)), to: to, now: now)
        case .activate(let body):
            return try self.activate(body, to: to, now: now)
        case .tapScreen(let body):
            return try self.tapScreen(body, to: to, now: now)
        case .keep(let body):
            return self.ok(
                .empty,
                persisting: try self.world.keep(body.entry, device: body.device, conversation: body.conversation),
                to: to, now: now)
        }
    }

    /// The user opens `app` from the drawer of `device` in `conversation`: compact, cold start
    /// order (SPEC §3); a no-op if it is already open there.
    private mutating func open(_ request: OpenRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let device = try self.world.device(request.device)
        let conversation = try self.world.memberConversation(request.conversation, of: device)
        try self.requireApp(request.app)
        guard device.platform.runsExtensions else {
            throw .control(.invalidState, "\(device.id) runs \(device.platform.rawValue), which has no iMessage apps")
        }
        guard let install = self.world.install(device: device.id, app: request.app), let app = self.apps[request.app]
        else {
            throw .control(.notFound, "\(request.app) is not installed on \(device.id)")
        }
        try self.requireNotQuarantined(device: device.id, app: request.app)
        if let open = self.screens.activeMain(device: device.id, app: request.app, conversation: conversation.id) {
            return self.reply(
                to: to, .opened(OpenResult(instance: open.id, presentationStyle: open.style)), after: [open.id],
                now: now)
        }
        let (instanceID, outcome) = try reading(
            self.launchMain(
                app: app, install: install, device: device.id, conversation: conversation.id, style: .compact,
                selectedEntry: nil, now: now))
        return self.reply(
            to: to, .opened(OpenResult(instance: instanceID, presentationStyle: .compact)), after: outcome, now: now)
    }
}
