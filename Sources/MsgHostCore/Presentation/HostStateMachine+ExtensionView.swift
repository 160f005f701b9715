import HashTreeCollections
import MsgHostProtocol

/// What an extension shows (PROTOCOL.md §4.4 "setView", §7 `view` and `activate`): the main
/// instance of the open app describes its view; a front end draws it, and activating one of its
/// buttons is a user touch like control `touch`, so the direct-send rules hold unchanged.
/// `ExtensionView` and `ViewValidation` hold the rules; this routes requests and checks to them.
extension HostStateMachine {
    /// `setView`: only the presented main instance may set one; its images are checked and
    /// stored like a layout image before the view replaces the old one.
    mutating func setViewRequest(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant)
        throws(WireError) -> [HostAction]
    {
        let body = try request.decoded(SetViewBody.self)
        let instance = try self.screens.instance(body.instance, of: process)
        try ExtensionView.requireOwner(instance, isPresented: self.screens.presented[instance.device] == instance.id)
        let images = try ViewValidation.validate(body.view, frameCount: request.buffers.count)
        guard let serial = self.screens[instance.id]?.view.take() else { return [] }
        guard !images.isEmpty else {
            return self.applyView(
                body.view, serial: serial, to: instance, process: process, route: route, requestID: request.id, now: now
            )
        }
        let checks = images.map { FileCheck(source: .bytes(request.buffers[$0.frame]), purpose: .viewImage) }
        let pending = PendingRequest(
            launchID: process.launchID, instanceID: instance.id, requestID: request.id, type: .setView,
            content: .view(body.view, serial: serial, imagePaths: images.map(\.path)))
        return try reading(self.park(pending, checks: checks, alternateFilename: nil, now: now))
    }

    /// The shell looked at a parked `setView`'s images: a refused one names its element.
    mutating func viewFilesChecked(_ request: PendingRequest, results: [FileCheckResult], now: Instant) -> [HostAction]
    {
        guard case .view(let view, let serial, let paths) = request.content,
            let process = self.processes[request.launchID], let route = process.route,
            let instance = self.screens[request.instanceID]
        else { return [] }
        do {
            let images = try ExtensionView.storedImages(results, paths: paths, url: self.rendering.fileURL)
            // It may have resigned while its images were looked at.
            try ExtensionView.requireOwner(
                instance, isPresented: self.screens.presented[instance.device] == instance.id)
            return self.applyView(
                view.replacingImages(with: images), serial: serial, to: instance, process: process, route: route,
                requestID: request.requestID, now: now)
        } catch {
            return self.outbox.requestRefused(
                .setView, error, process: process, route: route, instance: instance, requestID: request.requestID,
                now: now)
        }
    }

    private mutating func applyView(
        _ view: ViewValue, serial: Int, to instance: Instance, process: ExtensionProcess, route: [UInt8],
        requestID: String, now: Instant
    ) -> [HostAction] {
        var actions: [HostAction] = []
        if self.screens[instance.id]?.view.apply(view, serial: serial) == true {
            actions.append(
                self.outbox.record(
                    .viewChanged, now: now, device: instance.device, app: instance.app,
                    conversation: instance.conversation,
                    instance: instance.id, elements: view.flattened().count))
        }
        let reply = self.outbox.extensionReply(to: route, replyTo: requestID, .ok, key: process.token, now: now)
        return actions + [reply]
    }

    /// `activate`: the user activates a button of the open app's view, a touch (as control
    /// `touch`) whose callback carries the button's payload, its id and every input's value.
    mutating func activate(_ request: ActivateRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let instance = try self.touchable(device: request.device, action: "activate")
        return self.userTouch(try instance.view.touch(request, on: instance), on: instance, to: to, now: now)
    }

    /// `tapScreen`: the user taps the open app's own screen at a point, a touch (as control
    /// `touch`) whose callback carries the point, for the app's views to hit-test.
    mutating func tapScreen(_ request: TapScreenRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let instance = try self.touchable(device: request.device, action: "tapScreen")
        return self.userTouch(try instance.view.screenTouch(request, on: instance), on: instance, to: to, now: now)
    }

    /// The app a user can touch on `device` (`Screens.touchable`).
    func touchable(device: String, action: String) throws(WireError) -> Instance {
        try self.screens.touchable(device: try self.world.device(device).id, action: action)
    }

    /// A point as a person writes it: `12, 40.5`.
    private static func place(_ point: ScreenPoint) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
        }
        return "\(number(point.x)), \(number(point.y))"
    }

    /// What a touch's event says of it: the button, or where on the screen (a tap, a long
    /// press, or a drag from one point to another).
    private static func detail(of touch: TouchBody) -> String? {
        if let button = touch.button { return "button \(button)" }
        guard let point = touch.point else { return nil }
        if let to = touch.to { return "screen drag from \(Self.place(point)) to \(Self.place(to))" }
        return "screen at \(Self.place(point))\(touch.long == true ? ", long" : "")"
    }

    /// A user touch (`touch`, `activate`, `tapScreen`; a drag is one touch): the callback arms
    /// one send when it reaches the view (see `pump`); the reply waits until it is acknowledged.
    mutating func userTouch(_ touch: TouchBody, on instance: Instance, to: ControlRequestRef, now: Instant)
        -> [HostAction]
    {
        let detail = Self.detail(of: touch)
        return [
            self.outbox.record(
                .touch, now: now, device: instance.device, app: instance.app, instance: instance.id, detail: detail)
        ]
            + self.enqueue([(.touch, .touch(touch))], on: instance.id, now: now)
            + self.reply(to: to, .empty, after: [instance.id], now: now)
    }
}
