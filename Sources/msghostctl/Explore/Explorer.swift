import Foundation
import MsgHostControl
import MsgHostProtocol

/// The explorer's run: step after step, a random but legal action of the user or the admin,
/// chosen by the seed from what the world shows now (the apps open and their views and
/// screens, the input fields, the transcripts), made through the control API on a daemon with
/// the manual clock; after each, the daemon settles and its events are read for findings.
///
/// The same seed, build and world make the same choices: the state the choice reads is what
/// the daemon answers after settling, which on the manual clock depends on nothing else.
final class Explorer {
    struct Options {
        var seed: UInt64
        var steps: Int
        var seconds: Double?
        var app: String?
        var weights: [ExploreKind: Int]
        /// Stop at the first finding (else go on and report them all).
        var stopAtFirst = true
        var invariants: ExploreInvariants? = nil
        /// Stop once every situation the user's actions can bring about was reached.
        var untilCovered = false
    }

    struct Outcome {
        var steps: [ExploreStep]
        var findings: [ExploreFinding]
        var coverage: SituationCoverage
    }

    private let client: ControlClient
    private let options: Options
    private var random: ExploreRandom
    private var world: WorldResult
    private let player: ExplorePlayer
    /// The devices whose messages are held now.
    private var held: Set<String> = []

    init(client: ControlClient, options: Options) throws {
        self.client = client
        self.options = options
        self.random = ExploreRandom(seed: options.seed)
        self.world = try client.request(.world, as: WorldResult.self)
        if let app = options.app, !self.world.apps.contains(where: { $0.bundleID == app }) {
            throw ExploreError(
                "--app \(app): the world has no such app (its apps: \(self.world.apps.map(\.bundleID).joined(separator: ", ")))"
            )
        }
        self.player = try ExplorePlayer(client: client, invariants: options.invariants)
    }

    func run(report: (ExploreStep, Int) -> Void = { _, _ in }) throws -> Outcome {
        var steps: [ExploreStep] = []
        var findings: [ExploreFinding] = []
        let started = Date()
        while steps.count < self.options.steps {
            if let seconds = self.options.seconds, Date().timeIntervalSince(started) >= seconds { break }
            if self.options.untilCovered && self.player.coverage.missing.isEmpty { break }
            guard let chosen = try self.choose() else { break }
            // Before time ends a closed app's process: open it once more, to see the state it
            // kept, which it must show again after (ExploreScreens).
            // Then, once time has ended it, open it again: a cold launch at the same point.
            let probed = self.probes(before: chosen)
            var queue = probed.flatMap(Self.probe) + [chosen]
            var relaunched = false
            while !queue.isEmpty {
                let step = queue.removeFirst()
                steps.append(step)
                report(step, steps.count)
                try self.take(step)
                let found = try self.findings(step, number: steps.count)
                findings += found
                if !found.isEmpty && self.options.stopAtFirst {
                    return Outcome(steps: steps, findings: findings, coverage: self.player.coverage)
                }
                if queue.isEmpty && !relaunched {
                    relaunched = true
                    queue = self.player.relaunches(of: probed).map(Self.relaunch)
                }
            }
        }
        return Outcome(steps: steps, findings: findings, coverage: self.player.coverage)
    }

    /// The closed apps to open once more before `step` ends them: every one before time moves
    /// past a grace, the one whose process a critical memory pressure ends.
    private func probes(before step: ExploreStep) -> [(device: String, app: String, conversation: String)] {
        switch step.kind {
        case .advanceClock where step.milliseconds >= 500: return self.player.probes()
        case .memory where step.ends != nil:
            return self.player.probes().filter { $0.device == step.device && $0.app == step.ends }
        default: return []
        }
    }

    // MARK: Taking a step

    private func take(_ step: ExploreStep) throws {
        try self.player.take(step)
        if step.kind == .reinstall || step.kind == .member {
            self.world = try self.client.request(.world, as: WorldResult.self)
        }
        if step.kind == .hold, let device = step.device { self.held.insert(device) }
        if step.kind == .release, let device = step.device { self.held.remove(device) }
    }

    private func findings(_ step: ExploreStep, number: Int) throws -> [ExploreFinding] {
        try self.player.findings(after: step, number: number).filter { finding in
            self.options.app.map { finding.app == nil || finding.app == $0 } ?? true
        }
    }

    /// Opening the app where it was last open, and closing it.
    private static func probe(_ place: (device: String, app: String, conversation: String)) -> [ExploreStep] {
        [
            ExploreStep(
                kind: .open,
                requests: [
                    .init(
                        command: .open,
                        body: WireJSON.encode(
                            OpenRequest(device: place.device, conversation: place.conversation, app: place.app)))
                ],
                device: place.device,
                opened: .init(device: place.device, app: place.app, conversation: place.conversation),
                summary:
                    "open \(place.app) on \(place.device) in \(place.conversation) (to see what it kept, before time ends it)"
            ),
            ExploreStep(
                kind: .close,
                requests: [.init(command: .close, body: WireJSON.encode(DeviceRequest(device: place.device)))],
                device: place.device,
                summary: "close \(place.app) on \(place.device)"),
        ]
    }

    private static func relaunch(_ place: (device: String, app: String, conversation: String)) -> ExploreStep {
        ExploreStep(
            kind: .open,
            requests: [
                .init(
                    command: .open,
                    body: WireJSON.encode(
                        OpenRequest(device: place.device, conversation: place.conversation, app: place.app)))
            ],
            device: place.device, opened: .init(device: place.device, app: place.app, conversation: place.conversation),
            summary:
                "open \(place.app) on \(place.device) in \(place.conversation) again, launched cold (it must show what it showed)"
        )
    }

    // MARK: Choosing a step

    /// The candidates of every kind now, one kind by weight, then one of its candidates.
    private func choose() throws -> ExploreStep? {
        var candidates: [ExploreKind: [ExploreStep]] = [:]
        var shown: [String: String] = [:]  // the app open on each device
        for device in self.world.devices.sorted(by: { $0.id < $1.id }) {
            let view = try self.client.request(.view, DeviceRequest(device: device.id), as: ViewResult.self)
            shown[device.id] = view.app
            let conversations = self.world.conversations.filter { $0.members.contains(device.owner) }.map(\.id).sorted()
            if let app = view.app {
                candidates[.close, default: []].append(
                    self.step(
                        .close, .close, DeviceRequest(device: device.id), "close \(app) on \(device.id)",
                        device: device.id))
                candidates[.chevron, default: []].append(
                    self.step(
                        .chevron, .chevron, DeviceRequest(device: device.id), "chevron of \(app) on \(device.id)",
                        device: device.id))
                candidates[.activate, default: []] += self.activations(view, device: device.id)
                candidates[.tapScreen, default: []] += self.screenTaps(view, device: device.id)
            } else {
                let installed = self.world.installs.filter {
                    $0.device == device.id && (self.options.app == nil || $0.app == self.options.app)
                }.map(\.app).sorted()
                for app in installed {
                    for conversation in conversations {
                        var open = self.step(
                            .open, .open, OpenRequest(device: device.id, conversation: conversation, app: app),
                            "open \(app) on \(device.id) in \(conversation)", device: device.id)
                        open.opened = .init(device: device.id, app: app, conversation: conversation)
                        candidates[.open, default: []].append(open)
                    }
                }
            }
            for conversation in conversations {
                let field = try self.client.request(
                    .inputField, InputFieldRequest(device: device.id, conversation: conversation),
                    as: InputFieldResult.self)
                if field.staged != nil || !field.text.isEmpty {
                    candidates[.send, default: []].append(
                        self.step(
                            .send, .send, InputFieldRequest(device: device.id, conversation: conversation),
                            "send on \(device.id) in \(conversation)", device: device.id))
                }
                if field.staged != nil {
                    candidates[.cancel, default: []].append(
                        self.step(
                            .cancel, .cancel, InputFieldRequest(device: device.id, conversation: conversation),
                            "cancel the staged item on \(device.id) in \(conversation)", device: device.id))
                }
                let transcript = try self.client.request(
                    .transcript, TranscriptRequest(device: device.id, conversation: conversation, limit: 20),
                    as: TranscriptResult.self)
                let bubbles = transcript.entries.filter {
                    $0.app != nil && (self.options.app == nil || $0.app == self.options.app)
                }
                for fromNewest in bubbles.indices {
                    let bubble = ExploreStep.Bubble(
                        device: device.id, conversation: conversation, fromNewest: fromNewest, app: self.options.app)
                    let place = fromNewest == 0 ? "the newest bubble" : "the bubble \(fromNewest) before the newest"
                    candidates[.tapBubble, default: []].append(
                        ExploreStep(
                            kind: .tapBubble, requests: [], bubble: bubble,
                            summary: "tap \(place) on \(device.id) in \(conversation)"))
                }
            }
            for install in self.world.installs
            where install.device == device.id && (self.options.app == nil || install.app == self.options.app) {
                candidates[.reinstall, default: []].append(
                    ExploreStep(
                        kind: .reinstall,
                        requests: [
                            .init(
                                command: .uninstallApp,
                                body: WireJSON.encode(DeviceAppRequest(device: device.id, app: install.app))),
                            .init(
                                command: .installApp,
                                body: WireJSON.encode(DeviceAppRequest(device: device.id, app: install.app))),
                        ], summary: "reinstall \(install.app) on \(device.id)"))
            }
        }
        for device in self.world.devices.map(\.id).sorted() {
            if self.held.contains(device) {
                for order in ["sent", "reverse"] {
                    candidates[.release, default: []].append(
                        ExploreStep(
                            kind: .release,
                            requests: [
                                .init(
                                    command: .release,
                                    body: WireJSON.encode(ReleaseRequest(device: device, order: order))),
                                .init(
                                    command: .delivery,
                                    body: WireJSON.encode(DeliveryRequest(device: device, hold: false))),
                            ], device: device, summary: "release the messages held for \(device) in \(order) order"))
                }
            } else {
                candidates[.hold, default: []].append(
                    ExploreStep(
                        kind: .hold,
                        requests: [
                            .init(
                                command: .delivery, body: WireJSON.encode(DeliveryRequest(device: device, hold: true)))
                        ],
                        device: device, summary: "hold the messages to \(device)"))
            }
        }
        for conversation in self.world.conversations.sorted(by: { $0.id < $1.id }) {
            for person in self.world.people.map(\.handle).sorted() {
                let member = conversation.members.contains(person)
                guard !member || conversation.members.count > 2 else { continue }
                let command: ControlCommand = member ? .removeMember : .addMember
                candidates[.member, default: []].append(
                    self.step(
                        .member, command, MemberRequest(conversation: conversation.id, person: person),
                        "\(member ? "remove" : "add") \(person) \(member ? "from" : "to") \(conversation.id)"))
            }
        }
        // Asked only when memory steps may be chosen: a status a step for nothing otherwise.
        let running =
            (self.options.weights[.memory] ?? 0) > 0
            ? try self.client.request(.status, as: StatusResult.self).extensions : []
        for running in running.sorted(by: { ($0.device, $0.app) < ($1.device, $1.app) })
        where running.role == nil && running.state == "running"
            && (self.options.app == nil || running.app == self.options.app)
        {
            // A warning at any time; the end only of a process with nothing on screen, as iOS
            // ends a suspended extension for memory (one that shows something and goes past
            // its own limit is the manifest's `memoryLimitMB`).
            for level in shown[running.device] == running.app ? ["warning"] : ["warning", "critical"] {
                var step = self.step(
                    .memory, .memoryPressure,
                    MemoryPressureRequest(device: running.device, app: running.app, level: level),
                    level == "warning"
                        ? "memory warning to \(running.app) on \(running.device)"
                        : "\(running.device) short of memory ends \(running.app)",
                    device: running.device)
                if level == "critical" { step.ends = running.app }
                candidates[.memory, default: []].append(step)
            }
        }
        // A little time, or past the idle timeout: the app is terminated and launched cold next.
        for milliseconds: Int64 in [250, 1_000, 31_000] {
            var advance = self.step(
                .advanceClock, .advanceClock, AdvanceClockRequest(milliseconds: milliseconds),
                "advance the clock \(milliseconds) ms")
            advance.milliseconds = milliseconds
            candidates[.advanceClock, default: []].append(advance)
        }
        let kinds = ExploreKind.allCases.compactMap { kind in
            candidates[kind].flatMap { $0.isEmpty ? nil : (kind, self.options.weights[kind] ?? 0) }
        }
        guard let kind = self.random.weighted(kinds), let choices = candidates[kind] else { return nil }
        return self.random.pick(choices)
    }

    private func step(
        _ kind: ExploreKind, _ command: ControlCommand, _ body: some Encodable, _ summary: String, device: String? = nil
    ) -> ExploreStep {
        ExploreStep(
            kind: kind, requests: [.init(command: command, body: WireJSON.encode(body))], device: device,
            summary: summary)
    }

    /// Texts a user may type: empty, short, a number, an emoji, long.
    static let texts = ["", "a", "Hello", "42", "😀 party", String(repeating: "long ", count: 40)]

    private func activations(_ view: ViewResult, device: String) -> [ExploreStep] {
        var buttons: [String] = []
        var fields: [String] = []
        func walk(_ elements: [ViewElement]) {
            for element in elements {
                switch element {
                case .button(let id, _, _, let enabled) where enabled != false: buttons.append(id)
                case .textField(let id, _, _): fields.append(id)
                case .row(let inner): walk(inner)
                default: continue
                }
            }
        }
        walk(view.view?.elements ?? [])
        return buttons.map { button in
            let typed = Dictionary(uniqueKeysWithValues: fields.map { ($0, self.random.pick(Self.texts)) })
            return self.step(
                .activate, .activate,
                ActivateRequest(device: device, button: button, fields: typed.isEmpty ? nil : typed),
                "activate \(button) on \(device)\(typed.isEmpty ? "" : " typing \(typed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.prefix(12))" }.joined(separator: ", "))")",
                device: device)
        }
    }

    private func screenTaps(_ view: ViewResult, device: String) -> [ExploreStep] {
        // Controls, and what a user can see to tap: a labelled view (a cell), a text, an image.
        return view.screenItems.filter {
            ($0.role != .view || $0.label != nil) && $0.enabled != false && $0.width > 0 && $0.height > 0
        }.map { item in
            let text = item.role == .textField ? self.random.pick(Self.texts) : nil
            let request = TapScreenRequest(
                device: device, x: (item.x + item.width / 2).rounded(), y: (item.y + item.height / 2).rounded(),
                text: text)
            return self.step(
                .tapScreen, .tapScreen, request,
                "tap the \(item.role.rawValue) \(item.label.map { "\"\($0)\"" } ?? "") on \(device)'s screen\(text.map { " typing \($0.prefix(12))" } ?? "")",
                device: device)
        }
    }
}
