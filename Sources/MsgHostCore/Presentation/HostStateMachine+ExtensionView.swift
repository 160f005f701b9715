import HashTreeCollections
import MsgHostProtocol

/// What an extension shows (PROTOCOL.md §4.4 "setView", §7 `view` and `activate`): the main
/// instance of the open app describes its view; a front end draws it, and activating one of its
/// buttons is a user touch like control `touch`, so the direct-send rules hold unchanged.
extension HostStateMachine {
    // MARK: setView

    /// `setView`: only the presented main instance may set one; its images are checked and
    /// stored like a layout image before the view replaces the old one.
    mutating func setViewRequest(_ request: InboundRequest, process: ExtensionProcess, route: [UInt8], now: Instant) throws(WireError) -> [HostAction] {
        let body = try request.decoded(SetViewBody.self)
        let instance = try self.instance(body.instance, of: process)
        try self.requireViewOwner(instance)
        let images = try ViewValidation.validate(body.view, frameCount: request.buffers.count)
        self.screens[instance.id]!.viewRequests += 1
        let serial = self.screens[instance.id]!.viewRequests
        guard !images.isEmpty else {
            return self.applyView(body.view, serial: serial, to: instance.id, process: process, route: route, requestID: request.id, now: now)
        }
        let checks = images.map { FileCheck(source: .bytes(request.buffers[$0.frame]), purpose: .viewImage) }
        let pending = PendingRequest(launchID: process.launchID, instanceID: instance.id, requestID: request.id, type: .setView,
                                     content: .view(body.view, serial: serial, imagePaths: images.map(\.path)))
        return self.park(pending, checks: checks, alternateFilename: nil, now: now)
    }

    /// The shell looked at a parked `setView`'s images: a refused one names its element.
    mutating func viewFilesChecked(_ request: PendingRequest, results: [FileCheckResult], now: Instant) -> [HostAction] {
        guard case .view(let view, let serial, let paths) = request.content,
              let process = self.processes[request.launchID], let route = process.route, let instance = self.screens[request.instanceID]
        else { return [] }
        func refuse(_ error: WireError) -> [HostAction] {
            self.refuseRequest(.setView, error, process: process, route: route, instance: instance, requestID: request.requestID, now: now)
        }
        var images: [FrameReference] = []
        for (result, path) in zip(results, paths) {
            switch result {
            case .accepted(let file): images.append(FrameReference(url: self.rendering.fileURL(file)))
            case .refused(let error):
                return refuse(WireError(domain: error.domain, code: error.code, name: error.name, description: "\(path): \(error.description)"))
            }
        }
        do {
            // It may have resigned while its images were looked at.
            try self.requireViewOwner(instance)
        } catch {
            return refuse(error)
        }
        return self.applyView(view.replacingImages(with: images), serial: serial, to: instance.id, process: process, route: route, requestID: request.requestID, now: now)
    }

    /// A transcript-style instance draws a bubble, not the app's area; one that is not
    /// presented has nowhere to show a view.
    private func requireViewOwner(_ instance: Instance) throws(WireError) {
        guard instance.style != .transcript else {
            throw .messages(.apiUnavailableInPresentationContext,
                            "setView: instance \"\(instance.id)\" draws a live bubble (transcript style); only the main instance (compact or expanded) has a view")
        }
        guard instance.phase == .active, self.screens.presented[instance.device] == instance.id else {
            throw .messages(.sendWhileNotVisible, "setView: instance \"\(instance.id)\" is not the app presented on \(instance.device)")
        }
    }

    private mutating func applyView(_ view: ViewValue, serial: Int, to instanceID: String, process: ExtensionProcess, route: [UInt8], requestID: String, now: Instant) -> [HostAction] {
        var actions: [HostAction] = []
        if let instance = self.screens[instanceID], serial > instance.viewApplied {
            self.screens[instanceID]!.view = view.elements.isEmpty ? nil : view
            self.screens[instanceID]!.viewApplied = serial
            actions.append(self.record(.viewChanged, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                                       instance: instanceID, elements: view.flattened().count))
        }
        let (_, reply) = self.extensionMessage(to: route, type: ReplyType.name, replyTo: requestID, body: .ok, key: process.token, now: now)
        return actions + [reply]
    }

    /// The instance resigns or its process ended: its view goes with it.
    mutating func clearView(of instance: Instance, now: Instant) -> [HostAction] {
        guard instance.view != nil else { return [] }
        self.screens[instance.id]?.view = nil
        return [self.record(.viewChanged, now: now, device: instance.device, app: instance.app, conversation: instance.conversation, instance: instance.id, elements: 0)]
    }

    // MARK: Control

    /// `activate`: the user activates a button of the open app's view, a touch (as control
    /// `touch`) whose callback carries the button's payload, its id and every input's value.
    mutating func activate(_ request: ActivateRequest, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        let instance = try self.touchable(device: request.device, action: "activate")
        guard let view = instance.view else {
            throw .control(.invalidState, "\(instance.app) on \(instance.device) has set no view (setView), so it has no button \"\(request.button)\"")
        }
        let elements = view.flattened()
        var buttons: [String: (payload: JSONValue?, enabled: Bool)] = [:]
        for case .button(let id, _, let payload, let enabled) in elements { buttons[id] = (payload, enabled ?? true) }
        guard let button = buttons[request.button] else {
            let known = buttons.keys.sorted().joined(separator: ", ")
            throw .control(.invalidRequest, "button: the view of \(instance.app) on \(instance.device) has no button \"\(request.button)\" (its buttons: \(known.isEmpty ? "none" : known))")
        }
        guard button.enabled else {
            throw .control(.invalidRequest, "button: \"\(request.button)\" is disabled in the view of \(instance.app) on \(instance.device)")
        }
        // Every input's value (text field, choice, toggle, date), as the view left it unless named.
        let inputs = ViewInput.inputs(of: view)
        var fields = inputs.mapValues(\.initialValue)
        for (id, value) in (request.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let input = inputs[id] else {
                let known = inputs.keys.sorted().joined(separator: ", ")
                throw .control(.invalidRequest, "fields.\(id): not a text field or other input of the view of \(instance.app) on \(instance.device) (its inputs: \(known.isEmpty ? "none" : known))")
            }
            if let problem = input.problem(with: value) { throw .control(.invalidRequest, "fields.\(id) \(problem)") }
            fields[id] = value
        }
        let touch = TouchBody(instance: instance.id, payload: button.payload ?? .null, button: request.button, fields: fields)
        return self.userTouch(touch, on: instance, client: client, requestID: requestID, now: now)
    }

    /// The app a user can touch on `device`: presented, active, in the conversation shown.
    func touchable(device: String, action: String) throws(WireError) -> Instance {
        _ = try self.world.device(device)
        guard let instanceID = self.screens.presented[device], let instance = self.screens[instanceID], self.isVisible(instance) else {
            throw .control(.invalidState, "no app is open on \(device) to \(action)")
        }
        return instance
    }

    /// A user touch (`touch`, `activate`): the callback arms one send when it reaches the view
    /// (see `pump`); the reply waits until it is acknowledged.
    mutating func userTouch(_ touch: TouchBody, on instance: Instance, client: [UInt8], requestID: String, now: Instant) -> [HostAction] {
        [self.record(.touch, now: now, device: instance.device, app: instance.app, instance: instance.id, detail: touch.button.map { "button \($0)" })]
            + self.enqueue([(.touch, .touch(touch))], on: instance.id, now: now)
            + self.reply(to: client, requestID: requestID, result: .empty, after: [instance.id], now: now)
    }
}
