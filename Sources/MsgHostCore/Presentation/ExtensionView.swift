import MsgHostProtocol

/// The view an instance shows (PROTOCOL.md §4.4 "setView", §7 `view` and `activate`): who may
/// set one, which of two racing `setView`s wins, and what activating one of its buttons
/// delivers to the app.
///
/// A `setView` whose images the shell must look at is parked; one sent after it that needed no
/// look may be applied first. Each request therefore takes a serial as it arrives, and only a
/// newer serial than the one applied replaces the view, so the app's last word stands. The
/// view is current state, not history: kept in memory only, and cleared as the instance
/// resigns or its process ends.
struct ExtensionView: Sendable {
    /// What the instance shows; nil before its first `setView`, after an empty one, or cleared.
    private(set) var current: ViewValue?
    /// `setView` requests taken, and the newest applied.
    private var taken = 0
    private var applied = 0

    /// A `setView` request arrives: its serial, in arrival order.
    mutating func take() -> Int {
        self.taken += 1
        return self.taken
    }

    /// The view of request `serial` replaces the current one unless a later request's already
    /// did (an empty view shows nothing). True when it was applied.
    mutating func apply(_ view: ViewValue, serial: Int) -> Bool {
        guard serial > self.applied else { return false }
        self.current = view.elements.isEmpty ? nil : view
        self.applied = serial
        return true
    }

    /// The instance resigns or its process ended: its view goes with it. True when there was one.
    mutating func clear() -> Bool {
        guard self.current != nil else { return false }
        self.current = nil
        return true
    }

    /// Whether `instance` may set a view: a transcript-style instance draws a bubble, not the
    /// app's area, and one that is not presented (`isPresented`: on its device) has nowhere to
    /// show one.
    static func requireOwner(_ instance: Instance, isPresented: Bool) throws(WireError) {
        guard instance.style != .transcript else {
            throw .messages(
                .apiUnavailableInPresentationContext,
                "setView: instance \"\(instance.id)\" draws a live bubble (transcript style); only the main instance (compact or expanded) has a view"
            )
        }
        guard instance.isActive, isPresented else {
            throw .messages(
                .sendWhileNotVisible,
                "setView: instance \"\(instance.id)\" is not the app presented on \(instance.device)")
        }
    }

    /// The shell looked at a parked view's images (one result each, `paths` naming their
    /// elements): the stored files' URLs (`url`), in document order, or the first refusal with
    /// its element's path in front, so the app learns which image was at fault.
    static func storedImages(_ results: [FileCheckResult], paths: [String], url: (StoredFile) -> String)
        throws(WireError) -> [FrameReference]
    {
        var images: [FrameReference] = []
        for (result, path) in zip(results, paths) {
            switch result {
            case .accepted(let file): images.append(FrameReference(url: url(file)))
            case .refused(let error):
                throw WireError(
                    domain: error.domain, code: error.code, name: error.name,
                    description: "\(path): \(error.description)")
            }
        }
        return images
    }

    /// `activate` on `instance` (which shows this view): the touch it sends the app, carrying
    /// the button's payload, its id and every input's value — as the view left it unless
    /// `fields` names it, in which case the value must suit its input. A missing or disabled
    /// button, or a field that is no input, is the control client's mistake (`invalidRequest`).
    func touch(_ request: ActivateRequest, on instance: Instance) throws(WireError) -> TouchBody {
        let (app, device) = (instance.app, instance.device)
        guard let view = self.current else {
            throw .control(
                .invalidState,
                "\(app) on \(device) has set no view (setView), so it has no button \"\(request.button)\"")
        }
        var buttons: [String: (payload: JSONValue?, enabled: Bool)] = [:]
        for case .button(let id, _, let payload, let enabled) in view.flattened() {
            buttons[id] = (payload, enabled ?? true)
        }
        guard let button = buttons[request.button] else {
            throw .control(
                .invalidRequest,
                "button: the view of \(app) on \(device) has no button \"\(request.button)\" (its buttons: \(Self.list(buttons.keys)))"
            )
        }
        guard button.enabled else {
            throw .control(
                .invalidRequest, "button: \"\(request.button)\" is disabled in the view of \(app) on \(device)")
        }
        let inputs = ViewInput.inputs(of: view)
        var fields = inputs.mapValues(\.initialValue)
        for (id, value) in (request.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let input = inputs[id] else {
                throw .control(
                    .invalidRequest,
                    "fields.\(id): not a text field or other input of the view of \(app) on \(device) (its inputs: \(Self.list(inputs.keys)))"
                )
            }
            if let problem = input.problem(with: value) { throw .control(.invalidRequest, "fields.\(id) \(problem)") }
            fields[id] = value
        }
        return TouchBody(
            instance: instance.id, payload: button.payload ?? .null, button: request.button, fields: fields)
    }

    /// `tapScreen` on `instance`: the touch it sends the app, with the point (on the screen
    /// the view shows), whether it was long, and what is typed after it; or, with `to`, the
    /// drag from the point to `to` and its moves. A view without a screen, a point off it, or
    /// a drag that is also long or typed into is the control client's mistake.
    func screenTouch(_ request: TapScreenRequest, on instance: Instance) throws(WireError) -> TouchBody {
        let (app, device) = (instance.app, instance.device)
        guard let view = self.current,
            case .screen(_, let width, let height, _)? = view.elements.first(where: {
                if case .screen = $0 { true } else { false }
            })
        else {
            throw .control(
                .invalidState,
                "\(app) on \(device) shows no screen of its own (no UIKit view drawn), so it cannot be tapped at a point; its view's buttons are activated with activate"
            )
        }
        var coordinates = [(request.x, "x", width), (request.y, "y", height)]
        if let to = request.to { coordinates += [(to.x, "to.x", width), (to.y, "to.y", height)] }
        for (value, name, side) in coordinates where !(value.isFinite && value >= 0 && value < Double(side)) {
            throw .control(
                .invalidRequest,
                "\(name): the screen of \(app) on \(device) is \(width)×\(height) points; \(name) must be from 0 to below \(side), got \(value)"
            )
        }
        if let text = request.text, text.count > ViewValidation.maxTextCharacters {
            throw .control(
                .invalidRequest, "text is \(text.count) characters; at most \(ViewValidation.maxTextCharacters)")
        }
        let point = ScreenPoint(x: request.x, y: request.y)
        guard let to = request.to else {
            if let steps = request.steps {
                throw .control(.invalidRequest, "steps: \(steps) moves of a drag, but there is no drag without to")
            }
            return TouchBody(
                instance: instance.id, payload: .null, point: point, long: request.long, text: request.text)
        }
        if request.long == true {
            throw .control(.invalidRequest, "long: a drag (to) is not a long press; drop long or to")
        }
        if request.text != nil {
            throw .control(.invalidRequest, "text: nothing is typed after a drag (to); tap the field, then type")
        }
        let steps = request.steps ?? TapScreenRequest.defaultDragSteps
        guard TapScreenRequest.dragSteps.contains(steps) else {
            throw .control(
                .invalidRequest,
                "steps: a drag makes from \(TapScreenRequest.dragSteps.lowerBound) to \(TapScreenRequest.dragSteps.upperBound) moves, got \(steps)"
            )
        }
        return TouchBody(instance: instance.id, payload: .null, point: point, to: to, steps: steps)
    }

    /// Ids for an error, sorted; "none" when there are none.
    private static func list(_ ids: some Collection<String>) -> String {
        ids.isEmpty ? "none" : ids.sorted().joined(separator: ", ")
    }
}
